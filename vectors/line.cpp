#include "vectors/line.h"

#include <cstring>


namespace halfpipe::vectors {
namespace {

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The fields after a vISA form, moving forward only.
struct FieldReader {
  std::string_view s;
  size_t pos = 0;

  void skip_blanks() {
    while (pos < s.size() && is_blank(s[pos])) ++pos;
  }
  bool at_end() {
    skip_blanks();
    return pos >= s.size();
  }
  std::string_view word() {
    skip_blanks();
    const size_t start = pos;
    while (pos < s.size() && !is_blank(s[pos])) ++pos;
    return s.substr(start, pos - start);
  }
  // Like word(), but a comma list may have blanks around its commas: "1, 2 ,3" is one field.
  std::string_view list_field() {
    skip_blanks();
    const size_t start = pos;
    size_t end = pos;
    while (pos < s.size()) {
      while (pos < s.size() && !is_blank(s[pos])) ++pos;
      end = pos;
      skip_blanks();
      const bool continues =
          (end > start && s[end - 1] == ',') || (pos < s.size() && s[pos] == ',');
      if (!continues) break;
    }
    pos = end;
    return s.substr(start, end - start);
  }
};

// One of DST, SRC0, SRC1: exactly `count` elements of `t`, with a source modifier when allowed.
std::string parse_list(std::string_view field, std::string_view name, const VisaTypeTraits& t,
                       int count, bool modifier_allowed, SourceModifier& mod, uint64_t* out) {
  const SourceModifier taken = isa::visa::take_source_modifier(field);
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
      const Hex h = parse_hex(element, HexLimit::bits(t.bits));
      switch (h.problem) {
        case HexProblem::None: out[n] = h.value; break;
        case HexProblem::Empty: return at() + " is empty";
        case HexProblem::NotHex: return at() + " " + quoted(element) + " is not hex";
        case HexProblem::TooWide:
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

Tokens tokenize(std::string_view line) {
  Tokens t;
  size_t i = 0;
  const size_t n = line.size();
  while (true) {
    while (i < n && is_blank(line[i])) ++i;
    if (i == n || line[i] == '#') return t;
    const size_t start = i;
    while (i < n && !is_blank(line[i]) && line[i] != '#') ++i;
    if (t.count < kMaxTokens) t.token[static_cast<size_t>(t.count)] = line.substr(start, i - start);
    ++t.count;
  }
}

const Form& FormCache::get(std::string_view text) {
  // The first forms seen are compared directly: cheaper than hashing when a batch mixes a few
  // dozen forms, as generated vectors do.
  for (const Form* f : first_seen_)
    if (f->text.size() == text.size() && std::memcmp(f->text.data(), text.data(), text.size()) == 0)
      return *f;
  key_.assign(text.data(), text.size());
  auto it = forms_.find(key_);
  if (it == forms_.end()) {
    isa::Decoded d = isa::decode_ptx(text, target_);
    it = forms_.emplace(key_, Form{d.uop, std::move(d.error), key_}).first;
    if (first_seen_.size() < kFirstSeen) first_seen_.push_back(&it->second);
  }
  return it->second;
}

Parsed<isa::visa::BatchLine> parse_visa_line(std::string_view line) {
  Parsed<isa::visa::BatchLine> result;
  auto fail = [&result](std::string message) {
    result.value.reset();
    result.error = std::move(message);
    return std::move(result);
  };
  if (const size_t hash = line.find('#'); hash != std::string_view::npos)
    line = line.substr(0, hash);
  std::string error;
  const std::optional<isa::visa::Instruction> form = isa::visa::take_form(line, error);
  if (!form) return fail(std::move(error));
  isa::visa::BatchLine& b = result.value.emplace();
  isa::visa::Instruction& i = b.instruction;
  i = *form;
  const VisaTypeTraits& t = traits(i.type);
  FieldReader c{line};

  const std::string_view emask_field = c.word();
  if (emask_field.empty()) return fail("missing EMASK after TYPE");
  const Hex emask = parse_hex(emask_field, HexLimit::bits(32));
  switch (emask.problem) {
    case HexProblem::None: break;
    case HexProblem::Empty: return fail("EMASK " + quoted(emask_field) + " has no hex digits");
    case HexProblem::NotHex: return fail("EMASK " + quoted(emask_field) + " is not hex");
    case HexProblem::TooWide:
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

std::string format_visa_line(const isa::visa::BatchLine& b) {
  const isa::visa::Instruction& i = b.instruction;
  const int digits = traits(i.type).bits / 4;
  std::string out = isa::visa::form_name(i) + " ";
  append_hex(out, b.exec_mask, 8);
  const std::array<const uint64_t*, 3> lists{b.dst.data(), b.src0.data(), b.src1.data()};
  const std::array<SourceModifier, 3> mods{SourceModifier{}, i.src0_mod, i.src1_mod};
  for (size_t k = 0; k < lists.size(); ++k) {
    out += ' ';
    out += isa::visa::modifier_text(mods[k]);
    for (int ch = 0; ch < i.exec_size; ++ch) {
      if (ch) out += ',';
      append_hex(out, lists[k][ch], digits);
    }
  }
  return out;
}

}  // namespace halfpipe::vectors
