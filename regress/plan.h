// The regression planner behind `halfpipe plan` (doc/cluster.md): a SPEC read into work, each
// class of work's rate measured on this machine, the work cut into jobs of about a given length,
// and the plan's directory written out for a cluster: jobs.txt (one halfpipe command a line,
// each writing its results record into DIR/results/), plan.json (what `halfpipe merge` checks
// the records against), run-parallel.sh (GNU parallel), run-slurm*.sbatch (Slurm job arrays of
// at most 1,000 tasks: Slurm's default MaxArraySize is 1001) and submit-slurm.sh.
#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/isa/visa.h"
#include "model/uop/uop.h"
#include "tb/loaded_dut.h"
#include "vectors/stream.h"

namespace halfpipe::regress {

// A SPEC, plan, option or directory that cannot be used: a usage or input error (exit 2), naming
// the file (and the SPEC's line) where there is one. `merge` (regress/merge.h) throws it too.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One piece of work: a line of the SPEC.
struct Work {
  std::string text;  // the line as written, without its comment
  uint64_t line = 0;
  std::string form;  // canonical
  bool visa = false;
  std::optional<Uop> uop;
  std::optional<isa::visa::Instruction> instruction;
  vectors::StreamKind kind = vectors::StreamKind::Corner;
  uint64_t random = 0;
  uint64_t seed = 1;
  int lanes = 8, depth = 4;
  bool netlist = false;  // the gate-level netlist (Lanes=2 Depth=4) instead of the RTL
  // dut=DIR: a unit built by `halfpipe dut build` instead (doc/your-unit.md), by absolute path;
  // lanes are then its own.
  std::string dut;
  std::shared_ptr<const tb::LoadedUnit> unit;
  std::optional<uint16_t> c;
  uint64_t instructions = 0;  // in the unsharded stream

  vectors::StreamSpec spec() const;  // the line's stream, unsharded
};

// What a SPEC line takes when it names no lanes=, depth= or seed=: the command's options.
struct SpecDefaults {
  int lanes = 8, depth = 4;
  uint64_t seed = 1;
};

// SPEC lines: FORM KIND [N] [seed=S] [lanes=L] [depth=D] [c=HEX] [netlist] [dut=DIR], `#`
// comments;
// KIND is exhaustive, corner or random N. `name` names the SPEC in messages ("NAME:LINE: ...").
std::vector<Work> read_spec(std::istream& in, const std::string& name,
                            const SpecDefaults& defaults);
// The full regression (`plan --default`), as SPEC text.
std::string default_spec();

// Forms whose sweeps run at one rate: the operation, packing or vISA exec size, stream kind, unit.
std::string rate_class(const Work& w);
// Instructions per CPU second of a job of `w`'s class, measured on this machine.
double measure_rate(const Work& w);

// One job: a shard of a work.
struct Job {
  const Work* work;
  uint64_t shard_index, shard_count;
  double cpu_seconds;  // estimated
};
// Each work cut into shards of about `job_seconds` of CPU time at its class's rate (`rates`,
// by rate_class), in SPEC order.
std::vector<Job> cut_into_jobs(const std::vector<Work>& works,
                               const std::map<std::string, double>& rates, double job_seconds);
// Wall time of jobs of these lengths on `cores` cores, longest job first to the least loaded
// core (what a scheduler with a full queue does).
double makespan(std::vector<double> seconds, int cores);
// "12.5 min", "3.0 h": a duration as the plan prints it.
std::string duration(double seconds);

// Where a plan goes and what its jobs run.
struct PlanDirectory {
  std::string dir;            // absolute: the jobs run from anywhere
  std::string binary;         // the halfpipe the jobs run
  std::string spec_name;      // the SPEC file, or --default
  bool job_coverage = false;  // each job writes its RTL coverage into DIR/coverage/
};
struct WrittenPlan {
  std::string id;
  int slurm_arrays = 0;  // run-slurm.sbatch, or run-slurm-1..N.sbatch
};
// Writes the plan's files into where.dir (creating it, results/ and logs/, and coverage/ with
// job_coverage). Throws InputError naming a path that cannot be written.
WrittenPlan write_plan(const std::vector<Job>& jobs, const PlanDirectory& where);

}  // namespace halfpipe::regress
