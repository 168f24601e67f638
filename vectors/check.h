// Replaying vectors through an execution backend (the reference now; the Verilated RTL once it
// lands, as another Backend) and reporting mismatches the way the sweep does: each printed with
// form, operands, expected, got and a command that reproduces it, reports stop after a limit,
// and the run ends with one line `N passed, N failed`.
#pragma once

#include <cstdint>
#include <memory>
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

 private:
  void judge(const std::string& file, const VectorRecord& v, uint32_t got);

  Backend& backend_;
  std::ostream& report_;
  NanMatch nan_match_;
  uint64_t max_reported_;
  uint64_t reported_ = 0;
  std::set<std::string> unsupported_forms_;
  CheckCounts counts_;
};

}  // namespace halfpipe::vectors
