// The vISA MIN_MAX reference (model/ref/visa_minmax) against S26-S29, type by type. Expected
// values are worked out by hand from the IEEE encodings and two's complement; the property
// tests compare with independent computations (the host's integer and float compares, the PTX
// min/max reference and the S12 policy for HF).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>

#include "model/ref/execute.h"
#include "model/ref/format.h"
#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/visa_minmax.h"

using namespace halfpipe;
using ref::VisaType;

namespace {

constexpr SourceModifier kNone{false, false};
constexpr SourceModifier kNeg{true, false};
constexpr SourceModifier kAbs{false, true};
constexpr SourceModifier kNegAbs{true, true};

uint64_t vmin(VisaType t, uint64_t a, uint64_t b, SourceModifier ma = kNone,
              SourceModifier mb = kNone) {
  return ref::visa_minmax_element({false, t, false, ma, mb}, a, b);
}
uint64_t vmax(VisaType t, uint64_t a, uint64_t b, SourceModifier ma = kNone,
              SourceModifier mb = kNone) {
  return ref::visa_minmax_element({true, t, false, ma, mb}, a, b);
}
uint64_t vmin_sat(VisaType t, uint64_t a, uint64_t b) {
  return ref::visa_minmax_element({false, t, true, kNone, kNone}, a, b);
}
uint64_t vmax_sat(VisaType t, uint64_t a, uint64_t b) {
  return ref::visa_minmax_element({true, t, true, kNone, kNone}, a, b);
}

constexpr VisaType kIntegerTypes[] = {VisaType::B, VisaType::UB, VisaType::W, VisaType::UW,
                                      VisaType::D, VisaType::UD, VisaType::Q, VisaType::UQ};

}  // namespace

// ---- S26: order ------------------------------------------------------------------------------

TEST_CASE("S26: type traits: B..UQ are 8/16/32/64-bit integers, HF F DF binary16/32/64",
          "[visa][S26]") {
  CHECK(ref::traits(VisaType::B).bits == 8);
  CHECK(ref::traits(VisaType::B).is_signed);
  CHECK_FALSE(ref::traits(VisaType::UB).is_signed);
  CHECK(ref::traits(VisaType::UW).bits == 16);
  CHECK(ref::traits(VisaType::UD).bits == 32);
  CHECK(ref::traits(VisaType::Q).bits == 64);
  CHECK(ref::traits(VisaType::HF).exp_bits == 5);
  CHECK(ref::traits(VisaType::HF).frac_bits == 10);
  CHECK(ref::traits(VisaType::F).exp_bits == 8);
  CHECK(ref::traits(VisaType::F).frac_bits == 23);
  CHECK(ref::traits(VisaType::DF).exp_bits == 11);
  CHECK(ref::traits(VisaType::DF).frac_bits == 52);
  CHECK(ref::traits(VisaType::DF).bits == 64);
}

TEST_CASE("S26: signed integers compare as two's complement: the most negative is the least",
          "[visa][S26]") {
  // (type, most negative, most positive)
  struct Case {
    VisaType t;
    uint64_t most_negative, most_positive, minus_one;
  };
  const Case cases[] = {
      {VisaType::B, 0x80, 0x7F, 0xFF},
      {VisaType::W, 0x8000, 0x7FFF, 0xFFFF},
      {VisaType::D, 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF},
      {VisaType::Q, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.most_negative, c.most_positive) == c.most_negative);
    CHECK(vmin(c.t, c.most_positive, c.most_negative) == c.most_negative);
    CHECK(vmax(c.t, c.most_negative, c.most_positive) == c.most_positive);
    CHECK(vmin(c.t, c.minus_one, 1) == c.minus_one);  // -1 < 1
    CHECK(vmax(c.t, c.minus_one, 0) == 0);
    CHECK(vmin(c.t, c.minus_one, c.most_negative) == c.most_negative);
  }
}

