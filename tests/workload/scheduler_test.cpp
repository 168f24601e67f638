// The scheduler (model/workload/scheduler.h) on traces whose every cycle is derived here by hand
// from its timing rules: a unit result leaving at edge E may be read by an instruction accepted
// at edge E; another unit's result is ready `other_latency` cycles after issue; one instruction
// per warp per cycle, issue_width in all. The RTL configuration at depth 4 (rtl/TIMING.md): an
// instruction accepted at edge A leaves at edge A + 4 when the consumer is ready.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "model/workload/ptx_reader.h"
#include "model/workload/scheduler.h"
#include "model/workload/trace_reader.h"

namespace {

using halfpipe::sc::PipelineConfig;
using halfpipe::sc::rtl_configuration;
using namespace halfpipe::workload;

StreamOptions trace_options(const std::string& text, int warps = 1) {
  StreamOptions o;
  o.streams = parse_trace(text, "t.trace").warps;
  o.warps = warps;
  o.record_schedule = true;
  return o;
}

std::vector<uint64_t> accepts(const Report& r) {
  std::vector<uint64_t> out;
  for (const UnitIssue& i : r.schedule) out.push_back(i.accept_edge);
  return out;
}
std::vector<uint64_t> leaves(const Report& r) {
  std::vector<uint64_t> out;
  for (const UnitIssue& i : r.schedule) out.push_back(i.leave_edge);
  return out;
}
std::vector<int> issuing_warps(const Report& r) {
  std::vector<int> out;
  for (const UnitIssue& i : r.schedule) out.push_back(i.warp);
  return out;
}
uint64_t stalls(const Report& r, Stall cause) { return r.stalls[static_cast<int>(cause)]; }

const std::string kChain = "add.f16 a, x, y\nadd.f16 b, a, y\nadd.f16 c, b, y\n";
const std::string kIndependent = "add.f16 a, x, y\nadd.f16 b, x, y\nadd.f16 c, x, y\n";

}  // namespace

TEST_CASE("scheduler: a dependent chain issues every latency cycles, the wait counted as dependency",
          "[workload][scheduler]") {
  const Report r = run(rtl_configuration(2, 4), trace_options(kChain));
  CHECK(accepts(r) == std::vector<uint64_t>{0, 4, 8});
  CHECK(leaves(r) == std::vector<uint64_t>{4, 8, 12});
  CHECK(r.cycles == 13);  // the unit is empty after edge 12
  CHECK(stalls(r, Stall::Dependency) == 6);  // cycles 1-3 and 5-7
  CHECK(r.stall_total() == 6);
  CHECK(r.unit_instructions == 3);
  CHECK(r.other_instructions == 0);
}

TEST_CASE("scheduler: independent instructions issue one a cycle", "[workload][scheduler]") {
  const Report r = run(rtl_configuration(2, 4), trace_options(kIndependent));
  CHECK(accepts(r) == std::vector<uint64_t>{0, 1, 2});
  CHECK(leaves(r) == std::vector<uint64_t>{4, 5, 6});
  CHECK(r.cycles == 7);
  CHECK(r.stall_total() == 0);
}

TEST_CASE("scheduler: another unit's result is ready its latency after issue", "[workload][scheduler]") {
  StreamOptions o = trace_options("ld.global.u32 a, p\nadd.f16 d, a, a\n");
  o.other_latency = 10;
  const Report r = run(rtl_configuration(2, 4), o);
  CHECK(accepts(r) == std::vector<uint64_t>{10});
  CHECK(leaves(r) == std::vector<uint64_t>{14});
  CHECK(r.cycles == 15);
  CHECK(stalls(r, Stall::Dependency) == 9);  // cycles 1-9
  CHECK(r.other_instructions == 1);
  CHECK(r.unit_instructions == 1);
}

TEST_CASE("scheduler: a write waits for an older write of its register to finish", "[workload][scheduler]") {
  StreamOptions o = trace_options("add.f16 a, x, y\nld.global.u32 a, p\n");
  o.other_latency = 1;
  const Report r = run(rtl_configuration(2, 4), o);
  CHECK(leaves(r) == std::vector<uint64_t>{4});
  CHECK(stalls(r, Stall::Dependency) == 3);  // ld waits in cycles 1-3 and issues in cycle 4
  CHECK(r.cycles == 5);
}

TEST_CASE("scheduler: the initiation interval refuses an offer, counted as interval", "[workload][scheduler]") {
  PipelineConfig config = rtl_configuration(2, 4);
  config.initiation_interval = 2;
  const Report r = run(config, trace_options(kIndependent));
  CHECK(accepts(r) == std::vector<uint64_t>{0, 2, 4});
  CHECK(leaves(r) == std::vector<uint64_t>{4, 6, 8});
  CHECK(r.cycles == 9);
  CHECK(stalls(r, Stall::Interval) == 2);  // cycles 1 and 3
  CHECK(r.stall_total() == 2);
}

