// What a Uop word (model/uop/uop.h encode(); the RTL's in_uop_i) means, in the words a user
// reads: its form and its fields. `halfpipe uop WORD`, the waveform's translate filter
// (tb/wave_view.h) and the memh bench's table of names (examples/memh/hp_uop_names.svh) say it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace halfpipe::tb {

struct UopName {
  // The form: a PTX word's canonical spelling ("fma.rn.relu.bf16x2"); a vISA MIN_MAX word's
  // element operation ("MAX.sat hf -(abs)src0 src1": its exec size and mask control ride on
  // the lane mask, not on the word). Empty when the word names none.
  std::string form;
  // Why it names none: the field that no form allows, e.g. "op field [3:0] is 12: ops are 0..9".
  std::string error;
};

// The form of a 20-bit Uop word, or the field that makes it none.
UopName uop_name(uint32_t word);

// The word's fields, one "name [bits] value meaning" line each, as rtl/hp_uop_pkg.sv lays them
// out: the op and the format always, the one-bit fields when set.
std::vector<std::string> uop_fields(uint32_t word);

// Every word that names a form, with its name, in increasing order of the word.
const std::vector<std::pair<uint32_t, std::string>>& uop_name_table();

}  // namespace halfpipe::tb
