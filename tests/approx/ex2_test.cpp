// ex2.approx (PTX 9.7.4.10, S19-S21): corners, hand-worked values through the datapath, and
// every one of the 65,536 inputs of each format against monotonicity. tests/approx/chip_test.cpp
// holds the reference to the chip's result on every input, and the chip to the spec's bounds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "tests/approx/support.h"

namespace halfpipe {
namespace {

using approx_test::run;
namespace approx = ref::approx;

TEST_CASE("S20: ex2.approx.f16 corner table: -inf -> +0, +-0 -> 1, +inf -> +inf, NaN -> "
          "canonical NaN",
          "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::F16, 0xFC00) == 0x0000);
  CHECK(run(Op::Ex2, Format::F16, 0x8000) == 0x3C00);
  CHECK(run(Op::Ex2, Format::F16, 0x0000) == 0x3C00);
  CHECK(run(Op::Ex2, Format::F16, 0x7C00) == 0x7C00);
  CHECK(run(Op::Ex2, Format::F16, 0x7E00) == 0x7FFF);
  CHECK(run(Op::Ex2, Format::F16, 0xFD00) == 0x7FFF);
}

TEST_CASE("S9, S20: ex2.approx.ftz.bf16 corner table: -inf -> +0, +-subnormal and +-0 -> 1, "
          "+inf -> +inf, NaN -> canonical NaN",
          "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::BF16, 0xFF80) == 0x0000);
  CHECK(run(Op::Ex2, Format::BF16, 0x807F) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x8001) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x8000) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x0000) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x0001) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x007F) == 0x3F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x7F80) == 0x7F80);
  CHECK(run(Op::Ex2, Format::BF16, 0x7FC0) == 0x7FFF);
  CHECK(run(Op::Ex2, Format::BF16, 0xFFC1) == 0x7FFF);
}

TEST_CASE("ex2.approx: integer inputs give exact powers of two", "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::F16, 0x3C00) == 0x4000);   // 2^1
  CHECK(run(Op::Ex2, Format::F16, 0xBC00) == 0x3800);   // 2^-1
  CHECK(run(Op::Ex2, Format::F16, 0x4B80) == 0x7800);   // 2^15, the largest power in f16
  CHECK(run(Op::Ex2, Format::F16, 0xCB00) == 0x0400);   // 2^-14, the smallest normal
  CHECK(run(Op::Ex2, Format::BF16, 0x3F80) == 0x4000);  // 2^1
  CHECK(run(Op::Ex2, Format::BF16, 0x42FE) == 0x7F00);  // 2^127
  CHECK(run(Op::Ex2, Format::BF16, 0xC2FC) == 0x0080);  // 2^-126, the smallest normal
}

TEST_CASE("S19: ex2.approx overflows to +inf from 2^(exp_bits-1) and truncates through the "
          "subnormals of f16",
          "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::F16, 0x4C00) == 0x7C00);   // 2^16 > 65504
  CHECK(run(Op::Ex2, Format::F16, 0x7BFF) == 0x7C00);   // 2^65504
  CHECK(run(Op::Ex2, Format::BF16, 0x4300) == 0x7F80);  // 2^128
  CHECK(run(Op::Ex2, Format::F16, 0xCE00) == 0x0001);   // 2^-24, the smallest subnormal
  // 2^-24.5 = 0.707 * 2^-24 truncates to +0 (the chip's +0 for 0xce01 to 0xce3f).
  CHECK(run(Op::Ex2, Format::F16, 0xCE20) == 0x0000);
  CHECK(run(Op::Ex2, Format::F16, 0xCE01) == 0x0000);
  CHECK(run(Op::Ex2, Format::F16, 0xFBFF) == 0x0000);   // 2^-65504
  CHECK(run(Op::Ex2, Format::F16, 0xCB80) == 0x0200);   // 2^-15 = subnormal 2^9 * 2^-24
}

