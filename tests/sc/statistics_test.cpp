// Statistics on small scenarios whose every number is worked out by hand from rtl/TIMING.md
// (for the RTL configuration) or from model/sc/README.md (for the others).
#include <catch2/catch.hpp>

#include <vector>

#include "model/sc/pipeline.h"

namespace halfpipe::sc {
namespace {

Transaction scalar(Op op, uint64_t tag) {
  Transaction t;
  t.uop.op = op;
  t.uop.format = Format::F16;
  t.uop.lane_mask = 0b1;
  t.tag = tag;
  t.a[0] = 0x3C00;  // 1.0
  t.b[0] = 0x4000;  // 2.0
  t.c[0] = 0x3800;  // 0.5
  return t;
}

struct Outcome {
  std::vector<uint64_t> accept, leave;  // by tag
};

// Presents `txns` in order, each from cycle `from[tag]` on until accepted (as many per cycle as
// the issue width), with the consumer ready except at the listed edges; runs until all left.
Outcome run(PipelineCore& core, const std::vector<Transaction>& txns,
            const std::vector<uint64_t>& not_ready_at = {}, std::vector<uint64_t> from = {}) {
  from.resize(txns.size(), 0);
  Outcome o{std::vector<uint64_t>(txns.size()), std::vector<uint64_t>(txns.size())};
  std::size_t next = 0, left = 0;
  while (left < txns.size()) {
    REQUIRE(core.next_edge() < 1000);
    const uint64_t k = core.next_edge();
    core.set_out_ready(std::find(not_ready_at.begin(), not_ready_at.end(), k) ==
                       not_ready_at.end());
    for (std::size_t i = next; i < txns.size() && from[i] <= k; ++i) core.offer(txns[i]);
    core.edge();
    for (std::size_t i = 0; i < core.accepted_at_last_edge(); ++i) o.accept[next++] = k;
    for (const Result& r : core.departed_at_last_edge()) {
      REQUIRE(r.tag == left);  // in order, nothing lost or duplicated
      o.leave[left++] = r.leave_edge;
    }
  }
  return o;
}

std::vector<Transaction> adds(int n) {
  std::vector<Transaction> v;
  for (int i = 0; i < n; ++i) v.push_back(scalar(Op::Add, i));
  return v;
}

TEST_CASE("10 back-to-back transactions through Depth 4: the last leaves at edge 13",
          "[sc][statistics]") {
  PipelineCore core(rtl_configuration(2, 4));
  const Outcome o = run(core, adds(10));
  // Accepted at edges 0..9 (one per cycle), each leaves Depth = 4 edges later.
  CHECK(o.accept == std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(o.leave == std::vector<uint64_t>{4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
  const Statistics& s = core.statistics();
  CHECK(s.cycles == 14);  // edges 0..13
  CHECK(s.accepted == 10);
  CHECK(s.departed == 10);
  CHECK(s.latency_histogram == std::map<uint64_t, uint64_t>{{4, 10}});
  CHECK(s.throughput() == Approx(10.0 / 14));
  CHECK(s.issue_utilisation() == Approx(10.0 / 14));
  CHECK(s.lane_utilisation() == Approx(10.0 / 28));  // one lane of two enabled
  CHECK(s.idle_cycles == 4);                          // edges 10..13
  CHECK(s.refused_cycles() == 0);
  CHECK(s.frozen_cycles == 0);
  CHECK(s.blocked_cycles == 0);
  // Little's law: 10 transactions spent 4 cycles each inside, 40 transaction-cycles in all.
  CHECK(s.occupancy == 40);
}

TEST_CASE("Back-pressure holds the whole line and drops in_ready (Depth 2)", "[sc][statistics]") {
  PipelineCore core(rtl_configuration(2, 2));
  // Edge 0: T0 in. Edge 1: T1 in, T0 reaches the output. Edges 2, 3: consumer not ready, the
  // line holds and T2 is refused. Edge 4: T0 leaves, T2 enters. T1 leaves at 5, T2 at 6.
  const Outcome o = run(core, adds(3), {2, 3});
  CHECK(o.accept == std::vector<uint64_t>{0, 1, 4});
  CHECK(o.leave == std::vector<uint64_t>{4, 5, 6});
  const Statistics& s = core.statistics();
  CHECK(s.latency_histogram == std::map<uint64_t, uint64_t>{{2, 1}, {4, 2}});
  CHECK(s.mean_latency() == Approx(10.0 / 3));
  CHECK(s.frozen_cycles == 2);
  CHECK(s.blocked_cycles == 2);
  CHECK(s.refused_frozen == 2);
  CHECK(s.refused_cycles() == 2);
  CHECK(s.cycles == 7);
}

TEST_CASE("An output queue absorbs back-pressure without holding the line", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 2);
  config.output_queue = 2;
  PipelineCore core(config);
  // Same traffic as above. Edge 2: T0 moves into the queue, T2 enters. Edge 3: T1 joins it.
  // Edge 4: T0 leaves from the queue, T2 joins it; T1 leaves at 5, T2 at 6.
  const Outcome o = run(core, adds(3), {2, 3});
  CHECK(o.accept == std::vector<uint64_t>{0, 1, 2});
  CHECK(o.leave == std::vector<uint64_t>{4, 5, 6});
  const Statistics& s = core.statistics();
  CHECK(s.frozen_cycles == 0);
  CHECK(s.blocked_cycles == 2);
  CHECK(s.refused_cycles() == 0);
  CHECK(s.latency_histogram == std::map<uint64_t, uint64_t>{{4, 3}});
}

TEST_CASE("A full output queue holds the line", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 2);
  config.output_queue = 1;
  PipelineCore core(config);
  // Edge 2: T0 into the queue (1 of 1), T2 enters. Edge 3: T1 finished but the queue is full:
  // the line holds, T3 is refused. Edge 4: T0 leaves, T1 into the queue, T3 enters.
  // T1 leaves at 5 and T2 at 6 through the one-wide port; T3, finished at 6, follows at 7.
  const Outcome o = run(core, adds(4), {2, 3});
  CHECK(o.accept == std::vector<uint64_t>{0, 1, 2, 4});
  CHECK(o.leave == std::vector<uint64_t>{4, 5, 6, 7});
  CHECK(core.statistics().frozen_cycles == 1);
  CHECK(core.statistics().refused_frozen == 1);
}

TEST_CASE("Initiation interval 3 accepts every third cycle", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 4);
  config.initiation_interval = 3;
  PipelineCore core(config);
  const Outcome o = run(core, adds(3));
  CHECK(o.accept == std::vector<uint64_t>{0, 3, 6});
  CHECK(o.leave == std::vector<uint64_t>{4, 7, 10});
  CHECK(core.statistics().refused_interval == 4);  // edges 1, 2, 4, 5
  CHECK(core.statistics().cycles == 11);
}

TEST_CASE("A family's interval 3 spaces that family's ops, not the others'", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 4);
  config.family_interval[static_cast<int>(OpFamily::Transcendental)] = 3;
  PipelineCore core(config);
  // ex2 at edge 0; the second ex2 waits for edge 3 and the add behind it waits in order (the
  // producer offers them oldest first); the next ex2 could enter at 6, and does.
  const Outcome o = run(core, {scalar(Op::Ex2, 0), scalar(Op::Ex2, 1), scalar(Op::Add, 2),
                               scalar(Op::Ex2, 3)});
  CHECK(o.accept == std::vector<uint64_t>{0, 3, 4, 6});
  CHECK(o.leave == std::vector<uint64_t>{4, 7, 8, 10});
  CHECK(core.statistics().refused_interval == 3);  // edges 1, 2, 5
}

TEST_CASE("A family's interval applies within an issue group", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 4);
  config.issue_width = 2;
  config.family_interval[static_cast<int>(OpFamily::Transcendental)] = 2;
  PipelineCore core(config);
  // Two ex2 offered together: the second is the family's next op at the same edge, so it waits
  // for edge 2; an add offered beside an ex2 joins it.
  const Outcome o = run(core, {scalar(Op::Ex2, 0), scalar(Op::Ex2, 1), scalar(Op::Add, 2)});
  CHECK(o.accept == std::vector<uint64_t>{0, 2, 2});
}

