// Runs instruction streams (program.h) through the unit: N warps, each an in-order stream with
// its own registers, interleaved by a scheduler to hide latency, the unit's instructions timed by
// the unit's timing engine (PipelineCore, exact against the RTL in rtl_configuration()), every
// other instruction by another, pipelined unit of a fixed latency. What `halfpipe explore
// --ptx-file/--trace-file` prints, and what a design-space sweep calls once per configuration.
//
// Timing, per cycle (the time between two rising edges of the unit):
//   - a result the unit shows on its output while the consumer is ready leaves at this edge, and
//     an instruction reading it may be offered in this same cycle (it is accepted at the earliest
//     at that edge): a chain of dependent instructions of latency L issues every L cycles;
//   - another unit's result is ready `other_latency` cycles after its issue;
//   - an instruction issues when every register it reads or writes is ready (read after write,
//     and write after write so that a late result never overwrites a newer one);
//   - each warp issues at most one instruction a cycle, in program order, and at most
//     issue_width instructions issue in all; the unit's instructions are offered to the unit,
//     which accepts a prefix of them (the rest are offered again later);
//   - a warp that has an instruction and issues none in a cycle stalls, for the first cause that
//     holds: dependency (an operand not ready), structural (no issue slot left, or the unit
//     refused it to keep completion in order or a stage within the issue width), interval (the
//     unit's initiation interval), back-pressure (the unit's line was held by a full output).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/sc/config.h"
#include "model/sc/pipeline.h"
#include "model/workload/program.h"

namespace halfpipe::workload {

enum class Policy {
  RoundRobin,        // the warps in turn, starting after the one that issued last
  GreedyThenOldest,  // the warp that issued last while it can, then the oldest (lowest number)
};
const char* policy_name(Policy policy);  // "round-robin", "greedy-then-oldest"
inline constexpr Policy kPolicies[] = {Policy::RoundRobin, Policy::GreedyThenOldest};
std::optional<Policy> parse_policy(std::string_view name);  // policy_name's inverse

struct StreamOptions {
  // Warp w runs streams[w % streams.size()]: a kernel's stream for every warp, or a trace's
  // warps one each.
  std::vector<Program> streams;
  int warps = 4;
  bool own_warps = false;  // a trace that names its warps: `warps` must be their count
  int trip_count = 4;     // times each loop body runs
  int other_latency = 4;  // cycles from issue to result of every instruction outside the unit
  Policy policy = Policy::RoundRobin;
  double backpressure = 0.0;  // probability per cycle that the consumer of the unit is not ready
  uint64_t seed = 1;          // of the back-pressure (model/sc/traffic.h)
  bool fill_lanes = false;    // the unit's instructions enable every lane, not only the form's
  bool record_schedule = false;  // keep Report::schedule
};

// Empty when the options can run on the configuration; otherwise the problem.
std::string validate(const StreamOptions& options, const sc::PipelineConfig& config);

enum class Stall : uint8_t { Dependency, Structural, Interval, Backpressure };
inline constexpr int kStallCauses = 4;
const char* stall_name(Stall cause);

struct FormCount {
  std::string form;
  bool unit = false;           // executed by the unit
  std::string not_executable;  // a unit opcode the decoder refused: why
  uint64_t count = 0;
};

// One instruction the unit executed: when the scheduler issued it and when it left.
struct UnitIssue {
  int warp = 0;
  uint64_t accept_edge = 0;
  uint64_t leave_edge = 0;
};

struct Report {
  uint64_t cycles = 0;  // until the last result of every warp was ready
  // From the first read of the cycle counter in any warp to the last read in any warp, each
  // read taken at its issue cycle, as a kernel timed on a GPU measures an SM's warps; 0 when no
  // instruction read it twice (Instruction::reads_clock).
  uint64_t timed_cycles = 0;
  uint64_t instructions = 0;
  uint64_t unit_instructions = 0;
  uint64_t other_instructions = 0;
  uint64_t stalls[kStallCauses] = {};  // warp-cycles without issue, by cause
  int issue_width = 1;
  int lanes = 1;
  sc::Statistics unit;              // the unit's own statistics
  std::vector<FormCount> forms;     // by count, then name
  std::vector<UnitIssue> schedule;  // with record_schedule, in issue order
  double cpu_seconds = 0;
  double seconds = 0;

  uint64_t stall_total() const;
  double instructions_per_cycle() const;
  double issue_slot_utilisation() const;  // instructions / (cycles * issue width)
  double lane_utilisation() const;        // the unit's enabled lanes / (cycles * width * lanes)
};

// A timing engine for the unit's instructions, behind the cycle protocol of PipelineCore
// (model/sc/pipeline.h): the unit's model, or (in the calibration test) the Verilated RTL.
class TimedUnit {
 public:
  virtual ~TimedUnit() = default;
  virtual int issue_width() const = 0;
  // Results on the output this cycle (they leave at the coming edge if the consumer is ready).
  virtual std::size_t showing() const = 0;
  // Offers one instruction this cycle; `tag` comes back in order.
  virtual void offer(const Uop& uop, uint64_t tag) = 0;
  struct EdgeOutcome {
    std::size_t accepted = 0;  // a prefix of this cycle's offers
    std::size_t departed = 0;  // results that left, oldest first
    Stall refused = Stall::Structural;  // why the rest of the offers were refused, if any were
  };
  virtual EdgeOutcome edge(bool out_ready) = 0;
  virtual std::size_t in_flight() const = 0;
  virtual sc::Statistics statistics() const { return {}; }
};

// PipelineCore as a TimedUnit.
class ModelUnit : public TimedUnit {
 public:
  explicit ModelUnit(const sc::PipelineConfig& config) : core_(config) {}
  int issue_width() const override { return core_.config().issue_width; }
  std::size_t showing() const override { return core_.out_count(); }
  void offer(const Uop& uop, uint64_t tag) override;
  EdgeOutcome edge(bool out_ready) override;
  std::size_t in_flight() const override { return core_.in_flight(); }
  sc::Statistics statistics() const override { return core_.statistics(); }

 private:
  sc::PipelineCore core_;
  sc::Transaction offer_;  // operands stay 0: timing does not depend on values
};

// Runs the streams through `config` (its unit modelled by PipelineCore). Throws
// std::invalid_argument when validate() objects.
Report run(const sc::PipelineConfig& config, const StreamOptions& options);

// Runs the streams through the given unit; `config` gives the lane count the lane masks fill.
Report run(TimedUnit& unit, const sc::PipelineConfig& config, const StreamOptions& options);

}  // namespace halfpipe::workload
