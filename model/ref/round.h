// The one rounding routine of the reference (S4, S5, S6): round-to-nearest-even of an exact
// value into f16 or bf16, with gradual underflow and overflow to infinity.
#pragma once

#include <cstdint>

#include "model/ref/format.h"

namespace halfpipe::ref {

// Rounds (-1)^sign * (sig + s) * 2^exp, where s is 0 when !sticky and strictly between 0 and 1
// when sticky (a non-zero remainder below sig's last bit). When sticky is set, sig must carry at
// least two bits below the result's last place (callers keep eight guard bits). A zero value
// returns a zero of the given sign; the caller owns the IEEE zero-sign rules.
uint16_t round_pack(const FloatFormat& f, bool sign, int32_t exp, uint64_t sig, bool sticky = false);

// Rounds x + y, computed exactly, once (S5): the shared tail of add, sub and fma. An exact zero
// sum is +0 unless both addends are -0 (IEEE 754 section 6.3). x.sig may be up to 2 * (frac_bits
// + 1) bits wide (an exact product).
uint16_t round_exact_sum(const FloatFormat& f, const Unpacked& x, const Unpacked& y);

}  // namespace halfpipe::ref
