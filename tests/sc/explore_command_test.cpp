// `halfpipe explore` as a user runs it: the same seed gives the same figures, the figures are
// the model's, and bad input is refused with the reason and a non-zero exit.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;
Run explore(const std::string& args) { return halfpipe::test::run_halfpipe("explore " + args); }

// Everything but the wall-clock speed line.
std::string figures(const std::string& output) {
  return output.substr(0, output.find("simulation speed"));
}

TEST_CASE("explore: the same seed reproduces the run and another seed changes it",
          "[sc][explore]") {
  const std::string args =
      "--lanes 4 --latency arith=5,minmax=2 --issue-width 2 --queue 3 --backpressure 0.3 "
      "--gap 0.2 --count 3000 fma.rn.f16x2 min.bf16 neg.f16";
  const Run first = explore(args + " --seed 9");
  const Run second = explore(args + " --seed 9");
  const Run other = explore(args + " --seed 10");
  REQUIRE(first.status == 0);
  CHECK(first.output.find("explore: seed 9, 3000 transactions") != std::string::npos);
  CHECK(figures(first.output) == figures(second.output));
  // The first line names the seed, so it differs by construction: compare the figures below it.
  auto below_seed_line = [](const std::string& output) {
    const std::string f = figures(output);
    return f.substr(f.find('\n') + 1);
  };
  CHECK(below_seed_line(first.output) != below_seed_line(other.output));
}

TEST_CASE("explore: full-rate traffic through Depth 4 at one result per cycle", "[sc][explore]") {
  // 500 back-to-back transactions: accepted at edges 0..499, the last leaves at 503.
  const Run run = explore("--count 500 add.rn.f16x2");
  REQUIRE(run.status == 0);
  CHECK(run.output.find("cycles               504\n") != std::string::npos);
  CHECK(run.output.find("min 4, mean 4.00, max 4") != std::string::npos);
  CHECK(run.output.find("0 with an offer refused") != std::string::npos);
  // Each packed add is two lane results: 1000 in 504 cycles.
  CHECK(run.output.find("results              500, 1000 lane results") != std::string::npos);
  CHECK(run.output.find("results/cycle        0.9921\n") != std::string::npos);
  CHECK(run.output.find("lane results/cycle   1.9841 ") != std::string::npos);
}

TEST_CASE("explore --json -: the run's figures on standard output, named as a sweep's rows",
          "[sc][explore]") {
  const Run run = explore("--count 500 add.rn.f16x2 --json -");
  REQUIRE(run.status == 0);
  // The report, then the JSON document.
  const std::size_t json_at = run.output.find("\n{");
  REQUIRE(json_at != std::string::npos);
  const auto doc = nlohmann::json::parse(run.output.substr(json_at + 1));
  CHECK(doc["format"] == "halfpipe-explore/1");
  const auto& figures = doc["runs"][0];
  CHECK(figures["workload"] == "random-mix");
  CHECK(figures["cycles"] == 504);
  CHECK(figures["results"] == 500);
  CHECK(figures["lane_results"] == 1000);
  CHECK(figures["lane_results_per_cycle"].get<double>() == Approx(1000.0 / 504));
  CHECK(figures["mean_latency"].get<double>() == Approx(4.0));
  CHECK(figures["config"]["lanes"] == 2);
  CHECK(figures["area"]["source"] == "measured");  // Lanes 2, Depth 4 is in the table
  CHECK(figures["details"]["latency_histogram"] == nlohmann::json::parse("[[4, 500]]"));
  CHECK_FALSE(figures.contains("streams"));  // a random mix has no warps
}

TEST_CASE("explore: bad input is refused with the reason", "[sc][explore]") {
  struct Case {
    const char* args;
    const char* reason;
  };
  const Case cases[] = {
      {"frobnicate.f16", "form 'frobnicate.f16'"},
      {"--latency fmax=3", "unknown family or op 'fmax'"},
      {"--latency arith", "is not FAMILY=N"},
      {"--lanes 1 add.f16x2", "needs 2 lanes"},
      {"--backpressure 1", "back-pressure probability"},
      {"--issue-width 0", "issue width is 0"},
      {"--area-table t.csv", "--area-table needs --sweep SPEC or --json FILE"},
      {"--json /no/such/dir/run.json", "--json: "},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const Run run = explore(c.args);
    CHECK(run.status == 2);
    CHECK_THAT(run.output, Catch::Contains(c.reason));
  }
}

}  // namespace