TEST_CASE("S26: unsigned integers compare as unsigned: the all-ones value is the greatest",
          "[visa][S26]") {
  struct Case {
    VisaType t;
    uint64_t top_bit, below_top, all_ones;
  };
  const Case cases[] = {
      {VisaType::UB, 0x80, 0x7F, 0xFF},
      {VisaType::UW, 0x8000, 0x7FFF, 0xFFFF},
      {VisaType::UD, 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF},
      {VisaType::UQ, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.top_bit, c.below_top) == c.below_top);
    CHECK(vmax(c.t, c.top_bit, c.below_top) == c.top_bit);
    CHECK(vmax(c.t, 1, c.all_ones) == c.all_ones);
    CHECK(vmin(c.t, c.all_ones, 0) == 0);
  }
}

TEST_CASE("S26: equal integers give that value for every type", "[visa][S26]") {
  for (VisaType t : kIntegerTypes) {
    INFO(ref::traits(t).name);
    CHECK(vmin(t, 0x5A, 0x5A) == 0x5A);
    CHECK(vmax(t, 0x5A, 0x5A) == 0x5A);
  }
}

TEST_CASE("S26: -0 < +0 for HF, F and DF, in either operand order", "[visa][S26]") {
  struct Case {
    VisaType t;
    uint64_t minus_zero;
  };
  const Case cases[] = {{VisaType::HF, 0x8000},
                        {VisaType::F, 0x80000000},
                        {VisaType::DF, 0x8000000000000000}};
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.minus_zero, 0) == c.minus_zero);
    CHECK(vmin(c.t, 0, c.minus_zero) == c.minus_zero);
    CHECK(vmax(c.t, c.minus_zero, 0) == 0);
    CHECK(vmax(c.t, 0, c.minus_zero) == 0);
  }
}

TEST_CASE("S26: float order: negatives by magnitude, infinities at the ends, denormals kept",
          "[visa][S26]") {
  struct Case {
    VisaType t;
    uint64_t minus_one, minus_two, smallest_denormal, minus_inf, max_finite, plus_inf;
  };
  const Case cases[] = {
      {VisaType::HF, 0xBC00, 0xC000, 0x0001, 0xFC00, 0x7BFF, 0x7C00},
      {VisaType::F, 0xBF800000, 0xC0000000, 0x00000001, 0xFF800000, 0x7F7FFFFF, 0x7F800000},
      {VisaType::DF, 0xBFF0000000000000, 0xC000000000000000, 0x1, 0xFFF0000000000000,
       0x7FEFFFFFFFFFFFFF, 0x7FF0000000000000},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    const uint64_t sign = uint64_t{1} << (ref::traits(c.t).bits - 1);
    CHECK(vmin(c.t, c.minus_one, c.minus_two) == c.minus_two);
    CHECK(vmax(c.t, c.minus_one, c.minus_two) == c.minus_one);
    // A denormal is neither flushed nor equal to zero.
    CHECK(vmax(c.t, c.smallest_denormal, 0) == c.smallest_denormal);
    CHECK(vmin(c.t, sign | c.smallest_denormal, sign) == (sign | c.smallest_denormal));
    CHECK(vmin(c.t, c.smallest_denormal, sign | c.smallest_denormal) ==
          (sign | c.smallest_denormal));
    CHECK(vmin(c.t, c.minus_inf, c.minus_two) == c.minus_inf);
    CHECK(vmax(c.t, c.max_finite, c.plus_inf) == c.plus_inf);
    CHECK(vmin(c.t, c.max_finite, c.plus_inf) == c.max_finite);
  }
}

// ---- S28: NaN ---------------------------------------------------------------------------------

TEST_CASE("S28: exactly one NaN returns the other operand unchanged, for HF, F and DF",
          "[visa][S28]") {
  struct Case {
    VisaType t;
    uint64_t nan, negative_nan, one, minus_inf, minus_zero;
  };
  const Case cases[] = {
      {VisaType::HF, 0x7E01, 0xFD00, 0x3C00, 0xFC00, 0x8000},
      {VisaType::F, 0x7FC00001, 0xFF800001, 0x3F800000, 0xFF800000, 0x80000000},
      {VisaType::DF, 0x7FF8000000000001, 0xFFF0000000000001, 0x3FF0000000000000,
       0xFFF0000000000000, 0x8000000000000000},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.nan, c.one) == c.one);
    CHECK(vmin(c.t, c.one, c.nan) == c.one);
    CHECK(vmax(c.t, c.nan, c.one) == c.one);
    CHECK(vmax(c.t, c.one, c.negative_nan) == c.one);
    CHECK(vmax(c.t, c.negative_nan, c.minus_inf) == c.minus_inf);
    CHECK(vmin(c.t, c.minus_zero, c.nan) == c.minus_zero);
  }
}

