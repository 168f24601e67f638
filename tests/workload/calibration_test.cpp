// Calibration: for every configuration the RTL is Verilated with, explore's
// prediction for each workload's instruction stream equals the RTL's, cycle for cycle. The same
// scheduler runs twice: once with the unit's model (PipelineCore, what explore runs) and once
// with the Verilated hp_alu as the unit, where in_ready decides what is accepted and the results
// the RTL hands out decide when dependent instructions may issue. Every instruction's acceptance
// and departure edge, the total cycle count and the issue stalls must agree exactly.
#include <catch2/catch.hpp>

#include <deque>
#include <memory>
#include <string>

#include "model/uop/uop.h"
#include "model/workload/ptx_reader.h"
#include "model/workload/scheduler.h"
#include "tb/dut_factory.h"
#include "tests/workload/workloads.h"

namespace {

using namespace halfpipe::workload;

// The Verilated RTL as the scheduler's unit: one offer a cycle (the RTL's issue width).
class RtlUnit : public TimedUnit {
 public:
  RtlUnit(int lanes, int depth) : dut_(halfpipe::tb::make_dut(lanes, depth)) {}
  int issue_width() const override { return 1; }
  std::size_t showing() const override {
    halfpipe::tb::OutBeat out;
    return dut_->peek(out) ? 1 : 0;
  }
  void offer(const halfpipe::Uop& uop, uint64_t tag) override {
    REQUIRE_FALSE(offered_);
    beat_.uop_word = halfpipe::encode(uop);
    beat_.lane_mask = uop.lane_mask;
    beat_.tag = static_cast<uint32_t>(tag & tag_mask());
    beat_.a.fill(0x3c00);  // 1.0: values do not change the timing
    beat_.b.fill(0x4000);
    beat_.c.fill(0x3800);
    offered_ = true;
  }
  EdgeOutcome edge(bool out_ready) override {
    halfpipe::tb::OutBeat out;
    const halfpipe::tb::CycleResult c = dut_->cycle(offered_, beat_, out_ready, out);
    EdgeOutcome outcome;
    if (c.consumed) {
      REQUIRE_FALSE(in_flight_.empty());
      CHECK(out.tag == in_flight_.front());  // completion in order
      in_flight_.pop_front();
      outcome.departed = 1;
    }
    if (offered_ && c.accepted) {
      in_flight_.push_back(beat_.tag);
      outcome.accepted = 1;
    }
    outcome.refused = Stall::Backpressure;  // the RTL's in_ready is low only while its line holds
    offered_ = false;
    return outcome;
  }
  std::size_t in_flight() const override { return in_flight_.size(); }

 private:
  uint32_t tag_mask() const { return (1u << dut_->tag_width()) - 1; }
  std::unique_ptr<halfpipe::tb::Dut> dut_;
  halfpipe::tb::InBeat beat_;
  bool offered_ = false;
  std::deque<uint32_t> in_flight_;
};

}  // namespace

TEST_CASE("calibration: explore's cycles for every workload equal the RTL's in every Verilated configuration",
          "[workload][calibration][rtl]") {
  const char* const workloads[] = {"hgemm", "softmax", "gelu", "layernorm", "epilogue"};
  for (const auto& [lanes, depth] : halfpipe::tb::available_configs()) {
    uint64_t backpressure_stalls = 0;  // the runs with back-pressure exercise it
    for (const char* name : workloads) {
      for (Policy policy : {Policy::RoundRobin, Policy::GreedyThenOldest}) {
        for (double backpressure : {0.0, 0.3}) {
          CAPTURE(lanes, depth, name, policy_name(policy), backpressure);
          StreamOptions o;
          o.streams.push_back(
              read_ptx(halfpipe::test::workload_ptx(name), ""));
          o.warps = 4;
          o.trip_count = 3;
          o.other_latency = 3;
          o.policy = policy;
          o.backpressure = backpressure;
          o.seed = 16;
          o.record_schedule = true;
          const halfpipe::sc::PipelineConfig config = halfpipe::sc::rtl_configuration(lanes, depth);
          const Report predicted = run(config, o);
          RtlUnit rtl(lanes, depth);
          const Report measured = run(rtl, config, o);

          REQUIRE(predicted.unit_instructions > 0);
          CHECK(measured.unit_instructions == predicted.unit_instructions);
          CHECK(measured.instructions == predicted.instructions);
          CHECK(measured.cycles == predicted.cycles);
          REQUIRE(measured.schedule.size() == predicted.schedule.size());
          for (std::size_t i = 0; i < predicted.schedule.size(); ++i) {
            CAPTURE(i);
            CHECK(measured.schedule[i].warp == predicted.schedule[i].warp);
            CHECK(measured.schedule[i].accept_edge == predicted.schedule[i].accept_edge);
            CHECK(measured.schedule[i].leave_edge == predicted.schedule[i].leave_edge);
          }
          for (int cause = 0; cause < kStallCauses; ++cause)
            CHECK(measured.stalls[cause] == predicted.stalls[cause]);
          backpressure_stalls += predicted.stalls[static_cast<int>(Stall::Backpressure)];
        }
      }
    }
    CHECK(backpressure_stalls > 0);
  }
}
