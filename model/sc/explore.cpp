#include "model/sc/explore.h"

#include <systemc>

#include <chrono>
#include <ctime>
#include <deque>
#include <random>

#include "model/sc/alu_model.h"
#include "model/sc/traffic.h"

namespace halfpipe::sc {
namespace {

uint32_t all_lanes(int lanes) { return lanes >= 32 ? 0xFFFFFFFFu : (1u << lanes) - 1; }

// The producer and the consumer of a workload, acting between two rising edges of `Unit` (an
// AluTransactionIf behind a SystemC port, or a PipelineCore stepped directly): the same draws in
// the same order either way, so a seed means the same run.
class WorkloadEnvironment {
 public:
  WorkloadEnvironment(const PipelineConfig& config, const Workload& workload)
      : config_(config),
        workload_(workload),
        traffic_(workload.seed, workload.gap, workload.backpressure),
        random_(workload.seed),
        // A generous bound that only a model that stopped making progress reaches.
        cycle_limit_(workload.count * 1000 * config.initiation_interval + 100000) {}

  // One cycle's part, after the edge before it; false when the run is over: every result left,
  // or error() says what went wrong.
  template <typename Unit>
  bool act(Unit& unit) {
    for (std::size_t i = unit.accepted_at_last_edge(); i > 0; --i) pending_.pop_front();
    for (const Result& r : unit.departed_at_last_edge()) {
      if (r.tag != departed_) {
        error_ = "result tag " + std::to_string(r.tag) + " left where tag " +
                 std::to_string(departed_) + " was due";
        return false;
      }
      ++departed_;
    }
    if (departed_ == workload_.count) return false;
    if (unit.next_edge() > cycle_limit_) {
      error_ = "no completion after " + std::to_string(cycle_limit_) + " cycles";
      return false;
    }
    traffic_.next_cycle();
    unit.set_out_ready(traffic_.out_ready());
    if (traffic_.gap()) return true;
    const std::size_t width = static_cast<std::size_t>(config_.issue_width);
    while (pending_.size() < width && generated_ < workload_.count) pending_.push_back(next());
    for (std::size_t i = 0; i < pending_.size() && i < width; ++i) unit.offer(pending_[i]);
    return true;
  }

  const std::string& error() const { return error_; }

 private:
  Transaction next() {
    Transaction t;
    t.tag = generated_++;
    t.uop = workload_.forms[std::uniform_int_distribution<std::size_t>(
        0, workload_.forms.size() - 1)(random_)];
    if (workload_.fill_lanes) t.uop.lane_mask = all_lanes(config_.lanes);
    for (int lane = 0; lane < config_.lanes; ++lane) {
      const uint64_t bits = random_();
      t.a[lane] = static_cast<uint16_t>(bits);
      t.b[lane] = static_cast<uint16_t>(bits >> 16);
      t.c[lane] = static_cast<uint16_t>(bits >> 32);
    }
    return t;
  }

  PipelineConfig config_;
  Workload workload_;
  Traffic traffic_;      // the gaps and the back-pressure, as every harness draws them
  std::mt19937_64 random_;  // the transactions: forms and operands
  uint64_t cycle_limit_;
  std::deque<Transaction> pending_;  // generated, not yet accepted
  uint64_t generated_ = 0;
  uint64_t departed_ = 0;
  std::string error_;
};

// The environment in one SystemC process acting on the falling edge, between the model's
// rising edges.
class WorkloadDriver : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_port<AluTransactionIf> unit;

  WorkloadDriver(sc_core::sc_module_name name, const PipelineConfig& config,
                 const Workload& workload)
      : sc_core::sc_module(name), clk("clk"), unit("unit"), environment_(config, workload) {
    SC_METHOD(on_falling_edge);
    sensitive << clk.neg();
    dont_initialize();
  }

  const std::string& error() const { return environment_.error(); }

 private:
  SC_HAS_PROCESS(WorkloadDriver);

  void on_falling_edge() {
    // sc_pause returns from sc_start without sc_stop's "stopped by user" notice.
    if (!environment_.act(*unit[0])) sc_core::sc_pause();
  }

  WorkloadEnvironment environment_;
};

}  // namespace

std::string validate(const Workload& w, const PipelineConfig& config) {
  if (w.forms.empty()) return "no forms to run";
  if (w.count == 0) return "the transaction count is 0";
  if (!(w.gap >= 0 && w.gap < 1)) return "the gap probability must be in [0, 1)";
  if (!(w.backpressure >= 0 && w.backpressure < 1))
    return "the back-pressure probability must be in [0, 1)";
  if (!w.fill_lanes)
    for (const Uop& u : w.forms)
      if ((u.lane_mask & ~all_lanes(config.lanes)) != 0) {
        int needed = 0;
        while (needed < 32 && (u.lane_mask >> needed) != 0) ++needed;
        return "a form with lane mask " + std::to_string(u.lane_mask) + " needs " +
               std::to_string(needed) + " lanes; the unit has " + std::to_string(config.lanes);
      }
  return {};
}

ExploreRun run_explore(const PipelineConfig& config, const Workload& workload) {
  ExploreRun run;
  if (run.error = validate(config); !run.error.empty()) return run;
  if (run.error = validate(workload, config); !run.error.empty()) return run;

  // The clock starts low, so the environment acts (falling edge, t = 0) before edge 0.
  sc_core::sc_clock clock("clk", sc_core::sc_time(1, sc_core::SC_NS), 0.5, sc_core::SC_ZERO_TIME,
                          false);
  AluModel model("alu", config);
  WorkloadDriver driver("workload", config, workload);
  model.clk(clock);
  driver.clk(clock);
  driver.unit(model);

  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  sc_core::sc_start();
  run.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.stats = model.statistics();
  run.error = driver.error();
  return run;
}

ExploreRun run_explore_on_core(const PipelineConfig& config, const Workload& workload) {
  ExploreRun run;
  if (run.error = validate(config); !run.error.empty()) return run;
  if (run.error = validate(workload, config); !run.error.empty()) return run;
  PipelineCore unit(config);
  WorkloadEnvironment environment(config, workload);
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  while (environment.act(unit)) unit.edge();
  run.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.stats = unit.statistics();
  run.error = environment.error();
  return run;
}

}  // namespace halfpipe::sc
