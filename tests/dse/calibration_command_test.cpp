// `halfpipe explore --calibration` as an architect runs it: the cycles of the two kernels of
// tests/dse/data/chains.ptx on the stand-in calibration, each derived by hand in
// tests/dse/data/README.md from the scheduler's rules (model/workload/scheduler.h), and the
// refusals.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;

const std::string kData = HALFPIPE_SOURCE_DIR "/tests/dse/data/";

Run explore_chain(const std::string& kernel, int warps) {
  return halfpipe::test::run_halfpipe("explore --calibration " + kData +
                                      "timing-stand-in.json --ptx-file " + kData +
                                      "chains.ptx --kernel " + kernel + " --warps " +
                                      std::to_string(warps));
}

}  // namespace

TEST_CASE("explore --calibration: a dependent chain issues once per measured latency",
          "[dse][calibration][command]") {
  Run run = explore_chain("dependent_fma", 1);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("cycles               50\n"));
  run = explore_chain("dependent_fma", 4);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("cycles               59\n"));
}

TEST_CASE("explore --calibration: independent ops issue once per measured interval",
          "[dse][calibration][command]") {
  const Run run = explore_chain("independent_ex2", 1);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("cycles               72\n"));
  CHECK_THAT(run.output, Catch::Contains("49 interval"));
}

TEST_CASE("explore --calibration: the report names the file and the device it came from",
          "[dse][calibration][command]") {
  const Run run = explore_chain("dependent_fma", 1);
  INFO(run.output);
  CHECK_THAT(run.output,
             Catch::Contains("calibrated from      " + kData +
                             "timing-stand-in.json (stand-in: hand-derived figures, not a "
                             "measurement (sm_90), 4 sub-partitions per SM, 1000 MHz)"));
  CHECK_THAT(run.output,
             Catch::Contains("configuration        lanes 32, latency arith=4 minmax=2 sign=2 "
                             "transcendental=6 fma=5, ii 1, family interval minmax=2 sign=2 "
                             "transcendental=8, issue width 1"));
}

TEST_CASE("explore --calibration: a bad file is exit 2 naming the file and the field",
          "[dse][calibration][command]") {
  const Run run = halfpipe::test::run_halfpipe("explore --calibration " + kData + "chains.ptx");
  CHECK(run.status == 2);
  CHECK_THAT(run.output, Catch::Contains("halfpipe explore: " + kData + "chains.ptx: line 1: not JSON"));
}

TEST_CASE("explore --calibration: the options it sets cannot also be given",
          "[dse][calibration][command]") {
  for (const char* option : {"--lanes 4", "--ii 2", "--issue-width 2"}) {
    const Run run = halfpipe::test::run_halfpipe("explore --calibration " + kData +
                                                 "timing-stand-in.json " + option);
    INFO(option << ": " << run.output);
    CHECK(run.status == 2);
    CHECK_THAT(run.output, Catch::Contains("excludes"));
  }
}
