// Every old spelling of an option still works: run as the built binary, it gives the same
// output and exit status as the vocabulary's new name (sim/options.h).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <string>

#include "tests/support/run_halfpipe.h"

using halfpipe::test::Run;
using halfpipe::test::run_halfpipe;

namespace {

// The output without the lines of wall-clock and processor-time figures, which differ from run
// to run.
std::string without_timing(const std::string& output) {
  std::istringstream in(output);
  std::string kept;
  for (std::string line; std::getline(in, line);) {
    const bool timing = line.find(" M lane-ops/s") != std::string::npos ||
                        line.find(" transactions/s") != std::string::npos ||
                        line.find("simulation speed") != std::string::npos;
    if (!timing) kept += line + "\n";
  }
  return kept;
}

// sweep's "(Lanes=L, N cycles)": the cycles the traffic took, deterministic beside the timing.
std::string sweep_cycles(const std::string& output) {
  const size_t end = output.find(" cycles)");
  if (end == std::string::npos) return {};
  const size_t start = output.rfind(", ", end) + 2;
  return output.substr(start, end - start);
}

void same_result(const std::string& old_spelling, const std::string& new_spelling) {
  const Run old_run = run_halfpipe(old_spelling);
  const Run new_run = run_halfpipe(new_spelling);
  INFO(old_spelling << "\n" << old_run.output << "\n" << new_spelling << "\n" << new_run.output);
  CHECK(old_run.status == 0);
  CHECK(old_run.status == new_run.status);
  CHECK(without_timing(old_run.output) == without_timing(new_run.output));
  CHECK(sweep_cycles(old_run.output) == sweep_cycles(new_run.output));
  CHECK(old_run.output.find(" passed, 0 failed") != std::string::npos);
}

}  // namespace

TEST_CASE("old spellings: sweep --stall P is --gaps P --backpressure P", "[cli][aliases]") {
  same_result("sweep add.f16 fma.rn.bf16x2 --random 400 --seed 3 --stall 0.4",
              "sweep add.f16 fma.rn.bf16x2 --random 400 --seed 3 --gaps 0.4 --backpressure 0.4");
  // And it is not the default traffic: the figures (cycles) differ.
  const Run quiet = run_halfpipe("sweep add.f16 --random 400 --seed 3 --threads 1");
  const Run stalled = run_halfpipe("sweep add.f16 --random 400 --seed 3 --threads 1 --stall 0.4");
  REQUIRE_FALSE(sweep_cycles(quiet.output).empty());
  CHECK(sweep_cycles(quiet.output) != sweep_cycles(stalled.output));
}

TEST_CASE("old spellings: sweep --all is --all-ptx", "[cli][aliases]") {
  same_result("sweep --all --scalar --operands 1 --corner",
              "sweep --all-ptx --scalar --operands 1 --corner");
}

TEST_CASE("old spellings: sweep --visa is --all-visa", "[cli][aliases]") {
  same_result("sweep --visa --random 1 --lanes 4", "sweep --all-visa --random 1 --lanes 4");
}

TEST_CASE("old spellings: cosim --visa is --all-visa", "[cli][aliases]") {
  same_result("cosim --visa --random 1 --lanes 4", "cosim --all-visa --random 1 --lanes 4");
}

TEST_CASE("old spellings: cosim --vectors FILE is --vector-file FILE", "[cli][aliases]") {
  char dir[] = "/tmp/halfpipe-old-spellings-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string file = std::string(dir) + "/v.vec";
  REQUIRE(run_halfpipe("gen add.f16 fma.rn.relu.bf16x2 --corner --random 50 -o " + file).status == 0);
  same_result("cosim --vectors " + file, "cosim --vector-file " + file);
  std::system(("rm -rf " + std::string(dir)).c_str());
}

TEST_CASE("old spellings: explore --gap and --count are --gaps and --random", "[cli][aliases]") {
  const std::string rest = " --backpressure 0.2 --seed 4 fma.rn.f16x2 neg.f16";
  const Run old_run = run_halfpipe("explore --gap 0.3 --count 2000" + rest);
  const Run new_run = run_halfpipe("explore --gaps 0.3 --random 2000" + rest);
  INFO(old_run.output << "\n" << new_run.output);
  CHECK(old_run.status == 0);
  CHECK(new_run.status == 0);
  CHECK(old_run.output.find("explore: seed 4, 2000 transactions, gap 0.3, back-pressure 0.2") == 0);
  CHECK(without_timing(old_run.output) == without_timing(new_run.output));
}
