// The Intel vISA MIN_MAX front-end (the vISA MIN_MAX page; doc/semantics.md S24-S29): the binary
// form and the text form in, a decoded instruction out, and the channel enables (S25). Errors name
// the offending field. It knows the contract (model/uop) alone: the batch line is parsed here
// and evaluated in vectors/batch.h, the Uop beats the RTL consumes are cut in tb/visa_beats.h.
//
// The binary form. The spec gives three bytes: the opcode 0x45, Exec_size and Op. The type,
// `.sat` and the source modifiers live in vISA's operands, whose encoding the page does not give,
// so they are carried here as one byte each, numbered as in Intel's vISA headers (IGC,
// visa_igc_common_header.h):
//   type          VISA_Type:     0x0 UD, 0x1 D, 0x2 UW, 0x3 W, 0x4 UB, 0x5 B, 0x6 DF, 0x7 F,
//                                0xB UQ, 0xD Q, 0xE HF. 0x8 V, 0x9 VF, 0xA BOOL, 0xC UV and
//                                0xF BF are vISA types MIN_MAX does not take; 0x10 and up are
//                                out of range.
//   dst_modifier  VISA_Modifier: 0x0 none, 0x4 sat (the only modifier a destination takes).
//   src modifiers VISA_Modifier: 0x0 none, 0x1 (abs), 0x2 -, 0x3 -(abs); 0x4 sat belongs to
//                                the destination and 0x5 (not) to logic instructions.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/uop/uop.h"
#include "model/uop/visa_type.h"

namespace halfpipe::isa::visa {

using Type = VisaType;

inline constexpr uint8_t kMinMaxOpcode = 0x45;
inline constexpr int kMaxExecSize = 32;

struct Encoding {
  uint8_t opcode = kMinMaxOpcode;
  uint8_t exec_size = 0;  // [2:0] log2 of the channel count, [3] reserved, [7:4] mask control
  uint8_t op = 0;         // [0] 0 = min, 1 = max; [7:1] reserved
  uint8_t type = 0xE;     // VISA_Type numbering (see above); HF by default
  uint8_t dst_modifier = 0;
  uint8_t src0_modifier = 0;
  uint8_t src1_modifier = 0;
  friend bool operator==(const Encoding& x, const Encoding& y) {
    return x.opcode == y.opcode && x.exec_size == y.exec_size && x.op == y.op &&
           x.type == y.type && x.dst_modifier == y.dst_modifier &&
           x.src0_modifier == y.src0_modifier && x.src1_modifier == y.src1_modifier;
  }
};

// Mn or Mn_NM (S25): group n in 1..8 starts at execution-mask bit 4*(n-1).
struct MaskControl {
  int group = 1;
  bool no_mask = false;  // _NM: every channel enabled
  friend bool operator==(MaskControl x, MaskControl y) {
    return x.group == y.group && x.no_mask == y.no_mask;
  }
};

struct Instruction {
  bool max = false;
  int exec_size = 1;  // 1, 2, 4, 8, 16 or 32 channels
  MaskControl mask{};
  Type type = Type::HF;
  bool sat = false;
  SourceModifier src0_mod{};
  SourceModifier src1_mod{};

