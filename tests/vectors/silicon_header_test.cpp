// Which forms silicon has confirmed (vectors/silicon.h), as `gen` writes it in a file's header:
// every legal PTX form on sm_90 but tanh.approx and ex2.approx, whose approximation is
// halfpipe's own (S19) and differs from the H100's (silicon/results/sm_90/README.md).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "model/isa/ptx.h"
#include "vectors/silicon.h"
#include "vectors/vector_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

TEST_CASE("silicon: sm_90 confirms every legal PTX form but the approximations", "[vectors][silicon]") {
  int confirmed = 0, approximations = 0;
  for (const auto& form : isa::legal_ptx_forms()) {
    const auto on = silicon_confirmations(form);
    const bool approx = form.rfind("tanh.", 0) == 0 || form.rfind("ex2.", 0) == 0;
    approximations += approx;
    if (approx) {
      CHECK(on.empty());
      continue;
    }
    REQUIRE(on.size() == 1);
    CHECK(on[0].sm == "sm_90");
    CHECK(on[0].results == "silicon/results/sm_90/");
    ++confirmed;
  }
  CHECK(confirmed == 116);  // 124 legal forms less 8 approximation forms (4 tanh, 4 ex2)
  CHECK(approximations == 8);
  // Not a canonical PTX form: no claim.
  CHECK(silicon_confirmations("add.rn.f16").empty());
  CHECK(silicon_confirmations("MAX (16, M1) hf").empty());
}

TEST_CASE("silicon: the header names the confirmed forms of the file, once each, per SM", "[vectors][silicon]") {
  CHECK(silicon_header({"add.f16", "tanh.approx.f16", "add.f16", "fma.rn.bf16x2"}, "#") ==
        "# silicon: sm_90 (silicon/results/sm_90/) confirms add.f16 fma.rn.bf16x2\n");
  CHECK(silicon_header({"ex2.approx.f16"}, "//") ==
        "// silicon: no form of this file is confirmed on a GPU yet\n");
}

TEST_CASE("silicon: gen writes the line before the count", "[vectors][silicon]") {
  GenerationRequest request;
  request.forms = {"mul.ftz.f16", "tanh.approx.f16"};
  request.corner = true;
  std::ostringstream out;
  write_vector_file(out, request);
  const std::string text = out.str();
  const auto line = text.find("# silicon: sm_90 (silicon/results/sm_90/) confirms mul.ftz.f16\n# vectors: ");
  CHECK(line != std::string::npos);
}
