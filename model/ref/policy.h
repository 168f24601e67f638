// The choices doc/semantics.md makes where the PTX ISA is silent, each in one named place, as
// SoftFloat keeps its NaN and tininess policy in a specialisation. A hardware measurement that
// overturns one of them changes one function here (and the tests that pin it).
#pragma once

#include <cstdint>

#include "model/ref/format.h"

namespace halfpipe::ref::policy {

// S10: every NaN a PTX half-precision instruction produces, f16 and bf16 alike.
inline constexpr uint16_t kCanonicalNan = 0x7FFF;

// S8 (and S9 for ex2.approx.ftz.bf16), measured on an H100 (silicon/results/sm_90/): `.ftz`
// flushes a result that is tiny after rounding in IEEE 754's sense, judged with an unbounded
// exponent range, to a zero of the same sign. `tiny` is the rounder's verdict (round.h): a value
// rounded up to the smallest normal only by the subnormal range's coarser last place is tiny,
// and flushed. A subnormal encoding is always tiny.
constexpr uint16_t flush_tiny_result(const FloatFormat& f, uint16_t rounded, bool tiny) {
  return tiny || f.is_subnormal(rounded) ? f.zero(f.sign(rounded)) : rounded;
}

// S12: `.sat` clamps to [+0.0, 1.0]; a NaN becomes +0.0 and every negative value, -0.0 and
// -infinity included, becomes +0.0. S29 gives vISA's floats the same clamp, so this one takes
// any binary format with is_nan, sign, magnitude and one (FloatFormat; visa_minmax.cpp's 16-,
// 32- and 64-bit formats) and its encodings (uint16_t, uint64_t).
template <typename BinaryFormat, typename Bits>
constexpr Bits saturate(const BinaryFormat& f, Bits x) {
  if (f.is_nan(x) || f.sign(x)) return Bits{0};  // +0.0
  return f.magnitude(x) > f.one() ? static_cast<Bits>(f.one()) : x;
}

// S13: `.relu` turns every negative value, -0.0 and -infinity included, into +0.0; a NaN stays
// the canonical NaN.
constexpr uint16_t relu(const FloatFormat& f, uint16_t x) {
  if (f.is_nan(x)) return kCanonicalNan;
  return f.sign(x) ? f.zero(false) : x;
}

// S14: the OOB-NaN a tensor load writes into out-of-bound elements: 0x7FF7 in a 16-bit lane,
// sign ignored, f16 and bf16 alike.
inline constexpr uint16_t kOobNanMagnitude = 0x7FF7;
constexpr bool is_oob_nan(uint16_t x) { return (x & 0x7FFF) == kOobNanMagnitude; }

}  // namespace halfpipe::ref::policy
