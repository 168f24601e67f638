// The model's configuration of the RTL predicts every transaction's cycles exactly as
// rtl/TIMING.md's line does, under seeded random input gaps and back-pressure.
#include <catch2/catch.hpp>

#include "model/sc/pipeline.h"
#include "tests/sc/drive.h"
#include "tests/sc/timing_md.h"

namespace halfpipe::sc::test {
namespace {

TEST_CASE("TIMING.md: the RTL configuration agrees with the line transaction by transaction",
          "[sc][timing]") {
  const int lanes = GENERATE(2, 4, 8);
  const int depth = GENERATE(2, 3, 4, 7);
  const double gap = GENERATE(0.0, 0.3, 0.8);
  const double backpressure = GENERATE(0.0, 0.3, 0.8);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    CAPTURE(lanes, depth, gap, backpressure, seed);
    const uint64_t transactions = 300;
    const Schedule schedule = random_schedule(seed, transactions, 2000, gap, backpressure);
    const TimingByTag expected = TimingMdLine(depth).run(schedule);
    PipelineCore core(rtl_configuration(lanes, depth));
    const TimingByTag predicted =
        run_core(core, schedule, random_transactions(seed, transactions, lanes));
    REQUIRE(predicted.size() == expected.size());
    for (const auto& [tag, timing] : expected) {
      CAPTURE(tag);
      REQUIRE(predicted.at(tag).accept_edge == timing.accept_edge);
      REQUIRE(predicted.at(tag).leave_edge == timing.leave_edge);
    }
  }
}

TEST_CASE("TIMING.md: the schedules exercise what they claim to", "[sc][timing]") {
  // Guards the test above against a generator that never stalls or never fills the line.
  const Schedule schedule = random_schedule(1, 300, 2000, 0.3, 0.3);
  const TimingByTag timing = TimingMdLine(4).run(schedule);
  std::map<uint64_t, int> latencies;
  for (const auto& [tag, t] : timing)
    if (t.leave_edge) ++latencies[*t.leave_edge - t.accept_edge];
  CHECK(timing.size() == 300);
  CHECK(latencies.begin()->first == 4);      // some went straight through
  CHECK(latencies.rbegin()->first > 6);      // some were held by back-pressure
}

}  // namespace
}  // namespace halfpipe::sc::test