  VisaMinMax element_op() const { return {max, type, sat, src0_mod, src1_mod}; }
  friend bool operator==(const Instruction& x, const Instruction& y) {
    return x.max == y.max && x.exec_size == y.exec_size && x.mask == y.mask &&
           x.type == y.type && x.sat == y.sat && x.src0_mod == y.src0_mod &&
           x.src1_mod == y.src1_mod;
  }
};

struct Decoded {
  std::optional<Instruction> instruction;  // set when the encoding or text is legal
  std::string error;                       // otherwise, the message naming the field
};

// S24, S25: rejects a wrong opcode, a reserved Exec_size or Op bit, a type or modifier MIN_MAX
// does not take, and a mask control that runs past execution-mask bit 31.
Decoded decode_binary(const Encoding& e);
Encoding encode(const Instruction& i);  // decode_binary(encode(i)) gives i back

// The text form `MIN[.sat] (<exec_size>) <dst> <src0> <src1>` (or MAX), case-insensitive, with
// the optional mask control inside the parentheses: `(M5, 16)`, `(M1_NM, 8)` (either order is
// accepted). Operands are any non-blank tokens (variable names, regions); src0 and src1 may start
// with a source modifier `-`, `(abs)` or `-(abs)` (IGC's spellings `(-)` and `(-abs)` too). The
// text carries no type (vISA declares it with the variables), so the caller supplies it.
Decoded decode_text(std::string_view text, Type type);

// The canonical text of an instruction with operands named dst, src0, src1, e.g.
// "MAX.sat (M5, 8) dst -(abs)src0 src1"; decode_text(text_form(i), i.type) gives i back.
std::string text_form(const Instruction& i);

// A source modifier as the text forms prefix it to an operand: "", "-", "(abs)", "-(abs)".
std::string modifier_text(SourceModifier m);

// "M1" ... "M8", "M1_NM" ... "M8_NM".
std::string mask_control_name(MaskControl m);

// S25: bit i set when channel i (0 <= i < exec_size) computes.
uint32_t channel_enable(const Instruction& i, uint32_t exec_mask);

// S25: whether the channels of the mask control end by execution-mask bit 31.
bool mask_control_fits(const Instruction& i);

// Strips a leading source modifier (S27) off an operand: `-`, `(abs)` or `-(abs)`, and IGC's
// `(-)` and `(-abs)`; none when the operand starts otherwise.
SourceModifier take_source_modifier(std::string_view& operand);

// A batch line of `halfpipe eval --batch` for vISA, its one grammar:
//   MIN|MAX[.sat] (EXEC[, MASK]) TYPE EMASK DST SRC0 SRC1
// EXEC 1..32 (a power of two), MASK M1..M8 / M1_NM..M8_NM (default M1), TYPE b ub w uw d ud q uq
// hf f df, EMASK the 32-bit execution mask in hex; DST, SRC0, SRC1 comma-separated lists of
// exactly EXEC hex elements (0x optional, model/isa/hex.h) of the type's width, blanks allowed
// around the commas, SRC0/SRC1 optionally prefixed by `-`, `(abs)` or `-(abs)`. A trailing
// `# comment` is ignored. The line holds the instruction (with the source modifiers its
// SRC0/SRC1 carry), the execution mask and EXEC elements of each list (elements past EXEC are
// zero).
struct BatchLine {
  Instruction instruction;
  uint32_t exec_mask = 0;
  std::array<uint64_t, kMaxExecSize> dst{}, src0{}, src1{};
};

// A parsed batch line, or the message naming the field and the problem.
struct ParsedBatchLine {
  std::optional<BatchLine> value;
  std::string error;
  explicit operator bool() const { return value.has_value(); }
  const BatchLine& operator*() const { return *value; }
  const BatchLine* operator->() const { return &*value; }
};
ParsedBatchLine parse_batch_line(std::string_view line);
// The canonical spelling; parse_batch_line(format_batch_line(b)) gives b back.
std::string format_batch_line(const BatchLine& b);

// A vISA form: the head of a batch line, `MIN|MAX[.sat] (EXEC[, MASK]) TYPE`, i.e. everything
// static about an instruction but its source modifiers (which, as in the batch line, ride on the
// operands). The sweep and the co-simulation name vISA streams by it.
std::optional<Instruction> parse_form(std::string_view text, std::string& error);
// Reads a form off the front of `text` (a batch line starts with one), leaving in `text` what
// follows TYPE.
std::optional<Instruction> take_form(std::string_view& text, std::string& error);
// The canonical spelling, e.g. "MAX.sat (16, M5) hf"; parse_form(form_name(i)) gives back i
// without its source modifiers.
std::string form_name(const Instruction& i);
// Whether a batch line is a vISA line rather than a PTX one: its first word is MIN, MAX,
// MIN.sat or MAX.sat (any case). PTX min/max always carry a type suffix, so never collide.
bool is_batch_line(std::string_view line);
// The same, given the line's first blank-separated token too: a cheap look at it first (inline:
// every line of `eval --batch` asks), that says no to any PTX line at once.
inline bool is_batch_line(std::string_view first_token, std::string_view line) {
  auto lower = [](char c) { return static_cast<char>(c | 0x20); };
  const std::string_view f = first_token;
  if (f.size() < 3 || lower(f[0]) != 'm') return false;
  const char b = lower(f[1]), c = lower(f[2]);
  if (!((b == 'i' && c == 'n') || (b == 'a' && c == 'x'))) return false;
  const bool shaped = f.size() == 3 || f[3] == '(' ||
                      (f[3] == '.' && f.size() > 4 && lower(f[4]) == 's');
  return shaped && is_batch_line(line);
}

}  // namespace halfpipe::isa::visa
