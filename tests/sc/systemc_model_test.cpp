// The sc_module under an sc_clock: it keeps rtl/TIMING.md's timing when the environment drives
// it between rising edges through the transaction interface, and explore runs on it.
#include <catch2/catch.hpp>

#include <systemc>

#include <memory>
#include <vector>

#include "model/sc/alu_model.h"
#include "model/sc/explore.h"
#include "tests/sc/drive.h"
#include "tests/sc/systemc_process.h"
#include "tests/sc/timing_md.h"

namespace halfpipe::sc::test {
namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

// The clock starts low: the environment acts on falling edges (t = 0, 1, 2 ns ...), the model
// on rising edges (t = 0.5, 1.5 ... ns), so cycle k's inputs are in place before edge k.
sc_core::sc_clock make_clock() {
  return sc_core::sc_clock("clk", sc_time(1, SC_NS), 0.5, sc_core::SC_ZERO_TIME, false);
}

// A ScheduleDriver in a process, talking to the unit only through an sc_port.
class Environment : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_port<AluTransactionIf> unit;

  Environment(sc_core::sc_module_name name, const Schedule& s, std::vector<Transaction> txns,
              int lanes)
      : sc_core::sc_module(name), clk("clk"), unit("unit"), driver_(s, std::move(txns), lanes) {
    SC_METHOD(on_falling_edge);
    sensitive << clk.neg();
    dont_initialize();
  }
  const TimingByTag& timing() const { return driver_.timing(); }

 private:
  SC_HAS_PROCESS(Environment);
  void on_falling_edge() { driver_.before_edge(*unit[0]); }
  ScheduleDriver<AluTransactionIf> driver_;
};

TEST_CASE("SystemC: AluModel instances agree with the TIMING.md line under an sc_clock",
          "[sc][systemc]") {
  if (!elaborate_here()) return;
  struct Bench {
    int lanes, depth;
    Schedule schedule;
    std::unique_ptr<AluModel> model;
    std::unique_ptr<Environment> environment;
  };
  const uint64_t cycles = 3000, transactions = 600;
  auto clock = make_clock();
  std::vector<Bench> benches;
  uint64_t seed = 100;
  for (int lanes : {2, 4, 8})
    for (int depth : {2, 4, 5}) {
      Bench b{lanes, depth, random_schedule(++seed, transactions, cycles, 0.25, 0.4), {}, {}};
      benches.push_back(std::move(b));
    }
  for (std::size_t i = 0; i < benches.size(); ++i) {
    Bench& b = benches[i];
    const std::string n = std::to_string(i);
    b.model = std::make_unique<AluModel>(("alu" + n).c_str(), rtl_configuration(b.lanes, b.depth));
    b.environment = std::make_unique<Environment>(
        ("env" + n).c_str(), b.schedule, random_transactions(seed + i, transactions, b.lanes),
        b.lanes);
    b.model->clk(clock);
    b.environment->clk(clock);
    b.environment->unit(*b.model);
  }
  sc_core::sc_start(sc_time(static_cast<double>(cycles) + 0.75, SC_NS));  // edges 0..cycles
  for (const Bench& b : benches) {
    CAPTURE(b.lanes, b.depth);
    const TimingByTag expected = TimingMdLine(b.depth).run(b.schedule);
    const TimingByTag& predicted = b.environment->timing();
    CHECK(b.model->statistics().cycles == cycles + 1);
    REQUIRE(predicted.size() == expected.size());
    for (const auto& [tag, timing] : expected) {
      CAPTURE(tag);
      REQUIRE(predicted.at(tag).accept_edge == timing.accept_edge);
      REQUIRE(predicted.at(tag).leave_edge == timing.leave_edge);
    }
    CHECK(expected.rbegin()->second.leave_edge);  // the schedule was long enough to drain
  }
}

TEST_CASE("SystemC: explore runs a seeded workload to completion", "[sc][systemc]") {
  if (!elaborate_here()) return;
  Workload workload;
  Uop add;
  add.op = Op::Add;
  add.packed = true;
  add.lane_mask = 0b11;
  workload.forms = {add};
  workload.count = 1000;
  const ExploreRun run = run_explore(rtl_configuration(2, 4), workload);
  REQUIRE(run.error.empty());
  const Statistics& s = run.stats;
  // Saturating traffic through Depth 4: accepted at edges 0..999, the last leaves at 1003.
  CHECK(s.cycles == 1004);
  CHECK(s.accepted == 1000);
  CHECK(s.departed == 1000);
  CHECK(s.latency_histogram == std::map<uint64_t, uint64_t>{{4, 1000}});
  CHECK(s.lane_utilisation() == Approx(1000.0 / 1004));
  CHECK(s.unevaluated == 0);
}

TEST_CASE("SystemC: explore under back-pressure and gaps loses nothing", "[sc][systemc]") {
  if (!elaborate_here()) return;
  Workload workload;
  for (Op op : {Op::Fma, Op::Min, Op::Abs}) {
    Uop u;
    u.op = op;
    workload.forms.push_back(u);
  }
  workload.count = 2000;
  workload.seed = 5;
  workload.gap = 0.2;
  workload.backpressure = 0.3;
  workload.fill_lanes = true;
  PipelineConfig config;
  config.lanes = 4;
  config.latency = {6, 2, 1, 8};
  config.issue_width = 2;
  config.output_queue = 2;
  const ExploreRun run = run_explore(config, workload);
  REQUIRE(run.error.empty());
  const Statistics& s = run.stats;
  CHECK(s.accepted == 2000);
  CHECK(s.departed == 2000);
  CHECK(s.active_lanes == 2000 * 4);
  CHECK(s.blocked_cycles > 0);
  CHECK(s.refused_order > 0);
  uint64_t counted = 0;
  for (const auto& [latency, n] : s.latency_histogram) {
    CHECK(latency >= 1);
    counted += n;
  }
  CHECK(counted == 2000);
}

TEST_CASE("explore refuses a workload that does not fit the configuration", "[sc][config]") {
  Workload workload;
  Uop packed;
  packed.packed = true;
  packed.lane_mask = 0b11;
  workload.forms = {packed};
  PipelineConfig one_lane = rtl_configuration(1, 4);
  CHECK_THAT(validate(workload, one_lane), Catch::Contains("needs 2 lanes; the unit has 1"));
  workload.backpressure = 1.0;
  CHECK_THAT(validate(workload, rtl_configuration(2, 4)), Catch::Contains("back-pressure"));
  workload.backpressure = 0;
  workload.forms.clear();
  CHECK_THAT(validate(workload, rtl_configuration(2, 4)), Catch::Contains("no forms"));
}

}  // namespace
}  // namespace halfpipe::sc::test
