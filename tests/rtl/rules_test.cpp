// Hand-worked results through the RTL, one per rule where the RTL makes a choice of its own
// (rounding, post-processing order, the policy constants). Expected values come from the spec
// and doc/semantics.md, not from the reference.
// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 0.5 = 0x3800, 2^-14 = 0x0400 (smallest normal),
// 2^-24 = 0x0001; bf16: 1.0 = 0x3f80, 2.0 = 0x4000; canonical NaN 0x7fff.
#include <catch2/catch.hpp>

#include "tests/rtl/support.h"

using halfpipe::rtl_test::rtl_lane_result;

TEST_CASE("S4: add.rn.f16 1 + 2^-11 is a tie and rounds to even, 1.0") {
  CHECK(rtl_lane_result("add.rn.f16", 0x3c00, 0x1000) == 0x3c00);
  // (1 + 2^-10) + 2^-11 is a tie above an odd significand: up to 1 + 2^-9.
  CHECK(rtl_lane_result("add.rn.f16", 0x3c01, 0x1000) == 0x3c02);
}

TEST_CASE("S5: fma rounds once: (1+2^-10)^2 - (1+2^-9) = 2^-20 exactly") {
  CHECK(rtl_lane_result("fma.rn.f16", 0x3c01, 0x3c01, 0xbc02) == 0x0010);
}

TEST_CASE("S5: overflow rounds to infinity, 65504 + 65504 = +inf") {
  CHECK(rtl_lane_result("add.f16", 0x7bff, 0x7bff) == 0x7c00);
  CHECK(rtl_lane_result("mul.bf16", 0x7f7f, 0x4000) == 0x7f80);
}

TEST_CASE("S5: zero signs: 1 + -1 = +0, -0 + -0 = -0, -0 - +0 = -0, -0 * 1 = -0") {
  CHECK(rtl_lane_result("add.f16", 0x3c00, 0xbc00) == 0x0000);
  CHECK(rtl_lane_result("add.f16", 0x8000, 0x8000) == 0x8000);
  CHECK(rtl_lane_result("sub.f16", 0x8000, 0x0000) == 0x8000);
  CHECK(rtl_lane_result("mul.f16", 0x8000, 0x3c00) == 0x8000);
}

TEST_CASE("S6: gradual underflow: 2^-14 * 0.5 = 2^-15, a subnormal") {
  CHECK(rtl_lane_result("mul.f16", 0x0400, 0x3800) == 0x0200);
}

TEST_CASE("S7: .ftz flushes a subnormal input: 2^-15 + 2^-15 = +0") {
  CHECK(rtl_lane_result("add.ftz.f16", 0x0200, 0x0200) == 0x0000);
}

TEST_CASE("S8: .ftz flushes a result that is tiny after rounding with an unbounded exponent") {
  CHECK(rtl_lane_result("mul.ftz.f16", 0x0400, 0x3800) == 0x0000);
  // 0x3bff (1 - 2^-11) * 0x0400 (2^-14) = 2^-14 - 2^-25: the subnormals' rounding takes it up to
  // 2^-14 (a tie, to even), full precision keeps it exact below 2^-14: tiny, flushed.
  CHECK(rtl_lane_result("mul.f16", 0x3bff, 0x0400) == 0x0400);
  CHECK(rtl_lane_result("mul.ftz.f16", 0x3bff, 0x0400) == 0x0000);
  CHECK(rtl_lane_result("fma.rn.ftz.f16", 0xbbff, 0x0400, 0x8000) == 0x8000);
  // 0x3bfe (1 - 2^-10) * 0x0401 (2^-14 (1 + 2^-10)) = 2^-14 (1 - 2^-20) rounds to 2^-14 at full
  // precision too: kept. So does the bound, 0x1fe0 * 0x2010 = 2^-14 - 2^-26 (a tie, to even).
  CHECK(rtl_lane_result("mul.ftz.f16", 0x3bfe, 0x0401) == 0x0400);
  CHECK(rtl_lane_result("mul.ftz.f16", 0x1fe0, 0x2010) == 0x0400);
}

