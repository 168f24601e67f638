#include "model/workload/program.h"

#include <string_view>

#include "model/isa/ptx.h"

namespace halfpipe::workload {

bool is_half_precision_unit_opcode(const std::string& text) {
  const std::string_view word(text);
  if (!isa::find_opcode(word.substr(0, word.find('.')))) return false;
  for (std::size_t at = word.find('.'); at != std::string_view::npos;) {
    const std::size_t next = word.find('.', at + 1);
    const std::string_view modifier = word.substr(at + 1, next == std::string_view::npos
                                                              ? std::string_view::npos
                                                              : next - at - 1);
    for (const isa::PtxType& type : isa::kPtxTypes)
      if (modifier == type.name) return true;
    at = next;
  }
  return false;
}

Form classify_form(const std::string& text, const isa::Target* target) {
  Form form;
  form.text = text;
  const isa::Decoded decoded =
      target ? isa::decode_ptx(text, *target) : isa::decode_ptx(text);
  if (decoded.uop)
    form.uop = decoded.uop;
  else if (is_half_precision_unit_opcode(text))
    form.not_executable = decoded.error;
  return form;
}

}  // namespace halfpipe::workload
