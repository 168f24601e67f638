// libFuzzer target: the vISA MIN_MAX front-end (model/isa/visa.h) and the vISA batch line
// (vectors/line.h, vectors/batch.h). Two doors, picked by the first input byte:
// - even: the binary decoder. The next seven bytes are the Encoding's fields in declaration
//   order (opcode, exec_size, op, type, dst_modifier, src0_modifier, src1_modifier; missing
//   bytes are 0), the four after them an execution mask (little-endian) for channel_enable.
// - odd: the text. The rest of the input, up to its first end of line, is one line given to is_batch_line, parse_form,
//   decode_text (under the type numbered (first byte >> 1) % 11), parse_batch_line and
//   evaluate_visa, exactly as `eval --batch` evaluates a vISA line.
//
// Invariants: a legal encoding is exactly what encode() writes back (decode_binary(e) == i
// implies encode(i) == e), and decode_binary(encode(i)) == i; every decoded instruction
// round-trips through its text form and its form name; its channels stay below exec_size; a
// parsed batch line round-trips through format_batch_line; every message is one non-empty line.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "model/isa/visa.h"
#include "vectors/batch.h"
#include "vectors/line.h"

namespace {

namespace visa = halfpipe::isa::visa;
using halfpipe::fuzz::one_line;

std::string describe(const visa::Instruction& i) { return visa::text_form(i); }

uint32_t low_channels(int exec_size) {
  return exec_size >= 32 ? ~uint32_t{0} : (uint32_t{1} << exec_size) - 1;
}

// What every decoded instruction keeps, however it was read.
void check_instruction(const visa::Instruction& i) {
  FUZZ_CHECK(i.exec_size >= 1 && i.exec_size <= visa::kMaxExecSize &&
                 (i.exec_size & (i.exec_size - 1)) == 0,
             describe(i));
  FUZZ_CHECK(i.mask.group >= 1 && i.mask.group <= 8, describe(i));
  FUZZ_CHECK(visa::mask_control_fits(i), describe(i));
  FUZZ_CHECK((visa::channel_enable(i, ~uint32_t{0}) & ~low_channels(i.exec_size)) == 0,
             describe(i));

  const visa::Decoded text = visa::decode_text(visa::text_form(i), i.type);
  FUZZ_CHECK(text.instruction && *text.instruction == i, describe(i) + ": " + text.error);

  std::string error;
  const std::optional<visa::Instruction> form = visa::parse_form(visa::form_name(i), error);
  visa::Instruction unmodified = i;
  unmodified.src0_mod = unmodified.src1_mod = {};
  FUZZ_CHECK(form && *form == unmodified, visa::form_name(i) + ": " + error);
  FUZZ_CHECK(visa::is_batch_line(visa::form_name(i) + " 0 0 0 0"), visa::form_name(i));
}

void binary_door(const uint8_t* data, size_t size) {
  uint8_t field[11] = {};
  for (size_t k = 0; k < sizeof field && k < size; ++k) field[k] = data[k];
  const visa::Encoding e{field[0], field[1], field[2], field[3], field[4], field[5], field[6]};
  const uint32_t exec_mask = uint32_t{field[7]} | uint32_t{field[8]} << 8 |
                             uint32_t{field[9]} << 16 | uint32_t{field[10]} << 24;

  const visa::Decoded d = visa::decode_binary(e);
  FUZZ_CHECK(d.instruction.has_value() == d.error.empty(), d.error);
  FUZZ_CHECK(one_line(d.error), d.error);
  if (!d.instruction) return;
  const visa::Instruction& i = *d.instruction;
  FUZZ_CHECK(visa::encode(i) == e, describe(i));
  const visa::Decoded again = visa::decode_binary(visa::encode(i));
  FUZZ_CHECK(again.instruction && *again.instruction == i, describe(i) + ": " + again.error);
  FUZZ_CHECK((visa::channel_enable(i, exec_mask) & ~low_channels(i.exec_size)) == 0,
             describe(i));
  check_instruction(i);
}

void text_door(uint8_t selector, std::string_view line) {
  (void)visa::is_batch_line(line);

  std::string error;
  if (const std::optional<visa::Instruction> form = visa::parse_form(line, error)) {
    FUZZ_CHECK(form->src0_mod == halfpipe::SourceModifier{} &&
                   form->src1_mod == halfpipe::SourceModifier{},
               std::string(line));
    check_instruction(*form);
  } else {
    FUZZ_CHECK(!error.empty() && one_line(error), error);
  }

  const auto type = static_cast<visa::Type>((selector >> 1) % halfpipe::kVisaTypeCount);
  const visa::Decoded text = visa::decode_text(line, type);
  FUZZ_CHECK(text.instruction.has_value() == text.error.empty(), text.error);
  FUZZ_CHECK(one_line(text.error), text.error);
  if (text.instruction) {
    FUZZ_CHECK(text.instruction->type == type, std::string(line));
    check_instruction(*text.instruction);
  }

  const auto parsed = halfpipe::isa::visa::parse_batch_line(line);
  FUZZ_CHECK(parsed.value.has_value() == parsed.error.empty(), parsed.error);
  FUZZ_CHECK(one_line(parsed.error), parsed.error);
  if (parsed) {
    check_instruction(parsed->instruction);
    const std::string canonical = halfpipe::isa::visa::format_batch_line(*parsed);
    const auto again = halfpipe::isa::visa::parse_batch_line(canonical);
    FUZZ_CHECK(again && again->instruction == parsed->instruction &&
                   again->exec_mask == parsed->exec_mask && again->dst == parsed->dst &&
                   again->src0 == parsed->src0 && again->src1 == parsed->src1 &&
                   halfpipe::isa::visa::format_batch_line(*again) == canonical,
               canonical + ": " + again.error);
  }

  std::string out;
  const bool evaluated = halfpipe::vectors::evaluate_visa(line, out);
  FUZZ_CHECK(!out.empty() && one_line(out), out);
  if (evaluated) FUZZ_CHECK(parsed.value.has_value(), out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  if (data[0] % 2 == 0) {
    binary_door(data + 1, size - 1);
  } else {
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    text_door(data[0], rest.substr(0, rest.find('\n')));
  }
  return 0;
}
