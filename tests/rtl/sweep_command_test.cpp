// `halfpipe sweep` as users run it: the closing lines.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/run_halfpipe.h"

using halfpipe::test::run_halfpipe;

namespace {

std::string line_before_last(const std::string& text) {
  const size_t last = text.rfind('\n', text.size() - 2);
  const size_t before = text.rfind('\n', last - 1);
  return text.substr(before + 1, last - before - 1);
}

}  // namespace

// 2 corner values x 2 operands would be too few to say anything; --vector pins the count: 3
// explicit vectors and 5 random ones of a packed form are 8 lane vectors, each counted once.
TEST_CASE("sweep: a coverage summary of the lane vectors run stands before the closing line") {
  const auto r = run_halfpipe(
      "sweep add.f16x2 --vector 3c00,3c00 --vector 0001,8001 --vector 7c00,fc00 --random 5");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.substr(r.output.rfind('\n', r.output.size() - 2) + 1) == "8 passed, 0 failed\n");
  CHECK(line_before_last(r.output).rfind("coverage: 8 vectors, ", 0) == 0);
}

TEST_CASE("sweep: an exhaustive sweep goes without coverage") {
  const auto r = run_halfpipe("sweep neg.f16 --exhaustive");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("coverage:") == std::string::npos);
  CHECK(r.output.find("65536 passed, 0 failed") != std::string::npos);
}
