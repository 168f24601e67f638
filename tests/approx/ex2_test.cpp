// ex2.approx (PTX 9.7.4.10, S19-S21): corners, hand-worked values, and every one of the
// 65,536 inputs of each format against the bounds, the 1-ulp target and monotonicity.
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

TEST_CASE("ex2.approx: overflow to +inf and underflow through the subnormals of f16",
          "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::F16, 0x4C00) == 0x7C00);  // 2^16 > 65504
  CHECK(run(Op::Ex2, Format::F16, 0x7BFF) == 0x7C00);  // 2^65504
  CHECK(run(Op::Ex2, Format::F16, 0xCE00) == 0x0001);  // 2^-24, the smallest subnormal
  CHECK(run(Op::Ex2, Format::F16, 0xCE20) == 0x0001);  // 2^-24.5 = 0.707 * 2^-24 rounds up
  CHECK(run(Op::Ex2, Format::F16, 0xCE40) == 0x0000);  // 2^-25: a tie, to even (zero)
  CHECK(run(Op::Ex2, Format::F16, 0xFBFF) == 0x0000);  // 2^-65504
  CHECK(run(Op::Ex2, Format::F16, 0xCB80) == 0x0200);  // 2^-15 = subnormal 2^9 * 2^-24
  CHECK(run(Op::Ex2, Format::BF16, 0x4300) == 0x7F80);  // 2^128
}

TEST_CASE("S9: ex2.approx.ftz.bf16 flushes subnormal results to +0", "[approx][ex2]") {
  CHECK(run(Op::Ex2, Format::BF16, 0xC2FE) == 0x0000);  // 2^-127, subnormal in bf16
  CHECK(run(Op::Ex2, Format::BF16, 0xC304) == 0x0000);  // 2^-132
}

TEST_CASE("ex2.approx: hand-worked correctly rounded values", "[approx][ex2]") {
  // 2^0.5 = 1.41421356: fraction 0.41421356 * 1024 = 424.15 -> 424 = 0x1A8 (f16);
  // * 128 = 53.02 -> 53 = 0x35 (bf16).
  CHECK(run(Op::Ex2, Format::F16, 0x3800) == 0x3DA8);
  CHECK(run(Op::Ex2, Format::BF16, 0x3F00) == 0x3FB5);
  // f16 subnormal inputs are supported: 2^(+-2^-24) = 1 +- 4.1e-8, which rounds to 1.
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

// Exhaustive checks of one format; `relative_bound` applies to normal results (S20).
void check_every_input(Format format, double relative_bound) {
  const ref::FloatFormat& f = ref::float_format(format);
  const Uop u = approx::approx_uop(Op::Ex2, format);
  int64_t bound_failures = 0, ulp_failures = 0, nan_failures = 0, flush_failures = 0;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const uint16_t x = static_cast<uint16_t>(bits);
    const uint16_t r = run(Op::Ex2, format, x);
    if (f.is_nan(x)) {
      nan_failures += r != 0x7FFF;
      continue;
    }
    if (f.is_inf(x)) continue;  // the corner tables
    const uint16_t correct = approx::correctly_rounded_result(u, x);
    ulp_failures += approx::ulps_apart(f, r, correct) > 1;  // S20 for subnormals; the target
    const double exact = std::exp2(approx::to_double(f, u.ftz && f.is_subnormal(x) ? 0 : x));
    const double result = approx::to_double(f, r);
    if (u.ftz) flush_failures += f.is_subnormal(r) || (f.is_zero(r) && exact >= std::ldexp(1.0, f.emin()));
    const bool normal_result = !f.is_zero(r) && !f.is_subnormal(r) && !f.is_inf(r);
    if (normal_result) bound_failures += !(std::fabs(result - exact) / exact <= relative_bound);
  }
  CHECK(nan_failures == 0);
  CHECK(bound_failures == 0);
  CHECK(ulp_failures == 0);
  CHECK(flush_failures == 0);
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

TEST_CASE("S20: ex2.approx.f16 on all 65,536 inputs: relative error <= 2^-9.9 for normal "
          "results, every result within 1 ulp of correctly rounded",
          "[approx][ex2]") {
  check_every_input(Format::F16, approx_test::kEx2F16RelBound);
}

TEST_CASE("S9, S20: ex2.approx.ftz.bf16 on all 65,536 inputs: relative error <= 2^-7 for normal "
          "results, tiny results flushed to +0, within 1 ulp of correctly rounded",
          "[approx][ex2]") {
  check_every_input(Format::BF16, approx_test::kEx2BF16RelBound);
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
