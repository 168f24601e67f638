// Which forms silicon has confirmed (vectors/silicon.h), as `gen` writes it in a file's header:
// every legal PTX form on sm_90, the approximations included since S19 follows the H100
// (silicon/results/sm_90/README.md).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "model/isa/ptx.h"
#include "tests/support/form_counts.h"
#include "vectors/silicon.h"
#include "vectors/vector_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

TEST_CASE("silicon: sm_90 confirms every legal PTX form", "[vectors][silicon]") {
  int confirmed = 0;
  for (const auto& form : isa::legal_ptx_forms()) {
    const auto on = silicon_confirmations(form);
    REQUIRE(on.size() == 1);
    CHECK(on[0].sm == "sm_90");
    CHECK(on[0].results == "silicon/results/sm_90/");
    ++confirmed;
  }
  CHECK(confirmed == halfpipe::test::kPtxForms);  // 8 of them tanh.approx and ex2.approx
  // Not a canonical PTX form: no claim.
  CHECK(silicon_confirmations("add.rn.f16").empty());
  CHECK(silicon_confirmations("MAX (16, M1) hf").empty());
}

TEST_CASE("silicon: the header names the confirmed forms of the file, once each, per SM", "[vectors][silicon]") {
  CHECK(silicon_header({"add.f16", "tanh.approx.f16", "add.f16", "fma.rn.bf16x2"}, "#") ==
        "# silicon: sm_90 (silicon/results/sm_90/) confirms add.f16 tanh.approx.f16 fma.rn.bf16x2\n");
  CHECK(silicon_header({"add.rn.f16"}, "//") ==
        "// silicon: no form of this file is confirmed on a GPU yet\n");
}

TEST_CASE("silicon: gen writes the line before the count", "[vectors][silicon]") {
  GenerationRequest request;
  request.forms = {"mul.ftz.f16", "tanh.approx.f16"};
  request.corner = true;
  std::ostringstream out;
  write_vector_file(out, request);
  const std::string text = out.str();
  const auto line =
      text.find("# silicon: sm_90 (silicon/results/sm_90/) confirms mul.ftz.f16 tanh.approx.f16\n# vectors: ");
  CHECK(line != std::string::npos);
}
