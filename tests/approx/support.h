// Shared by the tests of tanh.approx and ex2.approx: running one scalar lane of the instruction,
// the bounds of S20 as the spec states them, and the chip's results as sm_90 measured them.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "model/ref/approx/accuracy.h"
#include "model/ref/execute.h"

namespace halfpipe::approx_test {

using ref::FloatFormat;

inline uint16_t run(Op op, Format format, uint16_t x) {
  return static_cast<uint16_t>(ref::execute(ref::approx::approx_uop(op, format), x));
}

// S20 / PTX 9.7.4.9 and 9.7.4.10.
inline const double kTanhF16AbsBound = std::exp2(-10.987);
inline const double kTanhBF16AbsBound = std::exp2(-8.0);
inline const double kEx2F16RelBound = std::exp2(-9.9);
inline const double kEx2BF16RelBound = std::exp2(-7.0);

// One vector of a results table: the input and the chip's result (both lanes when packed).
struct ChipVector {
  uint32_t a;
  uint32_t expected;
};

// Every vector of silicon/results/sm_90/run1/tables/FORM.vec.xz: every input of FORM as an H100
// computed it (silicon/results/sm_90/README.md), decompressed with xz.
inline std::vector<ChipVector> chip_table(const std::string& form) {
  const std::string path =
      std::string(HALFPIPE_SOURCE_DIR) + "/silicon/results/sm_90/run1/tables/" + form + ".vec.xz";
  FILE* in = popen(("xz -dc '" + path + "'").c_str(), "r");
  INFO("reading " << path);
  REQUIRE(in != nullptr);
  std::vector<ChipVector> vectors;
  char line[128], name[64];
  unsigned a = 0, expected = 0;
  while (std::fgets(line, sizeof line, in) != nullptr) {
    if (line[0] == '#') continue;
    REQUIRE(std::sscanf(line, "%63s %x %x", name, &a, &expected) == 3);
    REQUIRE(form == name);
    vectors.push_back({a, expected});
  }
  REQUIRE(pclose(in) == 0);
  REQUIRE(vectors.size() == 65536);
  return vectors;
}

}  // namespace halfpipe::approx_test