TEST_CASE("Issue width 2 accepts and retires two per cycle", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 3);
  config.issue_width = 2;
  PipelineCore core(config);
  const Outcome o = run(core, adds(5));
  CHECK(o.accept == std::vector<uint64_t>{0, 0, 1, 1, 2});
  CHECK(o.leave == std::vector<uint64_t>{3, 3, 4, 4, 5});
  const Statistics& s = core.statistics();
  CHECK(s.cycles == 6);
  CHECK(s.issue_utilisation() == Approx(5.0 / 12));
}

TEST_CASE("Issue width 2 under back-pressure holds both results", "[sc][statistics]") {
  PipelineConfig config = rtl_configuration(2, 2);
  config.issue_width = 2;
  PipelineCore core(config);
  // Edges 0, 1 accept pairs; edge 2 not ready: line holds, T4 refused; edge 3 T0,T1 leave
  // and T4 enters; T2,T3 leave at 4, T4 at 5.
  const Outcome o = run(core, adds(5), {2});
  CHECK(o.accept == std::vector<uint64_t>{0, 0, 1, 1, 3});
  CHECK(o.leave == std::vector<uint64_t>{3, 3, 4, 4, 5});
}

TEST_CASE("Reset empties the unit at once and time goes on", "[sc][statistics]") {
  PipelineCore core(rtl_configuration(2, 4));
  for (uint64_t tag = 0; tag < 3; ++tag) {
    core.set_out_ready(true);
    core.offer(scalar(Op::Add, tag));
    core.edge();
  }
  REQUIRE(core.in_flight() == 3);
  core.offer(scalar(Op::Add, 99));  // offered, then dropped by the reset in the same cycle
  core.reset();
  CHECK(core.in_flight() == 0);
  CHECK(core.out_count() == 0);
  CHECK(core.statistics().flushed == 3);
  core.offer(scalar(Op::Add, 3));
  core.edge();  // edge 3
  CHECK(core.accepted_at_last_edge() == 1);
  for (int i = 0; i < 3; ++i) {
    core.edge();
    CHECK(core.departed_at_last_edge().empty());
  }
  core.edge();  // edge 7: the only result left in the unit leaves, Depth after edge 3
  REQUIRE(core.departed_at_last_edge().size() == 1);
  CHECK(core.departed_at_last_edge()[0].tag == 3);
  CHECK(core.departed_at_last_edge()[0].leave_edge == 7);
}

}  // namespace
}  // namespace halfpipe::sc