TEST_CASE("S28: two NaNs return src1 unchanged (no canonical NaN), for HF, F and DF",
          "[visa][S28]") {
  struct Case {
    VisaType t;
    uint64_t nan0, nan1;
  };
  const Case cases[] = {
      {VisaType::HF, 0x7E01, 0xFC01},
      {VisaType::F, 0x7FC00001, 0xFF800001},
      {VisaType::DF, 0x7FF8000000000001, 0xFFF0000000000001},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.nan0, c.nan1) == c.nan1);
    CHECK(vmax(c.t, c.nan0, c.nan1) == c.nan1);
    CHECK(vmin(c.t, c.nan1, c.nan0) == c.nan0);
    CHECK(vmax(c.t, c.nan1, c.nan0) == c.nan0);
  }
}

TEST_CASE("S28: two NaNs return src1 after its source modifier", "[visa][S28][S27]") {
  // HF: src1 0xFC01 under (abs) is 0x7C01; F 0xFF800001 -> 0x7F800001; DF likewise.
  CHECK(vmin(VisaType::HF, 0x7E01, 0xFC01, kNone, kAbs) == 0x7C01);
  CHECK(vmax(VisaType::HF, 0x7E01, 0x7E02, kNeg, kNeg) == 0xFE02);
  CHECK(vmin(VisaType::F, 0x7FC00001, 0xFF800001, kNone, kAbs) == 0x7F800001);
  CHECK(vmax(VisaType::DF, 0x7FF8000000000001, 0x7FF0000000000002, kNone, kNegAbs) ==
        0xFFF0000000000002);
}

// ---- S27: source modifiers --------------------------------------------------------------------

TEST_CASE("S27: the most negative signed integer is its own negation and absolute value",
          "[visa][S27]") {
  struct Case {
    VisaType t;
    uint64_t most_negative;
  };
  const Case cases[] = {{VisaType::B, 0x80},
                        {VisaType::W, 0x8000},
                        {VisaType::D, 0x80000000},
                        {VisaType::Q, 0x8000000000000000}};
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    // Were (abs) or - to saturate to the most positive value, max with 0 would pick it.
    CHECK(vmax(c.t, c.most_negative, 0, kAbs) == 0);
    CHECK(vmax(c.t, c.most_negative, 0, kNeg) == 0);
    CHECK(vmax(c.t, c.most_negative, 0, kNegAbs) == 0);
    CHECK(vmin(c.t, 0, c.most_negative, kNone, kAbs) == c.most_negative);
    CHECK(vmin(c.t, 0, c.most_negative, kNone, kNeg) == c.most_negative);
  }
}

TEST_CASE("S27: signed integers: - negates, (abs) the magnitude, -(abs) the negative magnitude",
          "[visa][S27]") {
  // 5 and -5 in each width.
  struct Case {
    VisaType t;
    uint64_t minus_five;
  };
  const Case cases[] = {{VisaType::B, 0xFB},
                        {VisaType::W, 0xFFFB},
                        {VisaType::D, 0xFFFFFFFB},
                        {VisaType::Q, 0xFFFFFFFFFFFFFFFB}};
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, 5, 0, kNeg) == c.minus_five);           // -(5) = -5 < 0
    CHECK(vmax(c.t, c.minus_five, 0, kNeg) == 5);           // -(-5) = 5 > 0
    CHECK(vmax(c.t, c.minus_five, 0, kAbs) == 5);           // |-5| = 5
    CHECK(vmax(c.t, 5, 0, kAbs) == 5);                      // |5| = 5
    CHECK(vmin(c.t, 5, 0, kNegAbs) == c.minus_five);        // -|5|
    CHECK(vmin(c.t, c.minus_five, 0, kNegAbs) == c.minus_five);  // -|-5|
    CHECK(vmin(c.t, 0, 5, kNone, kNeg) == c.minus_five);    // modifiers on src1 too
    CHECK(vmax(c.t, 0, c.minus_five, kNone, kAbs) == 5);
    CHECK(vmin(c.t, 0, 0, kNeg, kNeg) == 0);                // -0 is 0 for integers
  }
}