TEST_CASE("scheduler: warps share the issue slots, and a ready warp without one stalls as structural",
          "[workload][scheduler]") {
  const Report one_slot = run(rtl_configuration(2, 4), trace_options("add.f16 a, x, y\n", 2));
  CHECK(accepts(one_slot) == std::vector<uint64_t>{0, 1});
  CHECK(issuing_warps(one_slot) == std::vector<int>{0, 1});
  CHECK(stalls(one_slot, Stall::Structural) == 1);  // warp 1 in cycle 0
  CHECK(one_slot.cycles == 6);

  PipelineConfig wide = rtl_configuration(2, 4);
  wide.issue_width = 2;
  const Report two_slots = run(wide, trace_options("add.f16 a, x, y\n", 2));
  CHECK(accepts(two_slots) == std::vector<uint64_t>{0, 0});
  CHECK(leaves(two_slots) == std::vector<uint64_t>{4, 4});
  CHECK(two_slots.cycles == 5);
  CHECK(two_slots.stall_total() == 0);
  CHECK(two_slots.issue_slot_utilisation() == Approx(2.0 / (5 * 2)));
}

TEST_CASE("scheduler: round-robin takes the warps in turn, greedy-then-oldest stays with one",
          "[workload][scheduler]") {
  StreamOptions o = trace_options("add.f16 a, x, y\nadd.f16 b, x, y\n", 2);
  CHECK(issuing_warps(run(rtl_configuration(2, 4), o)) == std::vector<int>{0, 1, 0, 1});
  o.policy = Policy::GreedyThenOldest;
  CHECK(issuing_warps(run(rtl_configuration(2, 4), o)) == std::vector<int>{0, 0, 1, 1});
  // With a dependency, greedy-then-oldest leaves the stalled warp for the oldest ready one.
  StreamOptions chain = trace_options(kChain, 2);
  chain.policy = Policy::GreedyThenOldest;
  const Report r = run(rtl_configuration(2, 4), chain);
  CHECK(issuing_warps(r) == std::vector<int>{0, 1, 0, 1, 0, 1});
  CHECK(accepts(r) == std::vector<uint64_t>{0, 1, 4, 5, 8, 9});
}

TEST_CASE("scheduler: back-pressure holds the line and refuses offers, counted as back-pressure",
          "[workload][scheduler]") {
  StreamOptions o = trace_options([] {
    std::string t;
    for (int i = 0; i < 200; ++i) t += "add.f16 r" + std::to_string(i) + ", x, y\n";
    return t;
  }());
  o.backpressure = 0.5;
  const Report r = run(rtl_configuration(2, 4), o);
  CHECK(r.unit_instructions == 200);
  CHECK(stalls(r, Stall::Backpressure) > 0);
  CHECK(r.unit.refused_frozen == stalls(r, Stall::Backpressure));
  for (const UnitIssue& i : r.schedule) CHECK(i.leave_edge >= i.accept_edge + 4);
}

TEST_CASE("scheduler: each loop body runs the trip count", "[workload][scheduler]") {
  const std::string kernel = R"(.version 8.0
.target sm_90
.visible .entry loop()
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, 0;
$L__BB0_1:
	{fma.rn.f16x2 %r2,%r2,%r2,%r2;
}
	add.s32 %r1, %r1, 1;
	setp.lt.s32 %p1, %r1, 100;
	@%p1 bra $L__BB0_1;
	ret;
}
)";
  StreamOptions o;
  o.streams.push_back(parse_ptx(kernel, "loop.ptx", ""));
  o.warps = 1;
  for (int trips : {1, 3, 10}) {
    o.trip_count = trips;
    const Report r = run(rtl_configuration(2, 4), o);
    CHECK(r.instructions == static_cast<uint64_t>(2 + 4 * trips));  // mov, ret; 4 per trip
    CHECK(r.unit_instructions == static_cast<uint64_t>(trips));
  }
}

TEST_CASE("scheduler: an instruction the unit cannot execute is counted as another unit's and named",
          "[workload][scheduler]") {
  StreamOptions o = trace_options("add.ftz.bf16 a, x, y\nfrob b, a\nadd.f16 c, b, b\n");
  const Report r = run(rtl_configuration(2, 4), o);
  CHECK(r.instructions == 3);
  CHECK(r.unit_instructions == 1);
  CHECK(r.other_instructions == 2);
  REQUIRE(r.forms.size() == 3);
  for (const FormCount& f : r.forms) {
    CHECK(f.count == 1);
    CHECK(f.unit == (f.form == "add.f16"));
    CHECK(f.not_executable.empty() == (f.form != "add.ftz.bf16"));
  }
}

TEST_CASE("scheduler: lane utilisation counts the lanes each instruction enables", "[workload][scheduler]") {
  StreamOptions o = trace_options(
      "add.f16x2 a, x, y\nadd.f16x2 b, x, y\nadd.f16x2 c, x, y\nadd.f16x2 d, x, y\n");
  const PipelineConfig four_lanes = rtl_configuration(4, 4);
  const Report packed = run(four_lanes, o);
  CHECK(packed.cycles == 8);  // leaving at edges 4-7
  CHECK(packed.lane_utilisation() == Approx(4.0 * 2 / (8 * 4)));
  o.fill_lanes = true;
  CHECK(run(four_lanes, o).lane_utilisation() == Approx(4.0 * 4 / (8 * 4)));
  o.fill_lanes = false;
  CHECK(validate(o, rtl_configuration(1, 4)) ==
        "form 'add.f16x2' is packed and needs 2 lanes; the unit has 1");
}
