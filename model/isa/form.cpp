#include "model/isa/form.h"

namespace halfpipe::isa {

DecodedForm decode_form(std::string_view text, const std::optional<Target>& target) {
  DecodedForm form;
  form.visa = visa::is_batch_line(text);
  if (form.visa) {
    form.instruction = visa::parse_form(text, form.error);
    if (form.instruction) form.name = visa::form_name(*form.instruction);
    return form;
  }
  Decoded decoded = decode_ptx(text, target);
  form.uop = decoded.uop;
  form.error = std::move(decoded.error);
  if (form.uop) form.name = ptx_form(*form.uop);
  return form;
}

}  // namespace halfpipe::isa
