// The PTX decoder. Legality (S22) and target gating (S23) are data: the syntax lines and the
// ISA notes of the spec pages, written below as text and expanded once into the list of every
// legal spelling. Decoding looks a spelling up in that list; when it is absent, the diagnosis
// asks the list what is wrong (a modifier no spelling of that opcode and type has, a modifier
// every spelling has, a modifier that never goes without another, two that never meet), so the
// messages follow the table instead of a second copy of the rules.
#include "model/isa/ptx.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace halfpipe::isa {
namespace {

// ---- The vocabulary ----------------------------------------------------------------------------

// Every modifier a PTX half-precision instruction may carry, in canonical spelling order
// (ptx_form); the rounding modes other than .rn are known only to be rejected (S4).
enum Modifier : uint8_t { Approx, Rn, Ftz, Oob, Sat, Relu, NaN, Xorsign, Abs, Rz, Rm, Rp, Rna,
                          kModifierCount };
constexpr std::array<std::string_view, kModifierCount> kModifierNames = {
    "approx", "rn", "ftz", "oob", "sat", "relu", "NaN", "xorsign", "abs", "rz", "rm", "rp", "rna"};

using ModifierSet = uint16_t;
constexpr ModifierSet bit(Modifier m) { return static_cast<ModifierSet>(1u << m); }
constexpr bool has(ModifierSet s, Modifier m) { return (s & bit(m)) != 0; }
int modifier_count(ModifierSet s) {
  int n = 0;
  for (; s; s &= static_cast<ModifierSet>(s - 1)) ++n;
  return n;
}

// A type by its position in kPtxTypes (ptx.h).
enum TypeId : uint8_t { F16, F16x2, BF16, BF16x2, kTypeCount };
static_assert(std::size(kPtxTypes) == kTypeCount && kPtxTypes[F16x2].name == "f16x2" &&
                  kPtxTypes[BF16x2].name == "bf16x2",
              "TypeId follows kPtxTypes");
constexpr std::string_view type_name(TypeId t) { return kPtxTypes[t].name; }
constexpr Format type_format(TypeId t) { return kPtxTypes[t].format; }
constexpr bool type_packed(TypeId t) { return kPtxTypes[t].packed; }

// Types ptxas knows but halfpipe does not model: named as such rather than "unknown modifier".
constexpr std::string_view kOtherPtxTypes[] = {"f32", "f64", "b8",  "b16", "b32", "b64", "s8",
                                               "s16", "s32", "s64", "u8",  "u16", "u32", "u64",
                                               "e4m3", "e5m2", "f32x2", "pred"};

// ---- S22: the syntax lines ---------------------------------------------------------------------
// As printed on the spec pages: `{.x}` and `{.x.y}` are optional groups, the last element is the
// type. The spec's `.type`/`.atype`/`.btype` placeholders are written out one line per type.
constexpr std::string_view kSyntaxLines[] = {
    "add{.rn}{.ftz}{.sat}.f16",
    "add{.rn}{.ftz}{.sat}.f16x2",
    "add{.rn}.bf16",
    "add{.rn}.bf16x2",

    "sub{.rn}{.ftz}{.sat}.f16",
    "sub{.rn}{.ftz}{.sat}.f16x2",
    "sub{.rn}.bf16",
    "sub{.rn}.bf16x2",

    "mul{.rn}{.ftz}{.sat}.f16",
    "mul{.rn}{.ftz}{.sat}.f16x2",
    "mul{.rn}.bf16",
    "mul{.rn}.bf16x2",

    "fma.rn{.ftz}{.sat}.f16",
    "fma.rn{.ftz}{.sat}.f16x2",
    "fma.rn{.ftz}.relu.f16",
    "fma.rn{.ftz}.relu.f16x2",
    "fma.rn{.relu}.bf16",
    "fma.rn{.relu}.bf16x2",
    "fma.rn.oob{.relu}.f16",
    "fma.rn.oob{.relu}.f16x2",
    "fma.rn.oob{.relu}.bf16",
    "fma.rn.oob{.relu}.bf16x2",
    "fma.rn.oob.sat.f16",  // not on the page; accepted by ptxas (S22)
    "fma.rn.oob.sat.f16x2",

    "neg{.ftz}.f16",
    "neg{.ftz}.f16x2",
    "neg.bf16",
    "neg.bf16x2",

    "abs{.ftz}.f16",
    "abs{.ftz}.f16x2",
    "abs.bf16",
    "abs.bf16x2",

    "min{.ftz}{.NaN}{.xorsign.abs}.f16",
    "min{.ftz}{.NaN}{.xorsign.abs}.f16x2",
    "min{.NaN}{.xorsign.abs}.bf16",
    "min{.NaN}{.xorsign.abs}.bf16x2",

    "max{.ftz}{.NaN}{.xorsign.abs}.f16",
    "max{.ftz}{.NaN}{.xorsign.abs}.f16x2",
    "max{.NaN}{.xorsign.abs}.bf16",
    "max{.NaN}{.xorsign.abs}.bf16x2",

    "tanh.approx.f16",
    "tanh.approx.f16x2",
    "tanh.approx.bf16",
    "tanh.approx.bf16x2",

    "ex2.approx.f16",
    "ex2.approx.f16x2",
    "ex2.approx.ftz.bf16",
    "ex2.approx.ftz.bf16x2",
};

// ---- S23: the "Target ISA notes" and "PTX ISA notes" -------------------------------------------
// A note applies to every legal form of its opcode that has all of its modifiers and, when the
// note names a type, a type of that format (".f16" covers .f16x2, ".bf16" covers .bf16x2). The
// form named in a rejection is the note's spelling with the instruction's own type.
struct IsaNote {
  std::string_view form;
  int sm;
  int ptx;  // major * 10 + minor
};
constexpr IsaNote kIsaNotes[] = {
    {"add.f16", 53, 42},         {"add.bf16", 90, 78},
    {"sub.f16", 53, 42},         {"sub.bf16", 90, 78},
    {"mul.f16", 53, 42},         {"mul.bf16", 90, 78},
    {"fma.f16", 53, 42},         {"fma.relu.f16", 80, 70},
    {"fma.bf16", 80, 70},        {"fma.oob", 90, 81},
    {"neg.f16", 53, 60},         {"neg.bf16", 80, 70},
    {"abs.f16", 53, 65},         {"abs.bf16", 80, 70},
    {"min", 80, 70},             {"min.xorsign.abs", 86, 72},
    {"max", 80, 70},             {"max.xorsign.abs", 86, 72},
    {"tanh.approx.f16", 75, 70}, {"tanh.approx.bf16", 90, 78},
    {"ex2.approx.f16", 75, 70},  {"ex2.approx.ftz.bf16", 90, 78},
};

// ---- Lookups -----------------------------------------------------------------------------------

std::optional<Modifier> find_modifier(std::string_view name) {
  for (int i = 0; i < kModifierCount; ++i)
    if (kModifierNames[i] == name) return static_cast<Modifier>(i);
  return std::nullopt;
}

std::optional<TypeId> find_type(std::string_view name) {
  for (int i = 0; i < kTypeCount; ++i)
    if (kPtxTypes[i].name == name) return static_cast<TypeId>(i);
  return std::nullopt;
}


// One legal spelling: an opcode, a set of modifiers and a type.
struct Spelling {
  Op op;
  TypeId type;
  ModifierSet modifiers;
};

// The tables are constant; a malformed line is a bug in this file, found by the first decode.
[[noreturn]] void table_error(std::string_view line) {
  throw std::logic_error("model/isa/ptx.cpp: malformed table line '" + std::string(line) + "'");
}

// Splits "name.a{.b.c}.d" into the opcode and its elements; each element is a list of names and
// whether it is an optional group.
struct Element {
  std::vector<std::string_view> names;
  bool optional = false;
};
std::pair<std::string_view, std::vector<Element>> split_pattern(std::string_view line) {
  size_t end = line.find_first_of(".{");
  std::string_view opcode = line.substr(0, end);
  std::vector<Element> elements;
  while (end < line.size()) {
    Element e;
    std::string_view body;
    if (line[end] == '{') {
      size_t close = line.find('}', end);
      if (close == std::string_view::npos) table_error(line);
      body = line.substr(end + 1, close - end - 1);
      e.optional = true;
      end = close + 1;
    } else {
      size_t next = line.find_first_of(".{", end + 1);
      if (next == std::string_view::npos) next = line.size();
      body = line.substr(end, next - end);
      end = next;
    }
    // body is ".a" or ".a.b"
    while (!body.empty()) {
      if (body[0] != '.') table_error(line);
      size_t next = body.find('.', 1);
      e.names.push_back(body.substr(1, next == std::string_view::npos ? body.npos : next - 1));
      body = next == std::string_view::npos ? std::string_view{} : body.substr(next);
    }
    if (e.names.empty()) table_error(line);
    elements.push_back(std::move(e));
  }
  return {opcode, elements};
}

ModifierSet modifier_set(const std::vector<std::string_view>& names, std::string_view line) {
  ModifierSet s = 0;
  for (std::string_view n : names) {
    auto m = find_modifier(n);
    if (!m) table_error(line);
    s |= bit(*m);
  }
  return s;
}

std::vector<Spelling> expand_syntax_lines() {
  std::vector<Spelling> spellings;
  for (std::string_view line : kSyntaxLines) {
    auto [opcode, elements] = split_pattern(line);
    auto op = find_opcode(opcode);
    if (!op || elements.empty() || elements.back().optional || elements.back().names.size() != 1)
      table_error(line);
    auto type = find_type(elements.back().names[0]);
    if (!type) table_error(line);
    elements.pop_back();
    ModifierSet required = 0;
    std::vector<ModifierSet> groups;
    for (const Element& e : elements) {
      if (e.optional)
        groups.push_back(modifier_set(e.names, line));
      else
        required |= modifier_set(e.names, line);
    }
    for (uint32_t choice = 0; choice < (1u << groups.size()); ++choice) {
      ModifierSet s = required;
      for (size_t g = 0; g < groups.size(); ++g)
        if (choice & (1u << g)) s |= groups[g];
      spellings.push_back({*op, *type, s});
    }
  }
  return spellings;
}

const std::vector<Spelling>& legal_spellings() {
  static const std::vector<Spelling> spellings = expand_syntax_lines();
  return spellings;
}

struct ParsedNote {
  Op op;
  std::optional<Format> format;
  ModifierSet modifiers;
  std::string_view stem;  // the note's spelling without its type
  int sm;
  int ptx;
};

std::vector<ParsedNote> parse_isa_notes() {
  std::vector<ParsedNote> notes;
  for (const IsaNote& note : kIsaNotes) {
    auto [opcode, elements] = split_pattern(note.form);
    auto op = find_opcode(opcode);
    if (!op) table_error(note.form);
    ParsedNote parsed{*op, std::nullopt, 0, note.form, note.sm, note.ptx};
    for (const Element& e : elements) {
      if (e.optional || e.names.size() != 1) table_error(note.form);
      if (auto type = find_type(e.names[0])) {
        parsed.format = type_format(*type);
        parsed.stem = note.form.substr(0, note.form.rfind('.'));
      } else {
        parsed.modifiers |= modifier_set(e.names, note.form);
      }
    }
    notes.push_back(parsed);
  }
  return notes;
}

const std::vector<ParsedNote>& isa_notes() {
  static const std::vector<ParsedNote> notes = parse_isa_notes();
  return notes;
}

std::vector<const ParsedNote*> notes_for(Op op, TypeId type, ModifierSet modifiers) {
  std::vector<const ParsedNote*> applicable;
  for (const ParsedNote& n : isa_notes())
    if (n.op == op && (!n.format || *n.format == type_format(type)) &&
        (modifiers & n.modifiers) == n.modifiers)
      applicable.push_back(&n);
  return applicable;
}

// ---- Building the Uop and naming things --------------------------------------------------------

Uop make_uop(Op op, TypeId type, ModifierSet m) {
  Uop u;
  u.op = op;
  u.format = type_format(type);
  u.packed = type_packed(type);
  u.ftz = has(m, Ftz);
  u.sat = has(m, Sat);
  u.relu = has(m, Relu);
  u.oob = has(m, Oob);
  u.nan = has(m, NaN);
  u.xorsign_abs = has(m, Xorsign) && has(m, Abs);
  u.nan_policy = NanPolicy::Ptx;
  u.lane_mask = u.packed ? 0b11 : 0b1;
  return u;
}

std::string spell(Op op, TypeId type, ModifierSet m) {
  std::string s(opcode_name(op));
  for (int i = 0; i < kModifierCount; ++i)
    if (has(m, static_cast<Modifier>(i))) (s += '.') += kModifierNames[i];
  (s += '.') += type_name(type);
  return s;
}

std::string quoted_modifier(Modifier m) { return "'." + std::string(kModifierNames[m]) + "'"; }

std::string version_text(int ptx) { return std::to_string(ptx / 10) + "." + std::to_string(ptx % 10); }

// ---- Diagnosis of a spelling that is not in the table ------------------------------------------

// `written` lists the modifiers in the order they appear in the text, so that the first
// offending one is named.
std::string diagnose(Op op, TypeId type, const std::vector<Modifier>& written) {
  ModifierSet present = 0;
  for (Modifier m : written) present |= bit(m);

  ModifierSet allowed = 0, in_every_of_type = static_cast<ModifierSet>(~0u),
              in_every_of_op = static_cast<ModifierSet>(~0u);
  for (const Spelling& s : legal_spellings()) {
    if (s.op != op) continue;
    in_every_of_op &= s.modifiers;
    if (s.type != type) continue;
    allowed |= s.modifiers;
    in_every_of_type &= s.modifiers;
  }
  // The name of the instruction in messages: opcode, .approx when written (and legal), type.
  std::string name(opcode_name(op));
  if (has(present & allowed, Approx)) name += ".approx";
  (name += '.') += type_name(type);

  for (Modifier m : written)
    if (!has(allowed, m)) return "illegal modifier " + quoted_modifier(m) + " for '" + name + "'";

  for (int i = 0; i < kModifierCount; ++i) {
    auto m = static_cast<Modifier>(i);
    if (!has(in_every_of_type, m) || has(present, m)) continue;
    if (m == Rn) return "'" + std::string(opcode_name(op)) + "' requires a rounding modifier";
    std::string who = has(in_every_of_op, m) ? std::string(opcode_name(op)) : name;
    return "'" + who + "' requires " + quoted_modifier(m);
  }

  for (Modifier m : written) {
    ModifierSet with_m = static_cast<ModifierSet>(~0u);
    for (const Spelling& s : legal_spellings())
      if (s.op == op && s.type == type && has(s.modifiers, m)) with_m &= s.modifiers;
    for (int i = 0; i < kModifierCount; ++i)
      if (has(with_m, static_cast<Modifier>(i)) && !has(present, static_cast<Modifier>(i)))
        return quoted_modifier(m) + " requires " + quoted_modifier(static_cast<Modifier>(i));
  }

  for (size_t later = 1; later < written.size(); ++later)
    for (size_t earlier = 0; earlier < later; ++earlier) {
      ModifierSet pair = bit(written[earlier]) | bit(written[later]);
      bool meet = std::any_of(legal_spellings().begin(), legal_spellings().end(),
                              [&](const Spelling& s) {
                                return s.op == op && s.type == type && (s.modifiers & pair) == pair;
                              });
      if (!meet)
        return "illegal modifier " + quoted_modifier(written[later]) + " with " +
               quoted_modifier(written[earlier]) + " for '" + name + "'";
    }
  return "illegal form '" + spell(op, type, present) + "'";
}

// ---- S23 ---------------------------------------------------------------------------------------

std::string gate(Op op, TypeId type, ModifierSet modifiers, const Target& target) {
  const ParsedNote* worst_sm = nullptr;
  const ParsedNote* worst_ptx = nullptr;
  for (const ParsedNote* n : notes_for(op, type, modifiers)) {
    if (target.sm != 0 && n->sm > target.sm && (!worst_sm || n->sm > worst_sm->sm)) worst_sm = n;
    if (target.ptx_version != 0 && n->ptx > target.ptx_version &&
        (!worst_ptx || n->ptx > worst_ptx->ptx))
      worst_ptx = n;
  }
  auto form_name = [type](const ParsedNote* n) {
    return "'" + std::string(n->stem) + "." + std::string(type_name(type)) + "'";
  };
  if (worst_sm) return form_name(worst_sm) + " requires sm_" + std::to_string(worst_sm->sm) + " or higher";
  if (worst_ptx) return form_name(worst_ptx) + " requires PTX ISA .version " + version_text(worst_ptx->ptx);
  return {};
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::optional<TypeId> type_of(const Uop& u) {
  if (!is_float(u.format)) return std::nullopt;
  if (u.format == Format::F16) return u.packed ? F16x2 : F16;
  return u.packed ? BF16x2 : BF16;
}

}  // namespace

std::string_view opcode_name(Op op) { return kOpNames[static_cast<int>(op)].ptx; }

std::optional<Op> find_opcode(std::string_view name) {
  for (Op op : kAllOps)
    if (opcode_name(op) == name) return op;
  return std::nullopt;
}

std::optional<Target> parse_target(std::string_view sm, std::string_view ptx_version,
                                   std::string& error) {
  Target t;
  if (!sm.empty()) {
    std::string_view digits = sm.substr(0, 3) == "sm_" ? sm.substr(3) : std::string_view{};
    if (!all_digits(digits) || digits.size() > 3) {
      error = "bad target '" + std::string(sm) + "': expected sm_NN, e.g. sm_90";
      return std::nullopt;
    }
    t.sm = std::stoi(std::string(digits));
  }
  if (!ptx_version.empty()) {
    size_t dot = ptx_version.find('.');
    std::string_view major = ptx_version.substr(0, dot);
    std::string_view minor = dot == std::string_view::npos ? std::string_view{} : ptx_version.substr(dot + 1);
    if (!all_digits(major) || major.size() > 2 || !all_digits(minor) || minor.size() != 1) {
      error = "bad PTX ISA version '" + std::string(ptx_version) + "': expected X.Y, e.g. 8.1";
      return std::nullopt;
    }
    t.ptx_version = std::stoi(std::string(major)) * 10 + (minor[0] - '0');
  }
  return t;
}

TargetOption parse_target_option(std::string_view sm, std::string_view ptx_version) {
  TargetOption option;
  if (!sm.empty() || !ptx_version.empty()) option.target = parse_target(sm, ptx_version, option.error);
  return option;
}

Decoded decode_ptx(std::string_view text, const std::optional<Target>& target) {
  Decoded result;
  size_t begin = 0;
  while (begin < text.size() && is_space(text[begin])) ++begin;
  size_t end = begin;
  while (end < text.size() && !is_space(text[end]) && text[end] != ';') ++end;
  const std::string_view instruction = text.substr(begin, end - begin);
  if (instruction.empty()) {
    result.error = "empty instruction";
    return result;
  }

  size_t dot = instruction.find('.');
  const std::string_view opcode = instruction.substr(0, dot);
  auto op = find_opcode(opcode);
  if (!op) {
    result.error = opcode.empty() ? "missing opcode in '" + std::string(instruction) + "'"
                                  : "unknown opcode '" + std::string(opcode) + "'";
    return result;
  }

  std::optional<TypeId> type;
  std::vector<Modifier> written;
  ModifierSet present = 0;
  while (dot != std::string_view::npos) {
    size_t next = instruction.find('.', dot + 1);
    std::string_view piece = instruction.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1);
    dot = next;
    if (piece.empty()) {
      result.error = "empty modifier in '" + std::string(instruction) + "'";
      return result;
    }
    if (auto t = find_type(piece)) {
      if (type) {
        result.error = *type == *t ? "repeated type '." + std::string(piece) + "'"
                                   : "more than one type: '." + std::string(type_name(*type)) +
                                         "' and '." + std::string(piece) + "'";
        return result;
      }
      type = t;
    } else if (auto m = find_modifier(piece)) {
      if (has(present, *m)) {
        result.error = "repeated modifier " + quoted_modifier(*m);
        return result;
      }
      present |= bit(*m);
      written.push_back(*m);
    } else if (std::find(std::begin(kOtherPtxTypes), std::end(kOtherPtxTypes), piece) !=
               std::end(kOtherPtxTypes)) {
      result.error = "unsupported type '." + std::string(piece) + "' for '" + std::string(opcode) +
                     "': halfpipe models .f16, .f16x2, .bf16 and .bf16x2";
      return result;
    } else {
      result.error = "unknown modifier '." + std::string(piece) + "' for '" + std::string(opcode) + "'";
      return result;
    }
  }
  if (!type) {
    result.error = "'" + std::string(opcode) + "' requires a type: .f16, .f16x2, .bf16 or .bf16x2";
    return result;
  }

