#include "vectors/batch_bulk.h"

#include <cstring>
#include <exception>

#include "model/isa/visa.h"
#include "model/ref/bulk/execute_n.h"
#include "model/ref/execute.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {
namespace {

// Lines longer than this go to BatchEvaluator (which checks the vector file's line limit).
constexpr size_t kLongestFastLine = 160;

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

// A plain PTX line's group, its operands queued there at `index`; or kBlank, or kSlow (no index).
// The line is cut as every reader cuts it (line.h's TokenCursor), each operand read as a hex
// number in the pass that finds its end, and the first surprise hands the line to
// BatchEvaluator, which says what is wrong.
// (Inlined into add(): a call costs the line a round trip through memory.)
__attribute__((always_inline)) inline BulkBatchEvaluator::Entry BulkBatchEvaluator::classify(
    std::string_view line) {
  if (line.size() > kLongestFastLine) return {kSlow, 0};
  TokenCursor c(line);
  // A comment may hold what BatchEvaluator refuses (not_a_text_line); any other byte that is not
  // a form's or a hex number's fails the form or the operand below.
  if (c.at_end()) return {c.comment() ? kSlow : kBlank, 0};
  const uint32_t g = group_of(c.next(), line);
  if (g == kSlow) return {kSlow, 0};
  Group& group = groups_[g];
  uint32_t operand[3] = {0, 0, 0};
  for (int i = 0; i < group.operands; ++i) {
    if (c.at_end()) return {kSlow, 0};  // too few operands: BatchEvaluator says so
    const std::optional<uint32_t> value = c.next_hex(group.digits);
    if (!value) return {kSlow, 0};
    operand[i] = *value;
  }
  if (!c.at_end() || c.comment()) return {kSlow, 0};  // too many, or a comment
  const auto index = static_cast<uint32_t>(group.a.size());
  group.a.push_back(operand[0]);
  group.b.push_back(operand[1]);
  group.c.push_back(operand[2]);
  return {g, index};
}

void BulkBatchEvaluator::add(std::string_view line) {
  Entry e = classify(line);
  if (e.group == kSlow) {
    // Cut again, whole, for BatchEvaluator: only a line the fast path does not take.
    e.index = static_cast<uint32_t>(slow_lines_.size());
    slow_lines_.push_back({line, tokenize(line)});
  }
  entries_.push_back(e);
}

// BatchEvaluator's handling of one line, as `halfpipe eval --batch` always did it, with the
// tokens add() read.
void BulkBatchEvaluator::evaluate_slow(const SlowLine& slow, std::string& out) {
  const std::optional<std::string> problem = not_a_text_line(slow.line);
  if (slow.tokens.empty() && !problem) return;
  ++tally_.evaluated;
  const size_t mark = out.size();
  if (problem || !evaluator_.evaluate(slow.line, slow.tokens, out)) {
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
    p = isa::write_hex(p, g.d[e.index], g.digits);
    *p++ = '\n';
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
