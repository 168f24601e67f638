// Results records: the durable outcome of one job of a cluster regression (halfpipe plan), one
// JSON file per job in the plan's results/ directory, summed by halfpipe merge. The schema is
// documented in doc/record.md; kSchemaVersion is bumped with any change a reader must know of.
//
//   record::Record r = ...;                       // filled by the command that ran the job
//   record::write_atomically("results/00017.json", r);  // a temporary name, then rename(2)
//   record::Record back = record::read("results/00017.json");  // throws record::Error
#pragma once

#include <cstdint>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include "tb/shell.h"

namespace halfpipe::record {

inline constexpr int kSchemaVersion = 2;
inline constexpr const char* kSchemaName = "halfpipe-record";

// What built this binary: halfpipe's version (project(VERSION)), the git revision of the tree
// ("unknown" without git, "-dirty" with uncommitted changes) and a SHA-256 over the RTL sources.
struct BuildInfo {
  std::string version, git_revision, rtl_sources_sha256;
};
const BuildInfo& build_info();

// The identity of the RTL a job ran: the RTL sources and the Verilated configuration (lanes,
// depth, and whether it was the RTL or its gate-level netlist), as 16 hex digits. Two records agree on it exactly when they checked the same hardware.
std::string rtl_config_hash(int lanes, int depth, bool netlist = false);
// The same for a unit built by `halfpipe dut build`: a digest of its shared object (`library`,
// DIR/libhp_dut.so), so that records agree on it exactly when the same build of a unit ran.
std::string unit_config_hash(const std::string& library);
// What an RTL coverage file counts (tb::kIdentity, rtl/COVERAGE.md), so that files of another
// build or RTL revision are never summed: hp_alu's RTL sources, or a unit's library (its
// unit_config_hash).
std::string hp_alu_coverage_identity();
std::string unit_coverage_identity(const std::string& library);

struct Mismatch {
  std::string description;  // "add.rn.f16 a=0x3c00 b=...: expected 0x4000, got 0x4001 (lane 0)"
  std::string reproduce;    // a halfpipe command line that reproduces it alone
};

// One reachable coverage bin of one form and lane: "a:PosZero", "result:TieUp", ...
struct CoverageBin {
  std::string form, lane, bin;
  uint64_t count = 0;
};

// One form's lane results in a job: what the sweep's per-form table prints.
struct FormResult {
  std::string form;
  uint64_t passed = 0, failed = 0, nan_accepted = 0;
};

struct Record {
  int schema = kSchemaVersion;
  std::string plan;  // the plan's id (plan.json); empty for a record made outside a plan
  uint64_t job = 0;  // the job's number, its line in jobs.txt (1-based); 0 outside a plan
  std::string spec;  // the SPEC line the job comes from
  std::string command;                // "sweep"
  std::vector<std::string> forms;     // canonical spellings
  std::vector<std::string> kinds;     // "corner", "random", "exhaustive"
  std::string shard = "1/1";
  uint64_t seed = 1;
  uint64_t random = 0;                // random instructions per form in the unsharded stream
  std::string c_values;               // fma exhaustive: the fixed c values, hex, comma-separated
  int lanes = 0, depth = 0;
  uint64_t passed = 0, failed = 0;
  std::vector<FormResult> form_results;  // the same lane results by form, in the forms' order
  bool stopped_early = false;         // at the sweep's mismatch limit: not every vector ran
  uint64_t coverage_vectors = 0;      // 0: no coverage taken (exhaustive sweeps)
  std::vector<CoverageBin> coverage;  // every reachable bin of the forms, hit or not
  std::vector<Mismatch> mismatches;   // the first ones, in order
  std::string host;
  double seconds = 0, cpu_seconds = 0;
  std::string version, git_revision, rtl_config;
};

// A record that cannot be read: what() names the file and the problem.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string to_json(const Record& r);
// Parses a record strictly: the whole text must be one JSON object of this schema version with
// every field present and of its type. `path` names the file in the error.
Record parse(const std::string& text, const std::string& path);
Record read(const std::string& path);
// Writes `r` to `path` through PATH.tmp.PID and rename(2), so that a killed job leaves either no
// record or a whole one. Throws Error naming the directory when it cannot be written.
void write_atomically(const std::string& path, const Record& r);

// Throws Error naming the directory unless a record can be written at `path`: checked before a
// job starts, so that an unwritable results directory costs seconds, not the job's hours.
void check_writable(const std::string& path);

// The failures in a sweep's report, in order, at most `limit`: each "mismatch: ..." line with the
// command of the "  reproduce: ..." line under it, and the "protocol: " and "hang: " lines.
std::vector<Mismatch> mismatches_in_report(const std::string& report, size_t limit);

// The plan of a cluster regression (halfpipe plan writes DIR/plan.json, halfpipe merge reads it):
// its id, the build that made it, and per job what a record of it must say.
struct PlannedJob {
  uint64_t number = 0;         // the job's line in jobs.txt (1-based)
  std::string spec;            // the SPEC line, as written
  uint64_t spec_line = 0;      // its line number in the SPEC file
  std::string form;            // canonical spelling
  std::string shard;           // "K/N"
  std::string rtl_config;      // rtl_config_hash(lanes, depth)
  double estimated_cpu_seconds = 0;
  std::string command;         // the line of jobs.txt
};
struct Plan {
  std::string id;  // 16 hex digits over the jobs and the build: records name it
  std::string spec_file, version, git_revision;
  std::vector<PlannedJob> jobs;
};
std::string plan_to_json(const Plan& plan);
// Throws Error naming the file for a missing, corrupt or truncated plan.
Plan read_plan(const std::string& path);

// FNV-1a over `text`, as 16 hex digits: a stable identity, not a defence against forgery.
std::string digest(const std::string& text);

// `text` as one word of a POSIX shell command line (tb/shell.h).
using tb::shell_quote;

// Writes `text` to `path` through a temporary name and a rename; throws Error naming the file.
void write_file_atomically(const std::string& path, const std::string& text);

// The host name, for the record.
std::string host_name();

// A stream buffer that passes everything on to `out` and keeps a copy: how a command's report
// goes both to the terminal and into its record.
class TeeBuffer : public std::streambuf {
 public:
  explicit TeeBuffer(std::streambuf* out) : out_(out) {}
  const std::string& text() const { return text_; }

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return out_->pubsync(); }

 private:
  std::streambuf* out_;
  std::string text_;
};

}  // namespace halfpipe::record