TEST_CASE("S27: unsigned integers: (abs) is the identity, - is two's complement modulo 2^n",
          "[visa][S27]") {
  struct Case {
    VisaType t;
    uint64_t all_ones, top_bit;
  };
  const Case cases[] = {{VisaType::UB, 0xFF, 0x80},
                        {VisaType::UW, 0xFFFF, 0x8000},
                        {VisaType::UD, 0xFFFFFFFF, 0x80000000},
                        {VisaType::UQ, 0xFFFFFFFFFFFFFFFF, 0x8000000000000000}};
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmax(c.t, c.all_ones, 1, kAbs) == c.all_ones);
    CHECK(vmax(c.t, 1, c.top_bit, kNeg) == c.all_ones);  // -1 mod 2^n is all ones
    CHECK(vmin(c.t, c.all_ones, c.top_bit, kNeg) == 1);  // -(2^n - 1) = 1
    CHECK(vmax(c.t, 1, c.top_bit, kNegAbs) == c.all_ones);  // -(abs) is - for unsigned
    CHECK(vmin(c.t, c.top_bit, c.all_ones, kNeg) == c.top_bit);  // -2^(n-1) = 2^(n-1)
  }
}

TEST_CASE("S27: float modifiers are sign-bit operations, for HF, F and DF", "[visa][S27]") {
  struct Case {
    VisaType t;
    uint64_t one, minus_one, two, minus_two, minus_zero;
  };
  const Case cases[] = {
      {VisaType::HF, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x8000},
      {VisaType::F, 0x3F800000, 0xBF800000, 0x40000000, 0xC0000000, 0x80000000},
      {VisaType::DF, 0x3FF0000000000000, 0xBFF0000000000000, 0x4000000000000000,
       0xC000000000000000, 0x8000000000000000},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin(c.t, c.one, 0, kNeg) == c.minus_one);
    CHECK(vmax(c.t, c.minus_two, c.one, kAbs) == c.two);
    CHECK(vmax(c.t, c.two, c.minus_two, kNegAbs, kNegAbs) == c.minus_two);
    CHECK(vmax(c.t, c.minus_zero, c.minus_zero, kNeg) == 0);  // -(-0) = +0 > -0
    CHECK(vmin(c.t, 0, 0, kNeg) == c.minus_zero);        // -(+0) = -0 < +0
    CHECK(vmax(c.t, c.minus_zero, c.minus_zero, kAbs) == 0);  // |-0| = +0 > -0
  }
}

TEST_CASE("S27: a float modifier keeps a NaN's payload: one NaN still returns the other operand",
          "[visa][S27][S28]") {
  // -(abs) turns 0x7E01 into 0xFE01, still a NaN: min returns src1 untouched.
  CHECK(vmin(VisaType::HF, 0x7E01, 0x3C00, kNegAbs) == 0x3C00);
  // The NaN kept through the modifier is what two NaNs return as src1.
  CHECK(vmin(VisaType::HF, 0x7C01, 0x7E55, kNone, kNeg) == 0xFE55);
  CHECK(vmin(VisaType::F, 0x7FC00001, 0x7FC12345, kNone, kNeg) == 0xFFC12345);
  CHECK(vmin(VisaType::DF, 0x7FF8000000000001, 0xFFF8000000ABCDEF, kNone, kAbs) ==
        0x7FF8000000ABCDEF);
}

// ---- S29: .sat --------------------------------------------------------------------------------

