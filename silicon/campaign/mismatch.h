// What kind of difference a mismatch is (NaN payload, sign of zero, flushed subnormal, lane,
// other): the classes the report counts, each named after the rules it touches.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace halfpipe_campaign {

enum MismatchClass { NanPayload, ZeroSign, FlushedSubnormal, Lane, Other, kClassCount };
inline constexpr const char* kClassNames[kClassCount] = {"nan-payload", "sign-of-zero",
                                                         "flushed-subnormal", "lane", "other"};
inline constexpr const char* kClassMeanings[kClassCount] = {
    "both results are NaNs, with different bits (S10)",
    "both results are zeros, of different signs (S5, S12, S13)",
    "one result is zero where the other is subnormal or the smallest normal (S6 to S9)",
    "a packed lane holds the other lane's expected result (S2)",
    "any other difference (rounding, overflow, a wrong value)"};

struct Bits16 {
  uint16_t exponent_mask, mantissa_mask, smallest_normal;
};
inline Bits16 bits_of(bool bf16) {
  return bf16 ? Bits16{0x7F80, 0x007F, 0x0080} : Bits16{0x7C00, 0x03FF, 0x0400};
}
inline bool is_nan(uint16_t x, Bits16 f) {
  return (x & f.exponent_mask) == f.exponent_mask && (x & f.mantissa_mask);
}
inline bool is_zero(uint16_t x) { return (x & 0x7FFF) == 0; }
inline bool is_tiny(uint16_t x, Bits16 f) {  // a subnormal, or the smallest normal
  const uint16_t magnitude = x & 0x7FFF;
  return magnitude != 0 && magnitude <= f.smallest_normal;
}

// A value's place on the number line in ulps: consecutive finite values differ by 1, +0 and -0
// are both 0.
inline int32_t ordinal(uint16_t x) { return x & 0x8000 ? -int32_t(x & 0x7FFF) : int32_t(x); }

// The class of one lane's mismatch; `other_expected` is the other lane's expected result (packed
// forms only). The value classes come first: a flushed result that happens to equal the other
// lane's expected one (a zero, say) is a flush, not a lane crossing; so is a result one ulp off
// that happens to equal it (two neighbouring results of an approximation, say) a rounding.
inline MismatchClass classify(uint16_t expected, uint16_t got, bool packed, uint16_t other_expected,
                       Bits16 f) {
  if (is_nan(expected, f) && is_nan(got, f)) return NanPayload;
  if (is_zero(expected) && is_zero(got)) return ZeroSign;
  if ((is_zero(got) && is_tiny(expected, f)) || (is_zero(expected) && is_tiny(got, f)))
    return FlushedSubnormal;
  if (packed && got == other_expected && std::abs(ordinal(got) - ordinal(expected)) > 1)
    return Lane;
  return Other;
}

}  // namespace halfpipe_campaign
