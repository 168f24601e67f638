// Exact results of add, sub, mul and fma computed independently of model/ref, in host doubles
// with error-free transformations: a product of two f16 or bf16 values fits a double exactly,
// and TwoSum gives the exact sum of two doubles as an unevaluated pair hi + lo. Used to classify
// vectors (coverage's tie bins) and to derive TestFloat's exception flags; never to produce a
// result.
#pragma once

#include <cstdint>
#include <optional>

#include "model/ref/format.h"
#include "model/uop/uop.h"

namespace halfpipe::vectors {

// The value hi + lo, exactly; hi is that value rounded to double (so lo == 0 when it is one).
struct ExactValue {
  double hi = 0;
  double lo = 0;
};

// A finite encoding as a double (exact).
double to_double(const ref::FloatFormat& f, uint16_t x);

// The exact result of one lane of an add, sub, mul or fma Uop before rounding, after .ftz's
// input flush (S7); nullopt for other ops or when an operand is an infinity or a NaN.
std::optional<ExactValue> exact_lane_result(const Uop& u, uint16_t a, uint16_t b, uint16_t c);

// The finite encoding nearest to x towards zero (truncation, not rounding: used to build
// operands, never results); nullopt when x is not finite or at least 2^(emax+1).
std::optional<uint16_t> truncate_to_format(const ref::FloatFormat& f, double x);

enum class Tie { None, RoundsUp, RoundsDown };  // up/down: away from / towards zero
// Whether the exact value lies exactly half-way between two neighbouring values of the format
// (subnormal range included; the neighbour above max is 2^(emax+1)), and which way
// ties-to-even takes it (S4): up when the neighbour below has an odd significand.
Tie classify_tie(const ref::FloatFormat& f, const ExactValue& v);

// TestFloat's exception flags (SoftFloat's bit order: 0x01 inexact, 0x02 underflow,
// 0x04 overflow, 0x08 infinite, 0x10 invalid) of an IEEE f16 add, sub, mul or fma (no ftz,
// sat, relu, oob) whose rounded result is `result`. Tininess is detected after rounding, and a
// NaN operand is signalling when its fraction's top bit is clear (SoftFloat's defaults).
uint8_t testfloat_flags(const Uop& u, uint16_t a, uint16_t b, uint16_t c, uint16_t result);

}  // namespace halfpipe::vectors
