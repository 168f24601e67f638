// Shared by the tests of tanh.approx and ex2.approx: running one scalar lane of the instruction
// and the bounds of S20 as the spec states them.
#pragma once

#include <cmath>
#include <cstdint>

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

}  // namespace halfpipe::approx_test
