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
#include <string>
#include <vector>

namespace halfpipe::record {

inline constexpr int kSchemaVersion = 1;
inline constexpr const char* kSchemaName = "halfpipe-record";

// What built this binary: halfpipe's version (project(VERSION)), the git revision of the tree
// ("unknown" without git, "-dirty" with uncommitted changes) and a SHA-256 over the RTL sources.
struct BuildInfo {
  std::string version, git_revision, rtl_sources_sha256;
};
const BuildInfo& build_info();

// The identity of the RTL a job ran: the RTL sources and the Verilated configuration (lanes,
// depth), as 16 hex digits. Two records agree on it exactly when they checked the same hardware.
std::string rtl_config_hash(int lanes, int depth);

struct Mismatch {
  std::string description;  // "add.rn.f16 a=0x3c00 b=...: expected 0x4000, got 0x4001 (lane 0)"
  std::string reproduce;    // a halfpipe command line that reproduces it alone
};

// One reachable coverage bin of one form and lane: "a:PosZero", "result:TieUp", ...
struct CoverageBin {
  std::string form, lane, bin;
  uint64_t count = 0;
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

// The host name, for the record.
std::string host_name();

}  // namespace halfpipe::record
