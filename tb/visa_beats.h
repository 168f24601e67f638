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
// U16 for UW, S8/U8 for B/UB (in the low byte of a lane), S32/U32/F32 for D/UD/F (an element on
// a pair of lanes), S64/U64/F64 for Q/UQ/DF (on four lanes). Every type has one; the optional
// stays for callers that ask before an instruction is known to be vISA's.
std::optional<Format> visa_uop_format(isa::visa::Type t);

// How many 16-bit lanes an element of the type occupies: 1 (B UB W UW HF), 2 (D UD F), 4 (Q UQ
// DF).
int visa_lanes_per_element(isa::visa::Type t);

// Why a unit of `lanes` lanes cannot run the type, or empty when it can: a 32-bit element needs
// an even lane count and a 64-bit one a multiple of 4 (rtl/README.md, "Wide elements").
std::string visa_lanes_error(isa::visa::Type t, int lanes);

// The Uops the RTL consumes: channels in beats of lanes / n elements (n = lanes per element;
// beat k carries channels [k*e, (k+1)*e) with e = lanes / n, channel k*e + j in lanes
// [j*n, (j+1)*n), least significant 16 bits in the lowest), each with op Min/Max, the type's
// format, nan_policy VisaSrc1 (S28), the source modifiers, sat, and the n lane_mask bits of a
// channel set when that channel is enabled (S25); lanes past exec_size are never enabled. An
// error (and no Uops) for a lane count outside 1..32 or one the type does not fit
// (visa_lanes_error).
struct VisaBeats {
  std::vector<Uop> uops;
  std::string error;
};
VisaBeats visa_beats(const isa::visa::Instruction& i, uint32_t exec_mask, int lanes);

// Every vISA form of the given types: MIN/MAX x .sat x every exec size with every mask control
// that fits it (S25), 74 (exec size, mask control) pairs, so 296 forms a type.
std::vector<isa::visa::Instruction> visa_forms(const std::vector<isa::visa::Type>& types);

// Every form the RTL executes at any lane count: all eleven types, 11 x 296 = 3256 forms.
std::vector<isa::visa::Instruction> visa_rtl_forms();

// The forms a unit of `lanes` lanes executes: the types visa_lanes_error lets through, and the
// forms of the other types (`skipped`, the reason for each type in `reasons`, one line a type).
// Lanes 2 and 6: 8 types, 2368 forms, 888 skipped (Q UQ DF); Lanes 4 and 8: all 3256.
struct VisaRtlForms {
  std::vector<isa::visa::Instruction> forms;
  uint64_t skipped = 0;
  std::vector<std::string> reasons;
};
VisaRtlForms visa_rtl_forms(int lanes);

// What --all-visa prints when a lane count skips forms, e.g. "--all-visa at Lanes=2: 2368 vISA
// forms, 888 skipped: type q needs ..."; empty when none is skipped.
std::string visa_skipped_note(const VisaRtlForms& f, int lanes);

}  // namespace halfpipe::tb
