// HALFPIPE_BULK (model/ref/bulk/execute_n.h) as the commands see it: every path gives the same
// output, and a value that is not a path, or a path this CPU lacks, stops the command with exit 2
// before any output, never a silent substitution.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <string>

#include "model/ref/bulk/execute_n.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;

Run run_with_bulk(const char* path, const std::string& args, const std::string& input) {
  setenv("HALFPIPE_BULK", path, 1);
  Run r = halfpipe::test::run_halfpipe(args, input, halfpipe::test::Stderr::Separate);
  unsetenv("HALFPIPE_BULK");
  return r;
}

}  // namespace

// bf16: 0x3f88 * 0x3f88 + 2^-100 rounds up to 0x3f91 (S4, S5); f16: 1.0 + 1.0 = 2.0 on both lanes.
TEST_CASE("HALFPIPE_BULK: eval --batch gives the same lines on every path the CPU has", "[cli][batch]") {
  const std::string input =
      "fma.rn.bf16 0x3f88 0x3f88 0x0d80\nadd.f16x2 3c003c00 3c003c00\nneg.f16 0x7e00\n";
  const std::string expected = "0x3f91\n0x40004000\n0x7fff\n";
  // What each path needs of the CPU, as the refusal names it.
  const std::map<std::string, std::string> needs{
      {"f16c", "AVX2 and F16C"},
      {"avx512", "AVX-512 F, BW and VL"},
      {"avx512fp16", "AVX512-FP16 (with AVX-512 F, BW and VL)"},
  };
  for (const char* path : {"exact", "f16c", "avx512", "avx512fp16", "auto"}) {
    INFO("HALFPIPE_BULK=" << path);
    const auto p = halfpipe::ref::parse_bulk_path(path);
    REQUIRE(p);
    const Run r = run_with_bulk(path, "eval --batch", input);
    if (!halfpipe::ref::bulk_path_supported(*p)) {
      CHECK(r.status == 2);
      CHECK(r.output.empty());
      CHECK(r.error == std::string("halfpipe eval: HALFPIPE_BULK=") + path +
                           ": this CPU does not support that path (it needs " + needs.at(path) +
                           ")\n");
      continue;
    }
    CHECK(r.status == 0);
    CHECK(r.output == expected);
  }
}

TEST_CASE("HALFPIPE_BULK: a value that names no path stops eval --batch with exit 2", "[cli][batch]") {
  const Run r = run_with_bulk("sse", "eval --batch", "add.f16 1 2\n");
  CHECK(r.status == 2);
  CHECK(r.output.empty());
  CHECK(r.error ==
        "halfpipe eval: HALFPIPE_BULK='sse' is not one of auto, exact, f16c, avx512, avx512fp16\n");
}
