// Intel vISA MIN_MAX (the vISA MIN_MAX page) over all eleven of its types, with the decisions of
// S26 (integer and IEEE order, -0 < +0, denormals kept), S27 (source modifiers), S28 (the vISA
// NaN rule) and S29 (.sat). One parameterised implementation: integers are described by width
// and signedness, floats by their exponent and fraction widths, all held in a uint64_t.
//
// This reference is separate from the PTX one (minmax.cpp): vISA reaches 32- and 64-bit types
// and integers, and returns NaN operands unchanged where PTX canonicalises them (S10 vs S28).
#pragma once

#include <cstdint>
#include <string_view>

#include "model/uop/uop.h"
#include "model/uop/visa_type.h"

namespace halfpipe::ref {

// The types, their traits and the element operation are the contract's (model/uop/visa_type.h).
using halfpipe::element_mask;
using halfpipe::kVisaTypeCount;
using halfpipe::traits;
using halfpipe::VisaMinMax;
using halfpipe::VisaType;
using halfpipe::VisaTypeTraits;

// One enabled channel: source modifiers (S27), then the compare (S26, S28), then .sat (S29).
// Elements live in the low traits(type).bits bits; bits above them are ignored on input and zero
// in the result.
uint64_t visa_minmax_element(const VisaMinMax& m, uint64_t src0, uint64_t src1);

// A whole instruction over `channels` channels: channel i is computed when bit i of
// `channel_enable` is set (the front-end derives it from the execution mask and the mask
// control, S25); a disabled channel keeps its old destination element in dst[i].
void visa_minmax(const VisaMinMax& m, uint32_t channel_enable, int channels, const uint64_t* src0,
                 const uint64_t* src1, uint64_t* dst);

// One 16-bit lane of a vISA Uop (op Min or Max; format F16 = HF, S16 = W, U16 = UW, S8 = B and
// U8 = UB, the byte types in the low byte of the lane with the high byte ignored on input and
// zero in the result). F16 requires nan_policy VisaSrc1 (with Ptx it is PTX min/max, not this).
// Throws NotImplemented (execute.h) for a Uop that is not a vISA MIN_MAX Uop, and for a 32- or
// 64-bit format, whose element spans several lanes (visa_execute_lanes).
uint16_t visa_execute_lane(const Uop& u, uint16_t src0, uint16_t src1);

// Every lane of a vISA Uop's beat, `lanes` of them: for a 32- or 64-bit format the element of
// lanes [g*n, (g+1)*n) (n = lanes_per_element) is src0/src1's slices joined, least significant
// in the lowest lane, and its result is split the same way; lanes whose lane_mask bit is clear
// read 0 (rtl/TIMING.md). Throws NotImplemented as visa_execute_lane does, and for a lane count
// that is not a multiple of n.
void visa_execute_lanes(const Uop& u, int lanes, const uint16_t* src0, const uint16_t* src1,
                        uint16_t* dst);

// The vISA type a Uop format stands for (F16 -> HF, S16 -> W, S32 -> D, F64 -> DF, ...); throws
// NotImplemented for BF16, which no vISA MIN_MAX type maps to.
VisaType visa_type_of(Format f);

}  // namespace halfpipe::ref
