#include "vectors/batch_bulk.h"

#include <array>
#include <cstring>
#include <exception>

#include "model/isa/visa.h"
#include "model/ref/bulk/execute_n.h"
#include "model/ref/execute.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {
namespace {

// The bytes a plain PTX line is made of: blanks between tokens, and [0-9A-Za-z._] in them.
// Any other byte (a '#', a comma, a control character, non-ASCII text) sends the line to
// BatchEvaluator, which knows what it means or what to say about it.
enum CharClass : uint8_t { kOther = 0, kBlankChar = 1, kTokenChar = 2 };
constexpr std::array<uint8_t, 256> kCharClass = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if (c != '\n' && is_blank(static_cast<char>(c))) t[c] = kBlankChar;
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
        c == '_')
      t[c] = kTokenChar;
  }
  return t;
}();
inline uint8_t char_class(char c) { return kCharClass[static_cast<unsigned char>(c)]; }

// Lines longer than this go to BatchEvaluator (which checks the vector file's line limit).
constexpr size_t kLongestFastLine = 160;

// Two lowercase hex digits per byte value.
constexpr std::array<char, 512> kHexPairs = [] {
  std::array<char, 512> t{};
  constexpr char kDigits[] = "0123456789abcdef";
  for (int v = 0; v < 256; ++v) {
    t[2 * v] = kDigits[v >> 4];
    t[2 * v + 1] = kDigits[v & 15];
  }
  return t;
}();

// "0x" + 4 or 8 lowercase hex digits + '\n', as append_hex (line.h) writes them.
inline char* write_result(char* p, uint32_t value, int digits) {
  *p++ = '0';
  *p++ = 'x';
  for (int shift = digits * 4 - 8; shift >= 0; shift -= 8) {
    std::memcpy(p, &kHexPairs[2 * ((value >> shift) & 0xFF)], 2);
    p += 2;
  }
  *p++ = '\n';
  return p;
}

}  // namespace

BulkBatchEvaluator::BulkBatchEvaluator(std::optional<isa::Target> target)
    : target_(target), evaluator_(target) {}

// Equality of a short form spelling, without a call: eight bytes at a time.
inline bool same_text(const std::string& known, std::string_view text) {
  const size_t n = text.size();
  if (known.size() != n) return false;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, known.data() + i, 8);
    std::memcpy(&y, text.data() + i, 8);
    if (x != y) return false;
  }
  for (; i < n; ++i)
    if (known[i] != text[i]) return false;
  return true;
}

uint32_t BulkBatchEvaluator::group_of(std::string_view form, std::string_view line) {
  if (last_known_ < known_.size() && same_text(known_[last_known_].text, form))
    return known_[last_known_].group;
  for (size_t k = 0; k < known_.size(); ++k) {
    if (same_text(known_[k].text, form)) {
      last_known_ = k;
      return known_[k].group;
    }
  }
  uint32_t group = kSlow;
  if (!isa::visa::is_batch_line(form, line)) {
    const isa::Decoded d = isa::decode_ptx(form, target_);
    if (d.uop) {
      group = static_cast<uint32_t>(groups_.size());
      Group& g = groups_.emplace_back();
      g.uop = *d.uop;
      g.digits = d.uop->packed ? 8 : 4;
      g.operands = operand_count(d.uop->op);
    }
  }
  // A vISA head is remembered as kSlow too: it is never a PTX form, whatever the rest of the line.
  known_.push_back({std::string(form), group});
  last_known_ = known_.size() - 1;
  return group;
}

