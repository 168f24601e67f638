#include "vectors/check.h"

#include <fmt/format.h>

#include "model/ref/execute.h"
#include "model/ref/format.h"

namespace halfpipe::vectors {
namespace {

class ReferenceBackend : public Backend {
 public:
  std::string name() const override { return "reference"; }
  uint32_t execute(const Uop& u, const Operands& o) override {
    return ref::execute(u, o.a, o.b, o.c);
  }
  void execute_block(const Uop& u, const Operands* o, size_t n, uint32_t* results) override {
    reference_results(u, o, n, results);
  }
  std::string reproduce_command(const std::string& form, const Uop& u,
                                const Operands& o) const override {
    return "halfpipe eval " + form + operand_list(u, o);
  }
};

}  // namespace

void Backend::execute_block(const Uop& u, const Operands* o, size_t n, uint32_t* results) {
  for (size_t i = 0; i < n; ++i) results[i] = execute(u, o[i]);
}

std::string operand_list(const Uop& u, const Operands& o, const char* separator) {
  const uint32_t values[3] = {o.a, o.b, o.c};
  std::string s;
  for (int i = 0; i < operand_count(u.op); ++i)
    s += (i ? separator : " ") + format_register(u, values[i]);
  return s;
}

std::unique_ptr<Backend> make_reference_backend() { return std::make_unique<ReferenceBackend>(); }

bool expects_nan(const Uop& u, uint32_t expected) {
  if (!is_float(u.format)) return false;
  const ref::FloatFormat& f = ref::float_format(u.format);
  for (int lane = 0; lane < (u.packed ? 2 : 1); ++lane)
    if (f.is_nan(static_cast<uint16_t>(expected >> (16 * lane)))) return true;
  return false;
}

Match results_match(const Uop& u, uint32_t expected, uint32_t got, NanMatch nan_match) {
  if (expected == got) return Match::Exact;
  if (nan_match == NanMatch::Exact || !is_float(u.format)) return Match::None;
  const ref::FloatFormat& f = ref::float_format(u.format);
  for (int lane = 0; lane < (u.packed ? 2 : 1); ++lane) {
    const auto e = static_cast<uint16_t>(expected >> (16 * lane));
    const auto g = static_cast<uint16_t>(got >> (16 * lane));
    if (f.is_nan(e) ? !f.is_nan(g) : e != g) return Match::None;
  }
  return Match::ByAnyNan;
}

Checker::Checker(Backend& backend, std::ostream& report, NanMatch nan_match,
                 uint64_t max_reported)
    : backend_(backend), report_(report), nan_match_(nan_match), max_reported_(max_reported) {}

void Checker::check(const std::string& file, const VectorRecord& v) {
  uint32_t got;
  try {
    got = backend_.execute(v.uop, v.operands);
  } catch (const ref::NotImplemented& e) {
    ++counts_.unsupported;
    if (unsupported_forms_.insert(v.form).second)
      report_ << fmt::format("{}:{}: {}: the {} cannot evaluate this form yet ({})\n", file,
                             v.line, v.form, backend_.name(), e.what());
    return;
  }
  judge(file, v, got);
}

void Checker::check_block(const std::string& file, const std::vector<VectorRecord>& records,
                          size_t n) {
  std::vector<Operands> operands;
  std::vector<uint32_t> results;
  for (size_t start = 0; start < n;) {
    size_t end = start + 1;
    while (end < n && records[end].uop == records[start].uop) ++end;
    operands.resize(end - start);
    results.resize(end - start);
    for (size_t i = start; i < end; ++i) operands[i - start] = records[i].operands;
    bool evaluated = true;
    try {
      backend_.execute_block(records[start].uop, operands.data(), end - start, results.data());
    } catch (const ref::NotImplemented&) {
      evaluated = false;  // check() reports it, record by record, as before
    }
    for (size_t i = start; i < end; ++i) {
      if (evaluated)
        judge(file, records[i], results[i - start]);
      else
        check(file, records[i]);
    }
    start = end;
  }
}

std::string Checker::reproduce(const std::string& file, const VectorRecord& v) const {
  const std::string backend = backend_.check_options();
  if (!replay_options_ || backend.empty() || file == "<stdin>")
    return backend_.reproduce_command(v.form, v.uop, v.operands);
  // The wave lands in the working directory, named after the file and the line.
  std::string stem = file.substr(file.find_last_of('/') + 1);
  if (const size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem.resize(dot);
  return fmt::format("halfpipe check {} --line {}{}{} --wave {}-{}.fst", file, v.line,
                     *replay_options_, backend, stem, v.line);
}

void Checker::judge(const std::string& file, const VectorRecord& v, uint32_t got) {
  const uint64_t sequence = judged_++;
  const Match match = results_match(v.uop, v.expected, got, nan_match_);
  if (match != Match::None) {
    ++counts_.passed;
    if (match == Match::ByAnyNan) ++counts_.passed_by_any_nan;
    return;
  }
  ++counts_.failed;
  backend_.mismatch_at(sequence);
  if (reported_ < max_reported_) {
    ++reported_;
    const bool any_nan = nan_match_ == NanMatch::AnyNan && expects_nan(v.uop, v.expected);
    report_ << fmt::format("{}:{}: mismatch: {}{}: expected {}{}, {} gives {}; reproduce: {}\n",
                           file, v.line, v.form, operand_list(v.uop, v.operands),
                           format_register(v.uop, v.expected),
                           any_nan ? " (any NaN for a NaN)" : "", backend_.name(),
                           format_register(v.uop, got), reproduce(file, v));
    if (reported_ == max_reported_)
      report_ << fmt::format("(reporting stops after {} mismatches; counting goes on)\n",
                             max_reported_);
  }
}

std::string Checker::summary() const {
  std::string s = fmt::format("{} passed, {} failed", counts_.passed, counts_.failed);
  if (counts_.unsupported) s += fmt::format(", {} skipped", counts_.unsupported);
  return s;
}

std::string Checker::any_nan_note() const {
  if (!counts_.passed_by_any_nan) return {};
  return fmt::format("{} of the passes matched an expected NaN by another NaN (any NaN for a NaN)",
                     counts_.passed_by_any_nan);
}

}  // namespace halfpipe::vectors
