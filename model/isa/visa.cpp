// The vISA MIN_MAX front-end: binary and text forms (S24, S25), forms and mask controls.
#include "model/isa/visa.h"

#include "model/isa/hex.h"

#include <array>
#include <string>

namespace halfpipe::isa::visa {
namespace {

// ---- small text helpers ------------------------------------------------------------------------

// Blanks are the tokenizer's (model/isa/hex.h), so a batch line splits the same everywhere.
bool is_space(char c) { return is_blank(c); }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// A position in a line, moving forward only.
struct Cursor {
  std::string_view s;
  size_t pos = 0;

  void skip_space() {
    while (pos < s.size() && is_space(s[pos])) ++pos;
  }
  bool at_end() {
    skip_space();
    return pos >= s.size();
  }
  // The next run of non-blank characters, stopping early at any character in `stops`.
  std::string_view word(std::string_view stops = {}) {
    skip_space();
    const size_t start = pos;
    while (pos < s.size() && !is_space(s[pos]) && stops.find(s[pos]) == std::string_view::npos)
      ++pos;
    return s.substr(start, pos - start);
  }
  // Like word(), but a comma list may have blanks around its commas: "1, 2 ,3" is one field.
  std::string_view list_field() {
    skip_space();
    const size_t start = pos;
    size_t end = pos;
    while (pos < s.size()) {
      while (pos < s.size() && !is_space(s[pos])) ++pos;
      end = pos;
      skip_space();
      const bool continues =
          (end > start && s[end - 1] == ',') || (pos < s.size() && s[pos] == ',');
      if (!continues) break;
    }
    pos = end;
    return s.substr(start, end - start);
  }
};

// ---- the fields of S24 and S25 ------------------------------------------------------------------

constexpr std::array<int, 6> kExecSizes{1, 2, 4, 8, 16, 32};

int log2_exec_size(int exec_size) {
  for (size_t k = 0; k < kExecSizes.size(); ++k) {
    if (kExecSizes[k] == exec_size) return static_cast<int>(k);
  }
  return -1;
}

// S25: the channels of Mn start at execution-mask bit 4*(n-1) and must end by bit 31. The
// offset is part of the mask control whether or not _NM ignores the mask bits.
std::string mask_range_error(const Instruction& i) {
  if (4 * (i.mask.group - 1) + i.exec_size <= kMaxExecSize) return {};
  return "mask control " + mask_control_name(i.mask) + " with exec size " +
         std::to_string(i.exec_size) + " runs past execution-mask bit 31 (S25)";
}

std::optional<MaskControl> parse_mask_control(std::string_view s) {
  if (s.size() < 2 || lower(s[0]) != 'm' || s[1] < '1' || s[1] > '8') return std::nullopt;
  MaskControl m{s[1] - '0', false};
  const std::string_view rest = s.substr(2);
  if (rest.empty()) return m;
  if (!iequals(rest, "_nm")) return std::nullopt;
  m.no_mask = true;
  return m;
}

std::optional<int> parse_exec_size(std::string_view s) {
  if (s.empty() || s.size() > 2) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (log2_exec_size(v) < 0) return std::nullopt;
  return v;
}

// `MIN[.sat] (<exec_size>)` or `(<mask>, <exec_size>)`, shared by the text form and the batch
// line. Returns the error, empty on success.
std::string parse_head(Cursor& c, Instruction& i) {
  const std::string_view opcode = c.word("(");
  if (opcode.empty()) return "missing opcode: expected MIN or MAX";
  const size_t dot = opcode.find('.');
  const std::string_view name = opcode.substr(0, dot);
  if (iequals(name, "min")) {
    i.max = false;
  } else if (iequals(name, "max")) {
    i.max = true;
  } else {
    return "unknown opcode " + quoted(name) + ": expected MIN or MAX";
  }
  if (dot != std::string_view::npos) {
    const std::string_view modifier = opcode.substr(dot);
    if (!iequals(modifier, ".sat"))
      return "unknown modifier " + quoted(modifier) + ": MIN and MAX take only .sat";
    i.sat = true;
  }

  c.skip_space();
  if (c.pos >= c.s.size() || c.s[c.pos] != '(')
    return "expected '(<exec_size>)' after " + std::string(opcode);
  const size_t close = c.s.find(')', c.pos);
  if (close == std::string_view::npos) return "missing ')' after the exec size";
  std::string_view inside = c.s.substr(c.pos + 1, close - c.pos - 1);
  c.pos = close + 1;

  bool have_exec = false, have_mask = false;
  int parts = 0;
  while (true) {
    const size_t comma = inside.find(',');
    const std::string_view part = trim(inside.substr(0, comma));
    if (++parts > 2)
      return "too many fields in '(...)': expected (<exec_size>) or (<mask>, <exec_size>)";
    if (!part.empty() && lower(part[0]) == 'm') {
      if (have_mask) return "mask control given twice";
      const auto m = parse_mask_control(part);
      if (!m) return "unknown mask control " + quoted(part) + ": expected M1..M8 or M1_NM..M8_NM";
      i.mask = *m;
      have_mask = true;
    } else {
      if (have_exec) return "exec size given twice";
      const auto e = parse_exec_size(part);
      if (!e) return "bad exec size " + quoted(part) + ": expected 1, 2, 4, 8, 16 or 32";
      i.exec_size = *e;
      have_exec = true;
    }
    if (comma == std::string_view::npos) break;
    inside = inside.substr(comma + 1);
  }
  if (!have_exec) return "missing exec size in '(...)'";
  return mask_range_error(i);
}

// ---- the binary operand bytes (IGC's VISA_Type and VISA_Modifier numbering) -------------------

struct TypeCode {
  uint8_t code;
  std::string_view name;
  std::optional<Type> type;  // nullopt: a vISA type MIN_MAX does not take
};
constexpr std::array<TypeCode, 16> kTypeCodes{{
    {0x0, "UD", Type::UD},   {0x1, "D", Type::D},     {0x2, "UW", Type::UW},
    {0x3, "W", Type::W},     {0x4, "UB", Type::UB},   {0x5, "B", Type::B},
    {0x6, "DF", Type::DF},   {0x7, "F", Type::F},     {0x8, "V", std::nullopt},
    {0x9, "VF", std::nullopt}, {0xA, "BOOL", std::nullopt}, {0xB, "UQ", Type::UQ},
    {0xC, "UV", std::nullopt}, {0xD, "Q", Type::Q},   {0xE, "HF", Type::HF},
    {0xF, "BF", std::nullopt},
}};

enum ModifierCode : uint8_t { kNone = 0, kAbs = 1, kNeg = 2, kNegAbs = 3, kSat = 4, kNot = 5 };

std::string hex_byte(uint8_t b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  return std::string("0x") + kDigits[b >> 4] + kDigits[b & 15];
}

std::string source_modifier_error(std::string_view field, uint8_t code, SourceModifier& out) {
  switch (code) {
    case kNone: out = {}; return {};
    case kAbs: out = {false, true}; return {};
    case kNeg: out = {true, false}; return {};
    case kNegAbs: out = {true, true}; return {};
    case kSat:
      return std::string(field) + ": " + hex_byte(code) + " (sat) belongs to the destination";
    case kNot:
      return std::string(field) + ": " + hex_byte(code) +
             " (not) is a logic modifier; MIN_MAX takes arithmetic ones (S27)";
    default:
      return std::string(field) + ": " + hex_byte(code) + " is not a vISA modifier (0x0..0x5)";
  }
}

uint8_t source_modifier_code(SourceModifier m) {
  if (m.abs) return m.neg ? kNegAbs : kAbs;
  return m.neg ? kNeg : kNone;
}

// ---- forms -------------------------------------------------------------------------------------

std::optional<Type> parse_type(std::string_view s) {
  for (int t = 0; t < kVisaTypeCount; ++t) {
    if (iequals(s, traits(static_cast<Type>(t)).name)) return static_cast<Type>(t);
  }
  return std::nullopt;
}

// The TYPE word after a head (batch line, form).
std::string parse_type_field(Cursor& c, Instruction& i) {
  const std::string_view field = c.word();
  if (field.empty()) return "missing TYPE after the exec size";
  const auto type = parse_type(field);
  if (!type) return "bad type " + quoted(field) + ": expected b ub w uw d ud q uq hf f df";
  i.type = *type;
  return {};
}

// ---- the batch line ------------------------------------------------------------------------

// One of DST, SRC0, SRC1: exactly `count` elements of `t`, with a source modifier when allowed.
std::string parse_list(std::string_view field, std::string_view name, const VisaTypeTraits& t,
                       int count, bool modifier_allowed, SourceModifier& mod, uint64_t* out) {
  const SourceModifier taken = take_source_modifier(field);
  if (taken.neg || taken.abs) {
    if (!modifier_allowed) return std::string(name) + " takes no source modifier";
    mod = taken;
  }
  int n = 0;
  while (true) {
    const size_t comma = field.find(',');
    const std::string_view element = trim(field.substr(0, comma));
    if (n < count) {
      auto at = [&] { return std::string(name) + " element " + std::to_string(n); };
      const isa::Hex h = isa::parse_hex(element, isa::HexLimit::bits(t.bits));
      switch (h.problem) {
        case isa::HexProblem::None: out[n] = h.value; break;
        case isa::HexProblem::Empty: return at() + " is empty";
        case isa::HexProblem::NotHex: return at() + " " + quoted(element) + " is not hex";
        case isa::HexProblem::TooWide:
          return at() + " " + quoted(element) + " is wider than " + std::to_string(t.bits) +
                 " bits (type " + std::string(t.name) + ")";
      }
    }
    ++n;
    if (comma == std::string_view::npos) break;
    field = field.substr(comma + 1);
  }
  if (n != count)
    return std::string(name) + " has " + std::to_string(n) + " elements; EXEC is " +
           std::to_string(count);
  return {};
}

}  // namespace

// ---- public ------------------------------------------------------------------------------------

std::string modifier_text(SourceModifier m) {
  if (m.abs) return m.neg ? "-(abs)" : "(abs)";
  return m.neg ? "-" : "";
}

SourceModifier take_source_modifier(std::string_view& operand) {
  struct Spelling {
    std::string_view text;
    SourceModifier mod;
  };
  // Longest first, so "-(abs)" is not read as "-" followed by "(abs)...".
  static constexpr std::array<Spelling, 5> kSpellings{{
      {"-(abs)", {true, true}},
      {"(-abs)", {true, true}},
      {"(abs)", {false, true}},
      {"(-)", {true, false}},
      {"-", {true, false}},
  }};
  for (const Spelling& s : kSpellings) {
    if (istarts_with(operand, s.text)) {
      operand.remove_prefix(s.text.size());
      return s.mod;
    }
  }
  return {};
}

bool mask_control_fits(const Instruction& i) { return mask_range_error(i).empty(); }

std::string mask_control_name(MaskControl m) {
  return "M" + std::to_string(m.group) + (m.no_mask ? "_NM" : "");
}

Decoded decode_binary(const Encoding& e) {
  auto fail = [](std::string message) { return Decoded{std::nullopt, std::move(message)}; };
  if (e.opcode != kMinMaxOpcode)
    return fail("opcode: " + hex_byte(e.opcode) + " is not MIN_MAX (0x45)");
  Instruction i;
  const int size_code = e.exec_size & 0x7;
  if (size_code >= static_cast<int>(kExecSizes.size()))
    return fail("Exec_size: bits [2:0] = " + std::to_string(size_code) +
                " is reserved (0..5 give 1..32 channels, S24)");
  if (e.exec_size & 0x8) return fail("Exec_size: bit 3 is reserved and must be 0 (S24)");
  i.exec_size = kExecSizes[size_code];
  i.mask = MaskControl{((e.exec_size >> 4) & 0x7) + 1, (e.exec_size & 0x80) != 0};
  if (e.op & 0xFE)
    return fail("Op: bits [7:1] = " + hex_byte(e.op) + " are reserved and must be 0 (S24)");
  i.max = (e.op & 1) != 0;
  if (e.type >= kTypeCodes.size())
    return fail("type: " + hex_byte(e.type) + " is out of range (vISA types are 0x0..0xf)");
  const TypeCode& tc = kTypeCodes[e.type];
  if (!tc.type)
    return fail("type: " + hex_byte(e.type) + " (" + std::string(tc.name) +
                ") is not a MIN_MAX type (B D DF F HF Q UB UD UQ UW W)");
  i.type = *tc.type;
  if (e.dst_modifier == kSat) {
    i.sat = true;
  } else if (e.dst_modifier != kNone) {
    return fail("dst modifier: " + hex_byte(e.dst_modifier) +
                " is not allowed; a destination takes 0x0 (none) or 0x4 (sat)");
  }
  if (std::string err = source_modifier_error("src0 modifier", e.src0_modifier, i.src0_mod);
      !err.empty())
    return fail(err);
  if (std::string err = source_modifier_error("src1 modifier", e.src1_modifier, i.src1_mod);
      !err.empty())
    return fail(err);
  if (std::string err = mask_range_error(i); !err.empty()) return fail("Exec_size: " + err);
  return {i, {}};
}

Encoding encode(const Instruction& i) {
  Encoding e;
  e.opcode = kMinMaxOpcode;
  const int mask_code = (i.mask.group - 1) | (i.mask.no_mask ? 8 : 0);
  e.exec_size = static_cast<uint8_t>(log2_exec_size(i.exec_size) | (mask_code << 4));
  e.op = i.max ? 1 : 0;
  for (const TypeCode& tc : kTypeCodes) {
    if (tc.type == i.type) e.type = tc.code;
  }
  e.dst_modifier = i.sat ? kSat : kNone;
  e.src0_modifier = source_modifier_code(i.src0_mod);
  e.src1_modifier = source_modifier_code(i.src1_mod);
  return e;
}

Decoded decode_text(std::string_view text, Type type) {
  auto fail = [](std::string message) { return Decoded{std::nullopt, std::move(message)}; };
  Cursor c{text};
  Instruction i;
  i.type = type;
  if (std::string err = parse_head(c, i); !err.empty()) return fail(err);

  std::string_view dst = c.word();
  if (dst.empty()) return fail("missing dst");
  if (const SourceModifier m = take_source_modifier(dst); m.neg || m.abs)
    return fail("dst takes no source modifier");
  if (dst.empty()) return fail("missing dst");
  constexpr std::array<std::string_view, 2> kSources{"src0", "src1"};
  for (size_t s = 0; s < kSources.size(); ++s) {
    std::string_view operand = c.word();
    if (operand.empty()) return fail("missing " + std::string(kSources[s]));
    const SourceModifier m = take_source_modifier(operand);
    if (operand.empty())
      return fail(std::string(kSources[s]) + ": source modifier without an operand");
    (s == 0 ? i.src0_mod : i.src1_mod) = m;
  }
  if (!c.at_end()) return fail("unexpected " + quoted(c.word()) + " after src1");
  return {i, {}};
}

std::string text_form(const Instruction& i) {
  return std::string(i.max ? "MAX" : "MIN") + (i.sat ? ".sat" : "") + " (" +
         mask_control_name(i.mask) + ", " + std::to_string(i.exec_size) + ") dst " +
         modifier_text(i.src0_mod) + "src0 " + modifier_text(i.src1_mod) + "src1";
}

uint32_t channel_enable(const Instruction& i, uint32_t exec_mask) {
  const auto channels = static_cast<uint32_t>(element_mask(i.exec_size));
  if (i.mask.no_mask) return channels;
  return (exec_mask >> (4 * (i.mask.group - 1))) & channels;
}

bool is_batch_line(std::string_view line) {
  Cursor c{line};
  const std::string_view opcode = c.word("(");
  return iequals(opcode, "min") || iequals(opcode, "max") || iequals(opcode, "min.sat") ||
         iequals(opcode, "max.sat");
}

std::optional<Instruction> take_form(std::string_view& text, std::string& error) {
  Cursor c{text};
  Instruction i;
  if (error = parse_head(c, i); !error.empty()) return std::nullopt;
  if (error = parse_type_field(c, i); !error.empty()) return std::nullopt;
  text.remove_prefix(c.pos);
  return i;
}

std::optional<Instruction> parse_form(std::string_view text, std::string& error) {
  const std::optional<Instruction> i = take_form(text, error);
  if (!i) return std::nullopt;
  Cursor c{text};
  if (!c.at_end()) {
    error = "unexpected " + quoted(c.word()) +
            " after TYPE: a vISA form is MIN|MAX[.sat] (EXEC[, MASK]) TYPE";
    return std::nullopt;
  }
  return i;
}

std::string form_name(const Instruction& i) {
  return std::string(i.max ? "MAX" : "MIN") + (i.sat ? ".sat" : "") + " (" +
         std::to_string(i.exec_size) + ", " + mask_control_name(i.mask) + ") " +
         std::string(traits(i.type).name);
}

ParsedBatchLine parse_batch_line(std::string_view line) {
  ParsedBatchLine result;
  auto fail = [&result](std::string message) {
    result.value.reset();
    result.error = std::move(message);
    return std::move(result);
  };
  if (const size_t hash = line.find('#'); hash != std::string_view::npos)
    line = line.substr(0, hash);
  std::string error;
  const std::optional<Instruction> form = take_form(line, error);
  if (!form) return fail(std::move(error));
  BatchLine& b = result.value.emplace();
  Instruction& i = b.instruction;
  i = *form;
  const VisaTypeTraits& t = traits(i.type);
  Cursor c{line};

  const std::string_view emask_field = c.word();
  if (emask_field.empty()) return fail("missing EMASK after TYPE");
  const isa::Hex emask = isa::parse_hex(emask_field, isa::HexLimit::bits(32));
  switch (emask.problem) {
    case isa::HexProblem::None: break;
    case isa::HexProblem::Empty: return fail("EMASK " + quoted(emask_field) + " has no hex digits");
    case isa::HexProblem::NotHex: return fail("EMASK " + quoted(emask_field) + " is not hex");
    case isa::HexProblem::TooWide:
      return fail("EMASK " + quoted(emask_field) + " is wider than 32 bits");
  }
  b.exec_mask = static_cast<uint32_t>(emask.value);

  constexpr std::array<std::string_view, 3> kNames{"DST", "SRC0", "SRC1"};
  const std::array<uint64_t*, 3> lists{b.dst.data(), b.src0.data(), b.src1.data()};
  for (size_t k = 0; k < kNames.size(); ++k) {
    const std::string_view field = c.list_field();
    if (field.empty()) return fail("missing " + std::string(kNames[k]));
    SourceModifier unused;
    SourceModifier& mod = k == 1 ? i.src0_mod : k == 2 ? i.src1_mod : unused;
    if (std::string err = parse_list(field, kNames[k], t, i.exec_size, k != 0, mod, lists[k]);
        !err.empty())
      return fail(std::move(err));
  }
  if (!c.at_end()) return fail("unexpected " + quoted(c.word()) + " after SRC1");
  return result;
}

std::string format_batch_line(const BatchLine& b) {
  const Instruction& i = b.instruction;
  const int digits = traits(i.type).bits / 4;
  std::string out = form_name(i) + " ";
  isa::append_hex(out, b.exec_mask, 8);
  const std::array<const uint64_t*, 3> lists{b.dst.data(), b.src0.data(), b.src1.data()};
  const std::array<SourceModifier, 3> mods{SourceModifier{}, i.src0_mod, i.src1_mod};
  for (size_t k = 0; k < lists.size(); ++k) {
    out += ' ';
    out += modifier_text(mods[k]);
    for (int ch = 0; ch < i.exec_size; ++ch) {
      if (ch) out += ',';
      isa::append_hex(out, lists[k][ch], digits);
    }
  }
  return out;
}

}  // namespace halfpipe::isa::visa
