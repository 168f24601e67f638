// `halfpipe explore --calibration` as an architect runs it: the cycles of the two kernels of
// tests/dse/data/chains.ptx on the stand-in calibration, each derived by hand in
// tests/dse/data/README.md from the scheduler's rules (model/workload/scheduler.h), and the
// refusals.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/read_file.h"
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

// A file that lives as long as the test case.
struct TimingFile {
  std::string path;
  ~TimingFile() { std::filesystem::remove(path); }
};

// The stand-in with timed kernels to predict: fma f16's latency timed by timed_fma (a chain of
// 4 at 4.75 cycles each, 19 cycles), and timed_fma held out at 1 and 4 warps with the cycles
// given.
TimingFile with_kernels(double one_warp, double four_warps) {
  auto doc = nlohmann::json::parse(halfpipe::test::read_file(kData + "timing-stand-in.json"));
  doc["chain_length"] = 4;
  for (auto& entry : doc["ops"])
    if (entry["op"] == "fma" && entry["format"] == "f16") {
      entry["latency_kernel"] = "timed_fma";
      entry["latency"]["cycles"] = 4.75;
    }
  doc["kernels"] = {{{"name", "timed_fma"}, {"warps", 1}, {"cycles", one_warp}},
                    {{"name", "timed_fma"}, {"warps", 4}, {"cycles", four_warps}}};
  const auto path = std::filesystem::temp_directory_path() /
                    ("halfpipe_predict_" + std::to_string(getpid()) + ".json");
  std::ofstream(path) << doc.dump();
  return {path.string()};
}

Run predict(const TimingFile& timing) {
  return halfpipe::test::run_halfpipe("explore --calibration " + timing.path +
                                      " --predict --ptx-file " + kData + "chains.ptx");
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

TEST_CASE("explore: the timed cycles run from the first read of the cycle counter to the last",
          "[dse][calibration][command]") {
  const Run run = explore_chain("timed_fma", 1);
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("timed cycles         19 (first to last read"));
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
  CHECK_THAT(run.output,
             Catch::Contains("halfpipe explore: " + kData + "chains.ptx: line 1: not JSON"));
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

TEST_CASE("explore --predict: each timed kernel's predicted cycles beside the measured, with the "
          "error",
          "[dse][calibration][command]") {
  // timed_fma's hand-derived timed cycles (tests/dse/data/README.md): 19 with 1 warp, 26 with 4.
  const Run run = predict(with_kernels(20, 27));
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("timed_fma                              1         19.0  "
                                         "       19     0.0%"));
  CHECK_THAT(run.output, Catch::Contains("timed_fma                              1         20.0  "
                                         "       19    -5.0%  held out\n"));
  CHECK_THAT(run.output, Catch::Contains("timed_fma                              4         27.0  "
                                         "       26    -3.7%  held out\n"));
  CHECK_THAT(run.output, Catch::Contains("calibration kernels  1, largest error 0.0% (bound 5%): "
                                         "all within"));
  CHECK_THAT(run.output, Catch::Contains("held-out kernels     2, largest error 5.0% (bound 10%): "
                                         "all within"));
}

TEST_CASE("explore --predict: a held-out kernel missed by more than 10% is exit 1",
          "[dse][calibration][command]") {
  const Run run = predict(with_kernels(20, 22));  // 26 against 22: +18.2%
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK_THAT(run.output, Catch::Contains("18.2%  held out, missed"));
  CHECK_THAT(run.output, Catch::Contains("held-out kernels     2, largest error 18.2% (bound 10%): "
                                         "1 missed"));
}

TEST_CASE("explore --predict: a kernel no PTX file has is exit 2 naming the field",
          "[dse][calibration][command]") {
  const TimingFile timing = with_kernels(20, 27);
  const Run run = halfpipe::test::run_halfpipe("explore --calibration " + timing.path +
                                               " --predict --ptx-file " + HALFPIPE_SOURCE_DIR +
                                               "/workloads/gelu.ptx");
  CHECK(run.status == 2);
  // The first to name it: fma f16's entry, ops[4] of the stand-in.
  CHECK_THAT(run.output, Catch::Contains(": ops[4].latency: kernel 'timed_fma' is in none of the "
                                         "PTX files given"));
}
