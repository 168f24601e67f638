#include "model/workload/scheduler.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <deque>
#include <limits>
#include <map>
#include <stdexcept>

#include "model/sc/traffic.h"

namespace halfpipe::workload {
namespace {

constexpr uint64_t kNotReady = std::numeric_limits<uint64_t>::max();

double ratio(double num, double den) { return den > 0 ? num / den : 0.0; }

uint32_t all_lanes(int lanes) { return lanes >= 32 ? 0xFFFFFFFFu : (1u << lanes) - 1; }

// One warp: where it is in its stream, and when each of its registers can be read.
struct Warp {
  const Program* program = nullptr;
  std::size_t stream = 0;
  std::size_t pc = 0;
  std::vector<int> loop_passes;  // per LoopBack instruction: times taken since the loop was entered
  std::vector<uint64_t> ready;   // per register: the first cycle an instruction may read it

  bool done() const { return pc >= program->code.size(); }
  const Instruction& current() const { return program->code[pc]; }

  // The first cycle the current instruction's registers are all ready, kept until it changes:
  // the registers of the current instruction change only when a unit result of this warp leaves
  // (from not ready to ready), and the current instruction only when the warp issues.
  uint64_t wait_until = 0;
  bool wait_known = false;

  bool operands_ready(const Instruction& inst, uint64_t cycle) {
    if (!wait_known) {
      wait_until = 0;
      for (int r : inst.sources) wait_until = std::max(wait_until, ready[r]);
      for (int r : inst.destinations) wait_until = std::max(wait_until, ready[r]);
      wait_known = true;
    }
    return wait_until <= cycle;
  }

