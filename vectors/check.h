// Replaying vectors through an execution backend (the reference now; the Verilated RTL once it
// lands, as another Backend) and reporting mismatches the way the sweep does: each printed with
// form, operands, expected, got and a command that reproduces it, reports stop after a limit,
// and the run ends with one line `N passed, N failed`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "model/uop/uop.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  // The result register of one instruction. May throw ref::NotImplemented.
  virtual uint32_t execute(const Uop& u, const Operands& o) = 0;
  // The result registers of n instructions of one Uop: execute() on each unless a backend has a
  // faster way (the reference: ref::execute_n). May throw ref::NotImplemented.
  virtual void execute_block(const Uop& u, const Operands* o, size_t n, uint32_t* results);
  // The halfpipe command line that runs this one instruction on this backend again.
  virtual std::string reproduce_command(const std::string& form, const Uop& u,
                                        const Operands& o) const = 0;
  // The `halfpipe check` options that replay a vector through this backend (" --rtl --lanes 2"),
  // or empty when check's replay is not the way to reproduce on it (the reference: eval is).
  virtual std::string check_options() const { return {}; }
  // The checker found the result of the `sequence`-th instruction executed (from 0) wrong.
  virtual void mismatch_at(uint64_t sequence) { (void)sequence; }
  // The run is over: the backend finishes what it writes beside the results (a waveform) and
  // returns a line for the report about it, or nothing.
  virtual std::string finish() { return {}; }
};

// The operand registers of `u` as `halfpipe eval` takes them: " A B C", as many as the op reads.
std::string operand_list(const Uop& u, const Operands& o, const char* separator = " ");

// model/ref's execute().
std::unique_ptr<Backend> make_reference_backend();

// How an expected value is compared with a result.
enum class NanMatch {
  Exact,     // bit for bit (halfpipe vectors)
  AnyNan,    // an expected NaN matches any NaN in that lane (TestFloat's payloads differ)
};

enum class Match {
  None,
  Exact,        // bit for bit
  ByAnyNan,     // only because an expected NaN lane was matched by a different NaN (AnyNan)
};

Match results_match(const Uop& u, uint32_t expected, uint32_t got, NanMatch nan_match);

// Whether any lane of the expected result register is a NaN.
bool expects_nan(const Uop& u, uint32_t expected);

struct CheckCounts {
  uint64_t passed = 0;
  uint64_t passed_by_any_nan = 0;  // of `passed`: the Match::ByAnyNan ones
  uint64_t failed = 0;
  uint64_t unsupported = 0;  // the backend cannot evaluate the form (ref::NotImplemented)
};

class Checker {
 public:
  Checker(Backend& backend, std::ostream& report, NanMatch nan_match, uint64_t max_reported = 20);
  // Checks one vector read from `file`; prints a report line for a mismatch (up to the limit).
  void check(const std::string& file, const VectorRecord& v);
  // check() on records[0 .. n), in order, with each run of one Uop executed as a block.
  void check_block(const std::string& file, const std::vector<VectorRecord>& records, size_t n);
  const CheckCounts& counts() const { return counts_; }
  // The closing line: "N passed, N failed" (", N skipped" when some forms were unsupported).
  std::string summary() const;
  // A line before the closing one, when some passes matched an expected NaN by a different NaN:
  // "N of the passes matched an expected NaN by another NaN (any NaN for a NaN)"; else empty.
  std::string any_nan_note() const;
  bool ok() const { return counts_.failed == 0 && counts_.unsupported == 0; }
  // From now on a mismatch in a named file (not standard input) is reproduced by
  // `halfpipe check FILE --line N` + `options` (the reader's, e.g. " --testfloat f16_add"), then
  // the backend's check_options() and, when it has them, ` --wave STEM-N.fst`: exactly that
  // vector again, its waveform written. Otherwise by the backend's reproduce_command.
  void replay_by_line(std::string options) { replay_options_ = std::move(options); }

 private:
  std::string reproduce(const std::string& file, const VectorRecord& v) const;

  void judge(const std::string& file, const VectorRecord& v, uint32_t got);

  Backend& backend_;
  std::ostream& report_;
  NanMatch nan_match_;
  uint64_t max_reported_;
  uint64_t reported_ = 0;
  std::set<std::string> unsupported_forms_;
  CheckCounts counts_;
  uint64_t judged_ = 0;  // instructions executed and judged, in execution order
  std::optional<std::string> replay_options_;
};

}  // namespace halfpipe::vectors
