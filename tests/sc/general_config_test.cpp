// What the configurations beyond the RTL mean (model/sc/README.md): per-family latencies with
// in-order completion, the configuration knobs, and their errors.
#include <catch2/catch.hpp>

#include <random>

#include "model/sc/pipeline.h"
#include "tests/sc/drive.h"

namespace halfpipe::sc {
namespace {

Transaction one(Op op, uint64_t tag) {
  Transaction t;
  t.uop.op = op;
  t.tag = tag;
  return t;
}

PipelineConfig arith4_minmax2() {
  PipelineConfig config = rtl_configuration(2, 4);
  config.latency[static_cast<int>(OpFamily::MinMax)] = 2;
  return config;
}

TEST_CASE("Families: add sub mul fma / min max / neg abs / tanh ex2 share latencies",
          "[sc][config]") {
  CHECK(family_of(Op::Add) == OpFamily::Arith);
  CHECK(family_of(Op::Sub) == OpFamily::Arith);
  CHECK(family_of(Op::Mul) == OpFamily::Arith);
  CHECK(family_of(Op::Fma) == OpFamily::Arith);
  CHECK(family_of(Op::Min) == OpFamily::MinMax);
  CHECK(family_of(Op::Max) == OpFamily::MinMax);
  CHECK(family_of(Op::Neg) == OpFamily::Sign);
  CHECK(family_of(Op::Abs) == OpFamily::Sign);
  CHECK(family_of(Op::Tanh) == OpFamily::Transcendental);
  CHECK(family_of(Op::Ex2) == OpFamily::Transcendental);
}

TEST_CASE("A short op behind a long one waits at the input so results stay in order",
          "[sc][config]") {
  PipelineCore core(arith4_minmax2());
  // add (4 cycles) enters stage 0 at edge 0; max (2 cycles) enters stage 2. At edge 1 the add
  // is in stage 1: max would overtake it. At edge 2 both would share stage 2, one wide: full.
  // At edge 3 the add is in stage 3 and max enters stage 2 behind it.
  core.set_out_ready(true);
  core.offer(one(Op::Add, 0));
  core.edge();
  std::vector<uint64_t> accepted_at;
  std::vector<Result> left;
  while (left.size() < 2) {
    if (accepted_at.empty()) core.offer(one(Op::Max, 1));
    core.edge();
    if (core.accepted_at_last_edge()) accepted_at.push_back(core.next_edge() - 1);
    for (const Result& r : core.departed_at_last_edge()) left.push_back(r);
  }
  CHECK(accepted_at == std::vector<uint64_t>{3});
  CHECK(left[0].tag == 0);
  CHECK(left[0].leave_edge == 4);
  CHECK(left[1].tag == 1);
  CHECK(left[1].leave_edge == 5);
  CHECK(core.statistics().refused_order == 2);
  CHECK(core.statistics().latency_histogram == std::map<uint64_t, uint64_t>{{2, 1}, {4, 1}});
}

TEST_CASE("A long op behind a short one enters at once", "[sc][config]") {
  PipelineCore core(arith4_minmax2());
  core.set_out_ready(true);
  core.offer(one(Op::Max, 0));
  core.edge();  // edge 0: max into stage 2
  core.offer(one(Op::Add, 1));
  core.edge();  // edge 1: max in stage 3, add into stage 0
  CHECK(core.accepted_at_last_edge() == 1);
  core.edge();  // edge 2
  REQUIRE(core.departed_at_last_edge().size() == 1);
  CHECK(core.departed_at_last_edge()[0].tag == 0);
  for (int k = 3; k <= 4; ++k) {
    core.edge();
    CHECK(core.departed_at_last_edge().empty());
  }
  core.edge();  // edge 5 = 1 + 4
  REQUIRE(core.departed_at_last_edge().size() == 1);
  CHECK(core.departed_at_last_edge()[0].tag == 1);
  CHECK(core.statistics().refused_cycles() == 0);
}

TEST_CASE("Mixed latencies: in order, and each result takes exactly its family's latency",
          "[sc][config]") {
  PipelineConfig config;
  config.lanes = 4;
  config.latency = {5, 2, 1, 9};
  config.issue_width = GENERATE(1, 2, 3);
  config.output_queue = GENERATE(0, 3);
  CAPTURE(config.issue_width, config.output_queue);
  const Op ops[] = {Op::Fma, Op::Min, Op::Neg, Op::Tanh, Op::Add, Op::Abs};
  std::mt19937_64 random(7);
  PipelineCore core(config);
  core.set_out_ready(true);
  std::vector<Transaction> txns;
  for (uint64_t tag = 0; tag < 500; ++tag) txns.push_back(one(ops[random() % 6], tag));
  std::size_t next = 0;
  uint64_t expected_tag = 0;
  while (expected_tag < txns.size()) {
    REQUIRE(core.next_edge() < 10000);
    for (std::size_t i = next; i < txns.size() && i < next + 4; ++i) core.offer(txns[i]);
    core.edge();
    next += core.accepted_at_last_edge();
    for (const Result& r : core.departed_at_last_edge()) {
      REQUIRE(r.tag == expected_tag++);
      // With a consumer that is always ready nothing waits after acceptance: the cost of
      // keeping order is paid at the input, as refused cycles.
      REQUIRE(r.leave_edge - r.accept_edge ==
              static_cast<uint64_t>(config.latency_of(txns[r.tag].uop.op)));
    }
  }
  CHECK(core.statistics().refused_order > 0);
}

TEST_CASE("General configurations under random back-pressure lose and reorder nothing",
          "[sc][config]") {
  PipelineConfig config;
  config.lanes = 2;
  config.latency = {4, 2, 1, 6};
  config.issue_width = GENERATE(1, 2);
  config.initiation_interval = GENERATE(1, 2);
  config.output_queue = GENERATE(0, 1, 4);
  CAPTURE(config.issue_width, config.initiation_interval, config.output_queue);
  std::mt19937_64 random(11);
  const auto txns = test::random_transactions(11, 400, config.lanes);
  PipelineCore core(config);
  std::size_t next = 0;
  uint64_t expected_tag = 0;
  while (expected_tag < txns.size()) {
    REQUIRE(core.next_edge() < 20000);
    core.set_out_ready(random() % 3 != 0);
    if (random() % 4 != 0)
      for (std::size_t i = next; i < txns.size() && i < next + 2; ++i) core.offer(txns[i]);
    REQUIRE(core.out_count() <= static_cast<std::size_t>(config.issue_width));
    core.edge();
    next += core.accepted_at_last_edge();
    for (const Result& r : core.departed_at_last_edge()) {
      REQUIRE(r.tag == expected_tag++);
      REQUIRE(r.leave_edge - r.accept_edge >=
              static_cast<uint64_t>(config.latency_of(txns[r.tag].uop.op)));
      CHECK(r.lanes == test::expected_lanes(txns[r.tag], config.lanes));
    }
  }
  const Statistics& s = core.statistics();
  CHECK(s.accepted == txns.size());
  CHECK(s.departed == txns.size());
  CHECK(core.in_flight() == 0);
}

TEST_CASE("Lanes: disabled lanes read 0 and a mask beyond the unit is refused", "[sc][config]") {
  PipelineCore core(rtl_configuration(4, 2));
  Transaction t;
  t.uop.op = Op::Add;
  t.uop.lane_mask = 0b0101;
  for (int lane = 0; lane < 4; ++lane) {
    t.a[lane] = 0x3C00;  // 1.0
    t.b[lane] = 0x3C00;
  }
  core.set_out_ready(true);
  core.offer(t);
  core.edge();
  core.edge();
  REQUIRE(core.out_count() == 1);
  CHECK(core.out_result(0).lanes[0] == 0x4000);  // 1 + 1 = 2.0
  CHECK(core.out_result(0).lanes[1] == 0);
  CHECK(core.out_result(0).lanes[2] == 0x4000);
  CHECK(core.out_result(0).lanes[3] == 0);
  t.uop.lane_mask = 0b10000;
  CHECK_THROWS_WITH(core.offer(t), Catch::Contains("lane mask 0x10") &&
                                       Catch::Contains("beyond the unit's 4"));
}

TEST_CASE("Latency settings: FAMILY=N, OP=N, all=N, and errors that say what is wrong",
          "[sc][config]") {
  PipelineConfig config;
  CHECK(apply_latency_setting(config, "all=6").empty());
  CHECK(config.latency == std::array<int, kFamilyCount>{6, 6, 6, 6});
  CHECK(apply_latency_setting(config, "minmax=2").empty());
  CHECK(apply_latency_setting(config, "transcendental=11").empty());
  CHECK(config.latency == std::array<int, kFamilyCount>{6, 2, 6, 11});
  CHECK_THAT(apply_latency_setting(config, "fmax=3"),
             Catch::Contains("unknown family or op 'fmax'") && Catch::Contains("arith, minmax") &&
                 Catch::Contains("add, sub, mul, fma"));
  CHECK_THAT(apply_latency_setting(config, "arith"), Catch::Contains("not FAMILY=N"));
  CHECK_THAT(apply_latency_setting(config, "arith=0"), Catch::Contains("'0' is not a cycle"));
  CHECK_THAT(apply_latency_setting(config, "arith=4x"), Catch::Contains("'4x' is not a cycle"));
  CHECK(config.latency == std::array<int, kFamilyCount>{6, 2, 6, 11});
}

TEST_CASE("Latency settings: one op of a family takes its own time until the family is set again",
          "[sc][config]") {
  PipelineConfig config = rtl_configuration(2, 4);
  CHECK(apply_latency_setting(config, "fma=7").empty());
  CHECK(apply_latency_setting(config, "add=2").empty());
  CHECK(config.latency_of(Op::Fma) == 7);
  CHECK(config.latency_of(Op::Add) == 2);
  CHECK(config.latency_of(Op::Mul) == 4);  // the family's
  CHECK(config.max_latency() == 7);
  CHECK(latency_settings(config) == "arith=4 minmax=4 sign=4 transcendental=4 add=2 fma=7");
  CHECK(apply_latency_setting(config, "arith=5").empty());  // the family again: all of it
  CHECK(config.latency_of(Op::Fma) == 5);
  CHECK(config.latency_of(Op::Add) == 5);
  CHECK(apply_latency_setting(config, "ex2=9").empty());
  CHECK(apply_latency_setting(config, "all=3").empty());
  CHECK(config.latency_of(Op::Ex2) == 3);
}

TEST_CASE("An op with its own latency takes exactly that long, in order with its family",
          "[sc][config]") {
  // add 2, mul 6, the rest of arith 4; an always-ready consumer. By hand: a mul accepted at
  // edge 0 leaves at 6; an add offered at edge 1 would leave at 3, before it, so it waits at the
  // input until it can leave after the mul: accepted at edge 5, it leaves at 7.
  PipelineConfig config = rtl_configuration(2, 4);
  REQUIRE(apply_latency_setting(config, "add=2").empty());
  REQUIRE(apply_latency_setting(config, "mul=6").empty());
  PipelineCore core(config);
  core.set_out_ready(true);
  std::vector<Result> left;
  std::size_t next = 0;
  const Transaction txns[] = {one(Op::Mul, 0), one(Op::Add, 1)};
  while (left.size() < 2) {
    REQUIRE(core.next_edge() < 100);
    if (next < 2) core.offer(txns[next]);
    core.edge();
    next += core.accepted_at_last_edge();
    for (const Result& r : core.departed_at_last_edge()) left.push_back(r);
  }
  CHECK(left[0].tag == 0);
  CHECK(left[0].accept_edge == 0);
  CHECK(left[0].leave_edge == 6);
  CHECK(left[1].tag == 1);
  CHECK(left[1].accept_edge == 5);
  CHECK(left[1].leave_edge == 7);
}

TEST_CASE("Configurations out of range are refused with the reason", "[sc][config]") {
  PipelineConfig config;
  CHECK(validate(config).empty());
  config.lanes = 33;
  CHECK_THAT(validate(config), Catch::Contains("lane count is 33"));
  config.lanes = 2;
  config.issue_width = 0;
  CHECK_THAT(validate(config), Catch::Contains("issue width is 0"));
  CHECK_THROWS_WITH(PipelineCore(config), Catch::Contains("issue width is 0"));
  config.issue_width = 1;
  config.output_queue = -1;
  CHECK_THAT(validate(config), Catch::Contains("output queue depth is -1"));
}

}  // namespace
}  // namespace halfpipe::sc