  const auto& legal = legal_spellings();
  bool is_legal = std::any_of(legal.begin(), legal.end(), [&](const Spelling& s) {
    return s.op == *op && s.type == *type && s.modifiers == present;
  });
  if (!is_legal) {
    result.error = diagnose(*op, *type, written);
    return result;
  }
  if (target) {
    result.error = gate(*op, *type, present, *target);
    result.target_too_old = !result.error.empty();
    if (result.target_too_old) return result;
  }
  result.uop = make_uop(*op, *type, present);
  return result;
}

std::string ptx_form(const Uop& u) {
  auto type = type_of(u);
  if (type && u.nan_policy == NanPolicy::Ptx && u.src0_mod == SourceModifier{} &&
      u.src1_mod == SourceModifier{}) {
    // The shortest spelling: an optional .rn, which changes nothing (S4), is left out.
    const Spelling* best = nullptr;
    for (const Spelling& s : legal_spellings())
      if (s.op == u.op && s.type == *type && make_uop(s.op, s.type, s.modifiers) == u &&
          (!best || modifier_count(s.modifiers) < modifier_count(best->modifiers)))
        best = &s;
    if (best) return spell(best->op, best->type, best->modifiers);
  }
  throw std::invalid_argument("ptx_form: the Uop with encoding " + std::to_string(encode(u)) +
                              " and lane mask " + std::to_string(u.lane_mask) +
                              " is not a legal PTX form");
}

