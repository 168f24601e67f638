// The one front door for forms: the text every command, the harness and the doors take as "a
// form" is either a PTX instruction ("fma.rn.relu.bf16x2") or the head of a vISA MIN_MAX batch
// line ("MAX.sat (16, M5) hf"). decode_form tells them apart once and hands each to its own
// decoder, so that no caller repeats the branch.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/uop/uop.h"

namespace halfpipe::isa {

struct DecodedForm {
  bool visa = false;                             // the text is a vISA form, legal or not
  std::optional<Uop> uop;                        // a legal PTX form
  std::optional<visa::Instruction> instruction;  // a legal vISA form
  std::string name;   // the canonical spelling (ptx_form, visa::form_name) of a legal form
  std::string error;  // otherwise, the decoder's message
  bool legal() const { return uop || instruction; }
};

// A PTX form is checked against `target` where one is given (S23); vISA forms have no target.
DecodedForm decode_form(std::string_view text, const std::optional<Target>& target = std::nullopt);

}  // namespace halfpipe::isa