  void advance(int trip_count) {
    wait_known = false;
    const Instruction& inst = program->code[pc];
    switch (inst.flow) {
      case Flow::LoopBack:
        if (++loop_passes[pc] < trip_count) {
          pc = static_cast<std::size_t>(inst.target);
          return;
        }
        loop_passes[pc] = 0;  // the loop is left; entered again, it runs its trips again
        ++pc;
        return;
      case Flow::Jump:
        pc = static_cast<std::size_t>(inst.target);
        return;
      case Flow::Stop:
        pc = program->code.size();
        return;
      case Flow::Next:
        ++pc;
        return;
    }
  }
};

// A unit instruction accepted and not yet left.
struct InFlight {
  std::size_t warp;
  const Instruction* inst;
  std::size_t schedule_index;
};

}  // namespace

const char* policy_name(Policy policy) {
  return policy == Policy::RoundRobin ? "round-robin" : "greedy-then-oldest";
}

std::optional<Policy> parse_policy(std::string_view name) {
  for (Policy policy : kPolicies)
    if (name == policy_name(policy)) return policy;
  return std::nullopt;
}

const char* stall_name(Stall cause) {
  switch (cause) {
    case Stall::Dependency:
      return "dependency";
    case Stall::Structural:
      return "structural";
    case Stall::Interval:
      return "interval";
    case Stall::Backpressure:
      return "back-pressure";
  }
  return "?";
}

uint64_t Report::stall_total() const {
  uint64_t sum = 0;
  for (uint64_t s : stalls) sum += s;
  return sum;
}
double Report::instructions_per_cycle() const { return ratio(instructions, cycles); }
double Report::issue_slot_utilisation() const {
  return ratio(instructions, static_cast<double>(cycles) * issue_width);
}
double Report::lane_utilisation() const {
  return ratio(unit.active_lanes, static_cast<double>(cycles) * issue_width * lanes);
}

void ModelUnit::offer(const Uop& uop, uint64_t tag) {
  offer_.uop = uop;
  offer_.tag = tag;
  core_.offer(offer_);
}

TimedUnit::EdgeOutcome ModelUnit::edge(bool out_ready) {
  const sc::Statistics& s = core_.statistics();
  const uint64_t frozen = s.refused_frozen, interval = s.refused_interval;
  core_.set_out_ready(out_ready);
  core_.edge();
  EdgeOutcome outcome;
  outcome.accepted = core_.accepted_at_last_edge();
  outcome.departed = core_.departed_at_last_edge().size();
  outcome.refused = s.refused_frozen != frozen       ? Stall::Backpressure
                    : s.refused_interval != interval ? Stall::Interval
                                                     : Stall::Structural;
  return outcome;
}

std::string validate(const StreamOptions& o, const sc::PipelineConfig& config) {
  if (o.streams.empty()) return "no instruction stream to run";
  if (o.warps < 1) return "the warp count must be at least 1";
  if (o.own_warps && o.warps != static_cast<int>(o.streams.size()))
    return "the trace names its " + std::to_string(o.streams.size()) + " warps; " +
           std::to_string(o.warps) + " asked for";
  if (o.trip_count < 1) return "the trip count must be at least 1";
  if (o.other_latency < 1) return "the latency of other units must be at least 1";
  if (!(o.backpressure >= 0 && o.backpressure < 1))
    return "the back-pressure probability must be in [0, 1)";
  if (!o.fill_lanes)
    for (const Program& p : o.streams)
      for (const Form& f : p.forms)
        if (f.uop && (f.uop->lane_mask & ~all_lanes(config.lanes)) != 0)
          return "form '" + f.text + "' is packed and needs 2 lanes; the unit has " +
                 std::to_string(config.lanes);
  return {};
}

Report run(const sc::PipelineConfig& config, const StreamOptions& options) {
  if (std::string problem = sc::validate(config); !problem.empty())
    throw std::invalid_argument(problem);
  ModelUnit unit(config);
  return run(unit, config, options);
}

Report run(TimedUnit& unit, const sc::PipelineConfig& config, const StreamOptions& o) {
  if (std::string problem = validate(o, config); !problem.empty())
    throw std::invalid_argument(problem);
  const auto wall_start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();

  Report report;
  report.issue_width = unit.issue_width();
  report.lanes = config.lanes;
  const std::size_t warp_count = static_cast<std::size_t>(o.warps);
  std::vector<Warp> warps(warp_count);
  std::vector<std::vector<uint64_t>> form_counts(o.streams.size());
  for (std::size_t s = 0; s < o.streams.size(); ++s)
    form_counts[s].assign(o.streams[s].forms.size(), 0);
  std::size_t running = 0;
  for (std::size_t w = 0; w < warp_count; ++w) {
    warps[w].stream = w % o.streams.size();
    warps[w].program = &o.streams[warps[w].stream];
    warps[w].loop_passes.assign(warps[w].program->code.size(), 0);
    warps[w].ready.assign(warps[w].program->registers.size(), 0);
    running += !warps[w].done();
  }

  const std::size_t width = static_cast<std::size_t>(unit.issue_width());
  const uint32_t filled = all_lanes(config.lanes);
  const uint64_t other_latency = static_cast<uint64_t>(o.other_latency);
  sc::Traffic traffic(o.seed, 0.0, o.backpressure);
  std::deque<InFlight> in_flight;
  std::vector<std::size_t> order(warp_count);
  std::vector<std::pair<std::size_t, std::size_t>> offered;  // (warp, position in the order)
  offered.reserve(width);
  // Round-robin starts at warp 0, greedy-then-oldest with warp 0.
  std::size_t last_issuer = o.policy == Policy::RoundRobin ? warp_count - 1 : 0;
  uint64_t others_done = 0;  // the cycle at which the last other-unit result is ready
  uint64_t clock_reads = 0, first_clock = 0, last_clock = 0;  // Report::timed_cycles
  uint64_t tag = 0;
  uint64_t last_progress = 0;

  for (uint64_t cycle = 0;; ++cycle) {
    if (running == 0 && unit.in_flight() == 0 && cycle >= others_done) {
      report.cycles = cycle;
      break;
    }
    if (cycle - last_progress > 1000000 + 100 * other_latency)
      throw std::runtime_error("the schedule made no progress for a million cycles at cycle " +
                               std::to_string(cycle));
    bool out_ready = true;
    if (o.backpressure > 0) {
      traffic.next_cycle();
      out_ready = traffic.out_ready();
    }
    // The results leaving at this edge may be read by instructions offered in this cycle.
    const std::size_t leaving = out_ready ? unit.showing() : 0;
    for (std::size_t i = 0; i < leaving; ++i) {
      Warp& warp = warps[in_flight[i].warp];
      for (int r : in_flight[i].inst->destinations) warp.ready[r] = cycle;
      warp.wait_known = false;
    }

    if (o.policy == Policy::RoundRobin) {
      for (std::size_t k = 0; k < warp_count; ++k) order[k] = (last_issuer + 1 + k) % warp_count;
    } else {
      order[0] = last_issuer;
      for (std::size_t w = 0, k = 1; w < warp_count; ++w)
        if (w != last_issuer) order[k++] = w;
    }

    std::size_t slots = width;
    std::size_t last_position = 0;
    bool issued = false;
    offered.clear();
    for (std::size_t k = 0; k < warp_count; ++k) {
      Warp& warp = warps[order[k]];
      if (warp.done()) continue;
      const Instruction& inst = warp.current();
      if (!warp.operands_ready(inst, cycle)) {
        ++report.stalls[static_cast<int>(Stall::Dependency)];
        continue;
      }
      if (slots == 0) {
        ++report.stalls[static_cast<int>(Stall::Structural)];
        continue;
      }
      --slots;
      const Form& form = warp.program->forms[inst.form];
      if (form.uop) {
        Uop uop = *form.uop;
        if (o.fill_lanes) uop.lane_mask = filled;
        unit.offer(uop, tag + offered.size());
        offered.emplace_back(order[k], k);
        continue;
      }
      for (int r : inst.destinations) warp.ready[r] = cycle + other_latency;
      others_done = std::max(others_done, cycle + other_latency);
      if (inst.reads_clock) {
        if (clock_reads++ == 0) first_clock = cycle;
        last_clock = cycle;
      }
      ++form_counts[warp.stream][inst.form];
      ++report.other_instructions;
      warp.advance(o.trip_count);
      running -= warp.done();
      last_position = k;
      issued = true;
    }

    const TimedUnit::EdgeOutcome outcome = unit.edge(out_ready);
    if (outcome.departed != leaving)
      throw std::logic_error("the unit let " + std::to_string(outcome.departed) +
                             " results leave where it showed " + std::to_string(leaving));
    for (std::size_t i = 0; i < outcome.departed; ++i) {
      if (o.record_schedule) report.schedule[in_flight.front().schedule_index].leave_edge = cycle;
      in_flight.pop_front();
    }
    if (outcome.departed > 0) last_progress = cycle;
    for (std::size_t i = 0; i < offered.size(); ++i) {
      if (i >= outcome.accepted) {
        ++report.stalls[static_cast<int>(outcome.refused)];
        continue;
      }
      const auto [w, position] = offered[i];
      Warp& warp = warps[w];
      const Instruction& inst = warp.current();
      for (int r : inst.destinations) warp.ready[r] = kNotReady;
      in_flight.push_back({w, &inst, report.schedule.size()});
      if (o.record_schedule) report.schedule.push_back({static_cast<int>(w), cycle, 0});
      ++form_counts[warp.stream][inst.form];
      ++report.unit_instructions;
      ++tag;
      warp.advance(o.trip_count);
      running -= warp.done();
      last_position = std::max(last_position, position);
      issued = true;
    }
    if (issued) {
      last_issuer = order[last_position];
      last_progress = cycle;
    }
  }

  if (clock_reads >= 2) report.timed_cycles = last_clock - first_clock;
  report.instructions = report.unit_instructions + report.other_instructions;
  report.unit = unit.statistics();
  std::map<std::string, FormCount> merged;
  for (std::size_t s = 0; s < o.streams.size(); ++s)
    for (std::size_t f = 0; f < o.streams[s].forms.size(); ++f) {
      const Form& form = o.streams[s].forms[f];
      FormCount& c = merged[form.text];
      c.form = form.text;
      c.unit = form.uop.has_value();
      c.not_executable = form.not_executable;
      c.count += form_counts[s][f];
    }
  for (auto& [text, count] : merged)
    if (count.count > 0) report.forms.push_back(count);
  std::stable_sort(report.forms.begin(), report.forms.end(),
                   [](const FormCount& a, const FormCount& b) { return a.count > b.count; });
  report.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return report;
}

}  // namespace halfpipe::workload