TEST_CASE("S10: every NaN result is 0x7fff, f16 and bf16") {
  CHECK(rtl_lane_result("add.f16", 0x7c00, 0xfc00) == 0x7fff);
  CHECK(rtl_lane_result("mul.bf16", 0x7f80, 0x0000) == 0x7fff);
  CHECK(rtl_lane_result("fma.rn.bf16", 0x3f80, 0x3f80, 0xffc1) == 0x7fff);
}

TEST_CASE("S11: neg/abs flip only the sign, a NaN gives the unsigned canonical NaN") {
  CHECK(rtl_lane_result("neg.f16", 0x0001) == 0x8001);
  CHECK(rtl_lane_result("abs.bf16", 0xff80) == 0x7f80);
  CHECK(rtl_lane_result("neg.f16", 0x7e00) == 0x7fff);
  CHECK(rtl_lane_result("abs.f16", 0xfe00) == 0x7fff);
}

TEST_CASE("S12: .sat clamps to [+0, 1]: 2 -> 1.0, -0.5 -> +0, -0 -> +0, NaN -> +0") {
  CHECK(rtl_lane_result("add.sat.f16", 0x3c00, 0x3c00) == 0x3c00);
  CHECK(rtl_lane_result("add.sat.f16", 0xbc00, 0x3800) == 0x0000);
  CHECK(rtl_lane_result("mul.sat.f16", 0x8000, 0x3c00) == 0x0000);
  CHECK(rtl_lane_result("add.sat.f16", 0x7c00, 0xfc00) == 0x0000);
}

TEST_CASE("S13: .relu: -1 -> +0, -0 -> +0, NaN -> 0x7fff") {
  CHECK(rtl_lane_result("fma.rn.relu.f16", 0xbc00, 0x4000, 0x3c00) == 0x0000);
  CHECK(rtl_lane_result("fma.rn.relu.bf16", 0x8000, 0x3f80, 0x8000) == 0x0000);
  CHECK(rtl_lane_result("fma.rn.relu.f16", 0x7e00, 0x3c00, 0x3c00) == 0x7fff);
}

TEST_CASE("S14: .oob: an OOB-NaN (0x7ff7, either sign) in a or b gives +0, in c it is an ordinary NaN") {
  CHECK(rtl_lane_result("fma.rn.oob.f16", 0x7ff7, 0x3c00, 0x3c00) == 0x0000);
  CHECK(rtl_lane_result("fma.rn.oob.relu.bf16", 0x3f80, 0xfff7, 0x3f80) == 0x0000);
  CHECK(rtl_lane_result("fma.rn.oob.f16", 0x3c00, 0x3c00, 0x7ff7) == 0x7fff);
  CHECK(rtl_lane_result("fma.rn.f16", 0x7ff7, 0x3c00, 0x3c00) == 0x7fff);  // without .oob
}

TEST_CASE("S15: max(+0, -0) = +0, min(+0, -0) = -0, one NaN returns the other, .NaN returns 0x7fff") {
  CHECK(rtl_lane_result("max.f16", 0x0000, 0x8000) == 0x0000);
  CHECK(rtl_lane_result("max.f16", 0x8000, 0x0000) == 0x0000);
  CHECK(rtl_lane_result("min.f16", 0x0000, 0x8000) == 0x8000);
  CHECK(rtl_lane_result("min.bf16", 0x7fc0, 0x3f80) == 0x3f80);
  CHECK(rtl_lane_result("min.NaN.bf16", 0x7fc0, 0x3f80) == 0x7fff);
  CHECK(rtl_lane_result("max.f16", 0x7e00, 0x7c01) == 0x7fff);
}

TEST_CASE("S16: max.xorsign.abs picks by magnitude and takes the XOR of the signs") {
  // |-2| > |1|: picks 2, signs differ: -2.
  CHECK(rtl_lane_result("max.xorsign.abs.f16", 0xc000, 0x3c00) == 0xc000);
  // |-2| vs |-1|: min picks 1, both negative: +1.
  CHECK(rtl_lane_result("min.xorsign.abs.f16", 0xc000, 0xbc00) == 0x3c00);
}