TEST_CASE("S29: .sat on a float clamps to [+0, 1]: NaN -> +0, negatives -> +0, above 1 -> 1",
          "[visa][S29]") {
  struct Case {
    VisaType t;
    uint64_t nan0, nan1, minus_one, minus_two, minus_zero, half, one, just_above_one, two,
        plus_inf, minus_inf, denormal;
  };
  const Case cases[] = {
      {VisaType::HF, 0x7E01, 0x7E02, 0xBC00, 0xC000, 0x8000, 0x3800, 0x3C00, 0x3C01, 0x4000,
       0x7C00, 0xFC00, 0x0001},
      {VisaType::F, 0x7FC00001, 0xFFC00002, 0xBF800000, 0xC0000000, 0x80000000, 0x3F000000,
       0x3F800000, 0x3F800001, 0x40000000, 0x7F800000, 0xFF800000, 0x00000001},
      {VisaType::DF, 0x7FF8000000000001, 0xFFF8000000000002, 0xBFF0000000000000,
       0xC000000000000000, 0x8000000000000000, 0x3FE0000000000000, 0x3FF0000000000000,
       0x3FF0000000000001, 0x4000000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x1},
  };
  for (const Case& c : cases) {
    INFO(ref::traits(c.t).name);
    CHECK(vmin_sat(c.t, c.nan0, c.nan1) == 0);                 // NaN result -> +0
    CHECK(vmax_sat(c.t, c.minus_one, c.minus_two) == 0);       // -1 -> +0
    CHECK(vmax_sat(c.t, c.minus_zero, c.minus_zero) == 0);     // -0 -> +0
    CHECK(vmin_sat(c.t, c.minus_inf, 0) == 0);                 // -inf -> +0
    CHECK(vmax_sat(c.t, c.two, c.half) == c.one);              // 2 -> 1
    CHECK(vmax_sat(c.t, c.just_above_one, 0) == c.one);
    CHECK(vmax_sat(c.t, c.plus_inf, 0) == c.one);              // +inf -> 1
    CHECK(vmin_sat(c.t, c.two, c.half) == c.half);             // in range: unchanged
    CHECK(vmin_sat(c.t, c.one, c.two) == c.one);
    CHECK(vmax_sat(c.t, c.denormal, 0) == c.denormal);
    CHECK(vmin_sat(c.t, c.nan0, c.half) == c.half);            // one NaN: S28 first, then .sat
  }
}

TEST_CASE("S29: .sat on an integer type changes nothing", "[visa][S29]") {
  for (VisaType t : kIntegerTypes) {
    INFO(ref::traits(t).name);
    const int bits = ref::traits(t).bits;
    const uint64_t top = uint64_t{1} << (bits - 1);
    const uint64_t all = ref::element_mask(bits);
    for (uint64_t a : {uint64_t{0}, uint64_t{1}, uint64_t{2}, top, top - 1, all}) {
      for (uint64_t b : {uint64_t{0}, uint64_t{1}, top, all}) {
        CHECK(vmin_sat(t, a, b) == vmin(t, a, b));
        CHECK(vmax_sat(t, a, b) == vmax(t, a, b));
      }
    }
  }
  CHECK(vmax_sat(VisaType::W, 0x8000, 0xFFFF) == 0xFFFF);  // -1 stays -1
  CHECK(vmax_sat(VisaType::UB, 0xFF, 0x02) == 0xFF);       // 255 stays 255
  CHECK(vmin_sat(VisaType::Q, 0x8000000000000000, 0) == 0x8000000000000000);
}

// ---- channels ---------------------------------------------------------------------------------

TEST_CASE("S25: a disabled channel keeps its old destination element", "[visa][S25]") {
  // W min over 4 channels, channels 1 and 3 enabled.
  const uint64_t src0[4] = {0x0001, 0x8000, 0x0003, 0x7FFF};
  const uint64_t src1[4] = {0x0002, 0x0005, 0xFFFF, 0x0000};
  uint64_t dst[4] = {0xAAAA, 0xBBBB, 0xCCCC, 0xDDDD};
  ref::visa_minmax({false, VisaType::W}, 0b1010, 4, src0, src1, dst);
  CHECK(dst[0] == 0xAAAA);
  CHECK(dst[1] == 0x8000);
  CHECK(dst[2] == 0xCCCC);
  CHECK(dst[3] == 0x0000);
}

// ---- the 16-bit Uop lane ----------------------------------------------------------------------

