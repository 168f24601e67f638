// The one rounding routine of the reference (S4, S5, S6): round-to-nearest-even of an exact
// value into f16 or bf16, with gradual underflow and overflow to infinity; and the truncation
// (round toward zero) that tanh.approx and ex2.approx end in (S19).
#pragma once

#include <cstdint>

#include "model/ref/format.h"

namespace halfpipe::ref {

// A rounded result, and whether it is tiny in IEEE 754's sense of tininess "after rounding"
// (S8): its exact value, rounded to the format's precision as if the exponent range had no lower
// bound, lies below the smallest normal. That is every non-zero subnormal result, and the
// smallest normal when only the subnormal range's coarser rounding reached it. Results decided
// without rounding (NaNs, infinities, operands passed through) convert from their encoding,
// not tiny; policy::flush_tiny_result judges a subnormal encoding tiny itself.
struct Rounded {
  uint16_t bits = 0;
  bool tiny = false;
  constexpr Rounded(uint16_t encoding, bool is_tiny = false) : bits(encoding), tiny(is_tiny) {}
  constexpr operator uint16_t() const { return bits; }
};

enum class Direction {
  kNearestEven,  // S4: every arithmetic instruction's .rn
  kTowardZero,   // S19: the approximation unit truncates; an overflow gives the largest finite
};

// Rounds (-1)^sign * (sig + s) * 2^exp, where s is 0 when !sticky and strictly between 0 and 1
// when sticky (a non-zero remainder below sig's last bit). When sticky is set, sig must carry at
// least two bits below the result's last place (callers keep eight guard bits). A zero value
// returns a zero of the given sign; the caller owns the IEEE zero-sign rules.
Rounded round_pack(const FloatFormat& f, bool sign, int32_t exp, uint64_t sig, bool sticky = false,
                   Direction direction = Direction::kNearestEven);

// Rounds x + y, computed exactly, once (S5): the shared tail of add, sub and fma. An exact zero
// sum is +0 unless both addends are -0 (IEEE 754 section 6.3). x.sig may be up to 2 * (frac_bits
// + 1) bits wide (an exact product).
Rounded round_exact_sum(const FloatFormat& f, const Unpacked& x, const Unpacked& y);

}  // namespace halfpipe::ref
