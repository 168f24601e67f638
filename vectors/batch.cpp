#include "vectors/batch.h"

#include <cstdint>
#include <exception>

#include "model/isa/visa.h"
#include "model/ref/execute.h"
#include "model/ref/visa_minmax.h"
#include "model/uop/visa_type.h"
#include "vectors/operand_check.h"

namespace halfpipe::vectors {

bool evaluate_ptx(const Form& form, const Tokens& tokens, std::string& out) {
  if (!form.uop) {
    out += form.error;
    return false;
  }
  const Uop& u = *form.uop;
  const int wanted = operand_count(u.op);
  const int given = tokens.count - 1;
  if (given != wanted) {
    out += operand_count_error(form.text, wanted, given);
    return false;
  }
  const int digits = u.packed ? 8 : 4;
  uint32_t operand[3] = {0, 0, 0};
  for (int i = 0; i < wanted; ++i) {
    const std::string_view text = tokens[i + 1];
    const Hex h = parse_hex(text, HexLimit::digits(digits));
    if (h.problem == HexProblem::Empty || h.problem == HexProblem::NotHex) {
      out += "bad hex operand '" + std::string(text) + "'";
      return false;
    }
    if (h.problem == HexProblem::TooWide) {
      out += "operand '" + std::string(text) + "' is too wide: '" + form.text + "' takes at most " +
             std::to_string(digits) + " hex digits";
      return false;
    }
    operand[i] = static_cast<uint32_t>(h.value);
  }
  uint32_t result;
  try {
    result = ref::execute(u, operand[0], operand[1], operand[2]);
  } catch (const std::exception& e) {
    out += e.what();
    return false;
  }
  append_hex(out, result, digits);
  return true;
}

bool evaluate_visa(std::string_view line, std::string& out) {
  isa::visa::ParsedBatchLine parsed = isa::visa::parse_batch_line(line);
  if (!parsed) {
    out += parsed.error;
    return false;
  }
  isa::visa::BatchLine& b = *parsed.value;
  const isa::visa::Instruction& i = b.instruction;
  ref::visa_minmax(i.element_op(), isa::visa::channel_enable(i, b.exec_mask), i.exec_size,
                   b.src0.data(), b.src1.data(), b.dst.data());
  const int digits = traits(i.type).bits / 4;
  for (int ch = 0; ch < i.exec_size; ++ch) {
    if (ch) out += ',';
    append_hex(out, b.dst[static_cast<size_t>(ch)], digits);
  }
  return true;
}

bool BatchEvaluator::evaluate(std::string_view line, const Tokens& tokens, std::string& out) {
  if (isa::visa::is_batch_line(tokens[0], line)) return evaluate_visa(line, out);
  return evaluate_ptx(forms_.get(tokens[0]), tokens, out);
}

}  // namespace halfpipe::vectors