TEST_CASE("S26: visa_execute_lane: B and UB in the low byte of a lane, high byte zero",
          "[visa][S26]") {
  Uop u;
  u.op = Op::Min;
  u.format = Format::S8;
  u.nan_policy = NanPolicy::VisaSrc1;
  CHECK(ref::visa_execute_lane(u, 0xAB80, 0x1201) == 0x0080);  // -128 < 1; high bytes ignored
  u.format = Format::U8;
  CHECK(ref::visa_execute_lane(u, 0xAB80, 0x1201) == 0x0001);
  u.op = Op::Max;
  u.src1_mod = {true, false};  // -(1) = 0xFF unsigned
  CHECK(ref::visa_execute_lane(u, 0xAB80, 0x1201) == 0x00FF);
}

TEST_CASE("S28: visa_execute_lane: F16 with the VisaSrc1 policy returns src1 for two NaNs",
          "[visa][S28]") {
  Uop u;
  u.op = Op::Max;
  u.format = Format::F16;
  u.nan_policy = NanPolicy::VisaSrc1;
  CHECK(ref::visa_execute_lane(u, 0x7E01, 0xFC01) == 0xFC01);
  u.sat = true;
  CHECK(ref::visa_execute_lane(u, 0x4000, 0x3800) == 0x3C00);
  u.format = Format::S16;
  u.sat = false;
  u.src0_mod = {false, true};
  CHECK(ref::visa_execute_lane(u, 0x8000, 0x0000) == 0x0000);  // |most negative| wraps (S27)
  u.format = Format::U16;
  CHECK(ref::visa_execute_lane(u, 0x8000, 0x0000) == 0x8000);
}

TEST_CASE("visa_execute_lane rejects Uops that are not vISA MIN_MAX Uops", "[visa]") {
  Uop u;
  u.op = Op::Min;
  u.format = Format::F16;
  u.nan_policy = NanPolicy::Ptx;
  CHECK_THROWS_AS(ref::visa_execute_lane(u, 0, 0), ref::NotImplemented);  // that is PTX min
  u.nan_policy = NanPolicy::VisaSrc1;
  u.format = Format::BF16;
  CHECK_THROWS_AS(ref::visa_execute_lane(u, 0, 0), ref::NotImplemented);
  u.format = Format::S16;
  u.op = Op::Add;
  CHECK_THROWS_AS(ref::visa_execute_lane(u, 0, 0), ref::NotImplemented);
  u.op = Op::Min;
  u.xorsign_abs = true;
  CHECK_THROWS_AS(ref::visa_execute_lane(u, 0, 0), ref::NotImplemented);
}

// ---- properties against independent computations ---------------------------------------------

namespace {

template <typename Int>
void check_integer_against_host(VisaType t, std::mt19937_64& rng) {
  using Unsigned = std::make_unsigned_t<Int>;
  for (int n = 0; n < 20000; ++n) {
    const auto a = static_cast<Unsigned>(rng()), b = static_cast<Unsigned>(rng());
    const Int ia = static_cast<Int>(a), ib = static_cast<Int>(b);
    const auto want_min = static_cast<Unsigned>(ib < ia ? ib : ia);
    const auto want_max = static_cast<Unsigned>(ia < ib ? ib : ia);
    INFO(ref::traits(t).name << " a=" << uint64_t{a} << " b=" << uint64_t{b});
    REQUIRE(vmin(t, a, b) == want_min);
    REQUIRE(vmax(t, a, b) == want_max);
  }
}

// Random bit patterns with an exponent field drawn so that zeros, denormals, infinities and NaNs
// all occur often.
template <typename Bits>
Bits random_float_bits(std::mt19937_64& rng, int exp_bits, int frac_bits) {
  Bits x = static_cast<Bits>(rng());
  const Bits exp_max = static_cast<Bits>((Bits{1} << exp_bits) - 1);
  switch (rng() % 4) {
    case 0: x &= ~(exp_max << frac_bits); break;  // zero or denormal
    case 1: x |= exp_max << frac_bits; break;      // infinity or NaN
    default: break;
  }
  if (rng() % 8 == 0) x &= ~static_cast<Bits>((Bits{1} << frac_bits) - 1);  // zeros, infinities
  return x;
}

template <typename Host, typename Bits>
void check_float_against_host(VisaType t, std::mt19937_64& rng) {
  const auto& tr = ref::traits(t);
  for (int n = 0; n < 50000; ++n) {
    const Bits a = random_float_bits<Bits>(rng, tr.exp_bits, tr.frac_bits);
    const Bits b = random_float_bits<Bits>(rng, tr.exp_bits, tr.frac_bits);
    Host x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    Bits want_min, want_max;
    if (std::isnan(x) && std::isnan(y)) {
      want_min = want_max = b;
    } else if (std::isnan(x)) {
      want_min = want_max = b;
    } else if (std::isnan(y)) {
      want_min = want_max = a;
    } else if (x < y) {
      want_min = a, want_max = b;
    } else if (y < x) {
      want_min = b, want_max = a;
    } else if (std::signbit(x) != std::signbit(y)) {  // +0 and -0
      want_min = std::signbit(x) ? a : b;
      want_max = std::signbit(x) ? b : a;
    } else {
      want_min = want_max = a;  // same value, same bits
      REQUIRE(a == b);
    }
    INFO(tr.name << " a=" << uint64_t{a} << " b=" << uint64_t{b});
    REQUIRE(vmin(t, a, b) == want_min);
    REQUIRE(vmax(t, a, b) == want_max);
  }
}

}  // namespace

