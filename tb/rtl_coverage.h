// RTL code coverage (rtl/COVERAGE.md): line, branch, toggle and SVA `cover` counts of the
// coverage-instrumented Verilated models (rtl/CMakeLists.txt, prefix Vhp_alu_cov_*), collected
// over every model a command runs and written as one Verilator coverage file (coverage.dat
// format, which `verilator_coverage` reads, merges and turns into lcov .info).
//
//   tb::RtlCoverageSession session("run.dat");   // from here, make_dut builds instrumented models
//   ... run sweeps, cosims: each model's counts are added when it is destroyed ...
//   session.write();                              // run.dat: the sum over every model
//
// Each Verilated model has its own VerilatedContext (tb/dut.cpp), and a context counts only its
// own model, so the counts of several models (several configurations, a sweep after a cosim) are
// summed here, point by point, as `verilator_coverage --write` would sum their files.
//
// A file halfpipe writes names what it counts on the line after Verilator's header (kIdentity,
// a comment to Verilator's tools): hp_alu's RTL sources, or a unit and its library. Counts of
// two identities describe two designs, or two revisions of one, whose points only look alike;
// they are never summed (the same rule in scripts/rtl-coverage).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace halfpipe::tb {

// Coverage points and their counts, keyed by Verilator's point key (its fields: file, line,
// column, page, comment, hierarchy; coverage.dat's `C '<key>' <count>` lines).
inline constexpr const char* kIdentity = "# halfpipe-coverage: ";

class CoverageCounts {
 public:
  // Adds every point of a coverage.dat file; throws std::runtime_error naming the file and the
  // line when it cannot be read or a line is not `C '<key>' <count>` (or a `#` comment), and
  // naming both files and both identities when its identity (none included) is not the one of
  // the files added before it.
  void add_file(const std::string& path);
  void add(const std::string& key, uint64_t count) { counts_[key] += count; }
  // What write() names as counted (empty: nothing); the identity of the files added so far.
  void set_identity(std::string identity) { identity_ = std::move(identity); }
  const std::string& identity() const { return identity_; }
  // Writes the points in coverage.dat format; throws std::runtime_error when it cannot.
  void write(const std::string& path) const;
  size_t points() const { return counts_.size(); }
  const std::map<std::string, uint64_t>& counts() const { return counts_; }

 private:
  std::map<std::string, uint64_t> counts_;
  std::string identity_;
  std::string first_file_;  // the file that set identity_, for the message
};

// Rewrites a coverage file (a unit's, written by its own library) with `identity` named in it.
void stamp_coverage_file(const std::string& path, const std::string& identity);

// While one exists, make_dut builds coverage-instrumented models, and each one adds its counts
// to the session when it is destroyed. One session at a time.
class RtlCoverageSession {
 public:
  // Checks now that `path` can be written (better refused before a long run than after it);
  // throws std::invalid_argument when it cannot, or when a session exists already. `identity`:
  // what the file will name as counted (the RTL sources' digest).
  RtlCoverageSession(std::string path, std::string identity);
  ~RtlCoverageSession();
  RtlCoverageSession(const RtlCoverageSession&) = delete;
  RtlCoverageSession& operator=(const RtlCoverageSession&) = delete;

  // Writes the counts of every model destroyed so far to the path; throws std::runtime_error
  // when it cannot, or when a model's counts could not be added.
  void write() const;
  const CoverageCounts& counts() const { return counts_; }
  const std::string& path() const { return path_; }

 private:
  friend class RtlCoverageAccess;
  std::string path_;
  std::string identity_;
  CoverageCounts counts_;
  std::string error_;  // the first model whose counts could not be added
};

// The session in force, or nullptr (tb/dut.cpp asks it whether to build instrumented models).
RtlCoverageSession* active_rtl_coverage();

// The configurations Verilated with coverage in this build: {lanes, depth}. Lanes=2 Depth=4 (the
// first of available_configs() when that lacks it); all of them when configured with
// HALFPIPE_RTL_COVERAGE=ON.
const std::vector<std::pair<int, int>>& coverage_configs();

}  // namespace halfpipe::tb

class VerilatedContext;
namespace halfpipe::tb {
// Adds the counts of an instrumented model's context to the session in force, if any (tb/dut.cpp,
// when the model is destroyed).
void add_model_coverage(VerilatedContext& context);
}  // namespace halfpipe::tb
