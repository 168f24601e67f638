// A decoded vISA MIN_MAX instruction as the RTL consumes it (S25): the Uop format of its type,
// its channels cut into beats of Uops, and the forms the RTL executes at all. The decoder
// (model/isa/visa.h) knows nothing of lanes; this is where an instruction meets the unit's width.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/visa.h"
#include "model/uop/uop.h"

namespace halfpipe::tb {

// The Uop format that carries a type through the RTL's min/max unit: F16 for HF, S16 for W,
// U16 for UW, S8/U8 for B/UB (in the low byte of a lane); nullopt for the 32- and 64-bit types,
// which are reference-only.
std::optional<Format> visa_uop_format(isa::visa::Type t);

// The Uops the RTL consumes: channels in beats of `lanes` (beat k carries channels
// [k*lanes, (k+1)*lanes), channel k*lanes + j in lane j), each with op Min/Max, the type's
// format, nan_policy VisaSrc1 (S28), the source modifiers, sat, and bit j of lane_mask set when
// that channel is enabled (S25); lanes past exec_size are never enabled. An error (and no Uops)
// for a 32/64-bit type or a lane count outside 1..32.
struct VisaBeats {
  std::vector<Uop> uops;
  std::string error;
};
VisaBeats visa_beats(const isa::visa::Instruction& i, uint32_t exec_mask, int lanes);

// Every form the RTL executes: the 16-bit-lane types (HF W UW B UB) x MIN/MAX x .sat x every
// exec size with every mask control that fits it (S25): 1480 forms.
std::vector<isa::visa::Instruction> visa_rtl_forms();

}  // namespace halfpipe::tb
