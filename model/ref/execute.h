// The golden reference's entry points: a decoded Uop and its operands in, the result out.
#pragma once

#include <cstdint>

#include "model/ref/format.h"
#include "model/ref/not_implemented.h"
#include "model/ref/round.h"
#include "model/uop/uop.h"

namespace halfpipe::ref {

// The arithmetic a PTX Uop names on one lane of a floating format (ops.h), before the modifiers
// and the post-processing that execute_lane applies: the bulk path tabulates it for the
// approximations.
Rounded operate(const Uop& u, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c);

// One 16-bit lane, exactly as the scalar form computes it (S2). A vISA MIN_MAX Uop (min or max
// with nan_policy VisaSrc1 or an integer format) is visa_execute_lane (visa_minmax.h), c unused;
// any other op on an integer format throws NotImplemented.
uint16_t execute_lane(const Uop& u, uint16_t a, uint16_t b, uint16_t c);

// Every lane of a beat, `lanes` of them (a lane whose lane_mask bit is clear reads 0, as in the
// RTL): execute_lane per lane, except that a vISA MIN_MAX Uop of a 32- or 64-bit format fuses
// lanes into elements (visa_execute_lanes). This is what a unit of `lanes` lanes computes.
void execute_lanes(const Uop& u, int lanes, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                   uint16_t* result);

// A PTX register operation: a scalar Uop reads and writes bits [15:0]; a packed one computes
// lane 0 in [15:0] and lane 1 in [31:16] (S2). Unused operands are ignored.
uint32_t execute(const Uop& u, uint32_t a, uint32_t b = 0, uint32_t c = 0);

}  // namespace halfpipe::ref