// The group of a plain PTX line, with its operands queued there (index set), or kBlank, or kSlow.
uint32_t BulkBatchEvaluator::classify(std::string_view line, uint32_t& index) {
  if (line.size() > kLongestFastLine) return kSlow;
  const char* p = line.data();
  const char* const end = p + line.size();
  while (p < end && char_class(*p) == kBlankChar) ++p;
  if (p == end) return kBlank;
  const char* const form_start = p;
  while (p < end && char_class(*p) == kTokenChar) ++p;
  if (p < end && char_class(*p) != kBlankChar) return kSlow;
  const uint32_t g = group_of(std::string_view(form_start, static_cast<size_t>(p - form_start)), line);
  if (g == kSlow) return kSlow;
  Group& group = groups_[g];
  uint32_t operand[3] = {0, 0, 0};
  int count = 0;
  while (true) {
    while (p < end && char_class(*p) == kBlankChar) ++p;
    if (p == end) break;
    if (count == group.operands) return kSlow;  // too many operands: BatchEvaluator says so
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    const char* const digits = p;
    uint32_t value = 0;
    for (int d; p < end && (d = kHexDigitValue[static_cast<unsigned char>(*p)]) >= 0; ++p)
      value = (value << 4) | static_cast<uint32_t>(d);
    const long n = p - digits;
    if ((p < end && char_class(*p) != kBlankChar) || n == 0 || n > group.digits) return kSlow;
    operand[count++] = value;
  }
  if (count != group.operands) return kSlow;
  index = static_cast<uint32_t>(group.a.size());
  group.a.push_back(operand[0]);
  group.b.push_back(operand[1]);
  group.c.push_back(operand[2]);
  return g;
}

void BulkBatchEvaluator::add(std::string_view line) {
  Entry e{kSlow, 0};
  e.group = classify(line, e.index);
  if (e.group == kSlow) {
    e.index = static_cast<uint32_t>(slow_lines_.size());
    slow_lines_.push_back(line);
  }
  entries_.push_back(e);
}

// BatchEvaluator's handling of one line, as `halfpipe eval --batch` always did it.
void BulkBatchEvaluator::evaluate_slow(std::string_view line, std::string& out) {
  const std::optional<std::string> problem = not_a_text_line(line);
  const Tokens tokens = tokenize(problem ? std::string_view() : line);
  if (tokens.empty() && !problem) return;
  ++tally_.evaluated;
  const size_t mark = out.size();
  if (problem || !evaluator_.evaluate(line, tokens, out)) {
    if (problem) out += *problem;
    message_.assign(out, mark, std::string::npos);
    out.resize(mark);
    fail(message_, out);
    return;
  }
  out += '\n';
}

void BulkBatchEvaluator::fail(const std::string& message, std::string& out) {
  out += "error: ";
  out += message;
  out += '\n';
  if (tally_.failed++ == 0) {
    tally_.first_failed_line = tally_.line_number;
    tally_.first_failure = message;
  }
}

void BulkBatchEvaluator::flush(std::string& out) {
  for (Group& g : groups_) {
    const size_t n = g.a.size();
    if (n == 0) continue;
    g.d.resize(n);
    try {
      ref::execute_n(g.uop, g.a.data(), g.operands >= 2 ? g.b.data() : nullptr,
                     g.operands >= 3 ? g.c.data() : nullptr, g.d.data(), n);
    } catch (const ref::NotImplemented&) {
      // Each line alone, as BatchEvaluator does it: the result, or what ref::execute says. (A
      // bad HALFPIPE_BULK is not caught here: it stops the command, it is not a line's error.)
      g.failed = true;
      g.error.assign(n, std::string());
      for (size_t i = 0; i < n; ++i) {
        try {
          g.d[i] = ref::execute(g.uop, g.a[i], g.b[i], g.c[i]);
        } catch (const std::exception& e) {
          g.error[i] = e.what();
        }
      }
    }
  }
  // Fast results go through a small staging buffer, appended to `out` when it fills and before
  // a slow line appends its own text.
  out.reserve(out.size() + entries_.size() * 11);  // "0x" + 8 digits + '\n' per fast line
  char staging[4096];
  char* p = staging;
  auto settle = [&] {
    out.append(staging, static_cast<size_t>(p - staging));
    p = staging;
  };
  for (const Entry& e : entries_) {
    ++tally_.line_number;
    if (e.group == kBlank) continue;
    if (e.group == kSlow) {
      settle();
      evaluate_slow(slow_lines_[e.index], out);
      continue;
    }
    const Group& g = groups_[e.group];
    ++tally_.evaluated;
    if (g.failed && !g.error[e.index].empty()) {
      settle();
      fail(g.error[e.index], out);
      continue;
    }
    p = write_result(p, g.d[e.index], g.digits);
    if (p > staging + sizeof staging - 12) settle();
  }
  settle();
  entries_.clear();
  slow_lines_.clear();
  for (Group& g : groups_) {
    g.a.clear();
    g.b.clear();
    g.c.clear();
    g.error.clear();
    g.failed = false;
  }
}

}  // namespace halfpipe::vectors
