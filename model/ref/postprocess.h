// The modifiers every instruction family shares, written once: input flush before the
// operation (S7), then the post-processor on its rounded result (S8, S14, S12, S13, in that
// order). The RTL's post-processing stage mirrors post_process() step for step.
#pragma once

#include <cstdint>

#include "model/ref/format.h"
#include "model/ref/round.h"
#include "model/uop/uop.h"

namespace halfpipe::ref {

// S7 (and S9 for bf16 ex2): `.ftz` replaces a subnormal input by a zero of the same sign.
constexpr uint16_t flush_subnormal_input(const FloatFormat& f, uint16_t x) {
  return f.is_subnormal(x) ? f.zero(f.sign(x)) : x;
}

// Everything after rounding: ftz of a tiny result (S8, the rounder's tininess), the oob override
// (S14, which must be decided on the raw operands and is passed in), then sat (S12) or relu (S13).
uint16_t post_process(const Uop& u, const FloatFormat& f, Rounded rounded, bool oob_operand);

}  // namespace halfpipe::ref