TEST_CASE("S9: ex2.approx.ftz.bf16 flushes results below 2^-126 to +0", "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::BF16, 0xC2FC) == 0x0080);  // 2^-126, the smallest normal, kept
  CHECK(run(Op::Ex2, Format::BF16, 0xC2FD) == 0x0000);  // 2^-126.5
  CHECK(run(Op::Ex2, Format::BF16, 0xC2FE) == 0x0000);  // 2^-127, subnormal in bf16
  CHECK(run(Op::Ex2, Format::BF16, 0xC304) == 0x0000);  // 2^-132
}

TEST_CASE("S19: ex2.approx truncates: hand-worked values", "[approx][ex2]") {
  // 2^0.5: f = 0.5 is segment 32 at offset 0, so y = floor((c0[32] * 2^32 + bias) / 2^34) with
  // c0[32] = 0x2d413ce (ex2.mem) and bias = 0x1bf100000: 0x2d413ce / 4 = 0xb504f3.5, plus 0.436,
  // floors to 0xb504f3 = 1.0110101000 0001001111... * 2^23. The top ten fraction bits 0x1a8 are
  // the f16 result, the top seven 0x35 the bf16 one.
  CHECK(run(Op::Ex2, Format::F16, 0x3800) == 0x3DA8);
  CHECK(run(Op::Ex2, Format::BF16, 0x3F00) == 0x3FB5);
  // 2^-0.25 = 0.840896415 = 1722.15 / 2048: 1722 = 0x6ba, so 0x3aba (its distance to the
  // truncation boundary, 0.15 of the last place, is far beyond the datapath's error).
  CHECK(run(Op::Ex2, Format::F16, 0xB400) == 0x3ABA);
  // 2^15.9921875 = 65183.3 truncates to 65152 = 0x7bf4 (the spacing there is 32), where rounding
  // would give 65184.
  CHECK(run(Op::Ex2, Format::F16, 0x4BFF) == 0x7BF4);
  // f16 subnormal inputs are supported: |x| = 2^-24 is below the unit's 23 fraction bits, so the
  // fraction is 0 and the result 2^0 = 1 on both sides.
  CHECK(run(Op::Ex2, Format::F16, 0x0001) == 0x3C00);
  CHECK(run(Op::Ex2, Format::F16, 0x8001) == 0x3C00);
}

TEST_CASE("S2: ex2.approx.f16x2 and ex2.approx.ftz.bf16x2 compute each lane as the scalar form",
          "[approx][ex2]") {
  Uop u = approx::approx_uop(Op::Ex2, Format::F16);
  u.packed = true;
  u.lane_mask = 0b11;
  CHECK(ref::execute(u, 0xBC003C00u) == 0x38004000u);  // lane 1: 2^-1, lane 0: 2^1
  u = approx::approx_uop(Op::Ex2, Format::BF16);
  u.packed = true;
  u.lane_mask = 0b11;
  CHECK(ref::execute(u, 0xFF800001u) == 0x00003F80u);  // lane 1: -inf -> +0, lane 0: subnormal -> 1
}

// S21: in the order of their values, from -max to +max, the results never decrease.
void check_monotonic(Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  std::vector<uint16_t> finite;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits)
    if (!f.is_nan(static_cast<uint16_t>(bits)) && !f.is_inf(static_cast<uint16_t>(bits)))
      finite.push_back(static_cast<uint16_t>(bits));
  std::sort(finite.begin(), finite.end(), [&](uint16_t a, uint16_t b) {
    return approx::rank(f, a) < approx::rank(f, b);
  });
  int64_t decreases = 0;
  double previous = -1;
  for (uint16_t x : finite) {
    const double result = approx::to_double(f, run(Op::Ex2, format, x));
    decreases += result < previous;
    previous = result;
  }
  CHECK(decreases == 0);
}

TEST_CASE("S21: ex2.approx.f16 is monotonic non-decreasing over all finite inputs",
          "[approx][ex2]") {
  check_monotonic(Format::F16);
}

TEST_CASE("S21: ex2.approx.ftz.bf16 is monotonic non-decreasing over all finite inputs",
          "[approx][ex2]") {
  check_monotonic(Format::BF16);
}

}  // namespace
}  // namespace halfpipe