TEST_CASE("S26: integer types agree with the host's compare on random operands", "[visa][S26]") {
  std::mt19937_64 rng(26);
  check_integer_against_host<int8_t>(VisaType::B, rng);
  check_integer_against_host<uint8_t>(VisaType::UB, rng);
  check_integer_against_host<int16_t>(VisaType::W, rng);
  check_integer_against_host<uint16_t>(VisaType::UW, rng);
  check_integer_against_host<int32_t>(VisaType::D, rng);
  check_integer_against_host<uint32_t>(VisaType::UD, rng);
  check_integer_against_host<int64_t>(VisaType::Q, rng);
  check_integer_against_host<uint64_t>(VisaType::UQ, rng);
}

TEST_CASE("S26, S28: F and DF agree with the host's float and double compare", "[visa][S26][S28]") {
  static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559);
  std::mt19937_64 rng(28);
  check_float_against_host<float, uint32_t>(VisaType::F, rng);
  check_float_against_host<double, uint64_t>(VisaType::DF, rng);
}

TEST_CASE("S26: HF agrees with the PTX min/max reference on every non-NaN pair of a sample",
          "[visa][S26]") {
  // S15 and S26 order non-NaN values identically; only NaN handling differs (S10 vs S28).
  const ref::FloatFormat& f = ref::kF16;
  std::mt19937_64 rng(15);
  const uint16_t corners[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00,
                              0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00};
  for (uint32_t a = 0; a < 0x10000; ++a) {
    if (f.is_nan(static_cast<uint16_t>(a))) continue;
    for (uint16_t b : corners) {
      REQUIRE(vmin(VisaType::HF, a, b) == ref::min(f, static_cast<uint16_t>(a), b, {}));
      REQUIRE(vmax(VisaType::HF, a, b) == ref::max(f, static_cast<uint16_t>(a), b, {}));
    }
    const auto b = static_cast<uint16_t>(rng());
    if (f.is_nan(b)) continue;
    REQUIRE(vmin(VisaType::HF, a, b) == ref::min(f, static_cast<uint16_t>(a), b, {}));
    REQUIRE(vmax(VisaType::HF, a, b) == ref::max(f, static_cast<uint16_t>(a), b, {}));
  }
}

TEST_CASE("S29: HF .sat is S12's clamp (policy::saturate) on all 65536 values", "[visa][S29]") {
  // max(x, x) is x for every non-NaN x and src1 = x for a NaN (S28), so max.sat(x, x) = sat(x).
  for (uint32_t x = 0; x < 0x10000; ++x) {
    REQUIRE(vmax_sat(VisaType::HF, x, x) ==
            ref::policy::saturate(ref::kF16, static_cast<uint16_t>(x)));
  }
}