const std::vector<std::string>& legal_ptx_forms() {
  static const std::vector<std::string> forms = [] {
    std::vector<std::string> list;
    for (const Spelling& s : legal_spellings()) {
      std::string form = ptx_form(make_uop(s.op, s.type, s.modifiers));
      if (std::find(list.begin(), list.end(), form) == list.end()) list.push_back(form);
    }
    return list;
  }();
  return forms;
}

Target minimum_target(const Uop& u) {
  Target t;
  auto type = type_of(u);
  if (!type) return t;
  ModifierSet m = 0;
  if (u.ftz) m |= bit(Ftz);
  if (u.sat) m |= bit(Sat);
  if (u.relu) m |= bit(Relu);
  if (u.oob) m |= bit(Oob);
  if (u.nan) m |= bit(NaN);
  if (u.xorsign_abs) m |= bit(Xorsign) | bit(Abs);
  if (op_class(u.op) == OpClass::Approximate) m |= bit(Approx);
  if (u.op == Op::Fma) m |= bit(Rn);
  for (const ParsedNote* n : notes_for(u.op, *type, m)) {
    t.sm = std::max(t.sm, n->sm);
    t.ptx_version = std::max(t.ptx_version, n->ptx);
  }
  return t;
}

}  // namespace halfpipe::isa
