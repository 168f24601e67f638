// `halfpipe explore --ptx-file/--trace-file` as users run it: the report's lines, the options
// that shape the run, and bad input as FILE:LINE: problem with exit 2 (sim/exit_status.h).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/cluster/temp_dir.h"
#include "tests/support/read_file.h"
#include "tests/support/run_halfpipe.h"
#include "tests/workload/explore_run.h"
#include "tests/workload/workloads.h"

namespace {

using halfpipe::test::Run;
using halfpipe::test::TempDir;

Run run(const std::string& args) { return halfpipe::test::run_separately(args); }
using halfpipe::test::has;

}  // namespace

TEST_CASE("explore --ptx-file: a workload kernel's report names throughput, stalls, utilisation and forms",
          "[workload][explore]") {
  const Run r = run("explore --ptx-file " + halfpipe::test::workload_ptx("softmax"));
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "explore: kernel softmax_row of " + halfpipe::test::workload_ptx("softmax") +
                          ", 4 warps, trip count 4, scheduler round-robin"));
  for (const char* line : {"results/cycle ", "lane results/cycle ", "instructions/cycle ", "issue slots ",
                           "lane utilisation ", "issue stalls ", "simulation speed "})
    CHECK(has(r.output, line));
  CHECK(has(r.output, "ex2.approx.f16x2"));
  CHECK(has(r.output, "ld.global.nc.u32"));
  // One warp is one warp, not "1 warps".
  const Run one = run("explore --ptx-file " + halfpipe::test::workload_ptx("softmax") + " --warps 1");
  CHECK(has(one.output, ", 1 warp, trip count 4, "));
}

TEST_CASE("explore --trace-file: a dependent chain's cycles and stalls as derived by hand",
          "[workload][explore]") {
  TempDir dir;
  // Three dependent adds at the RTL's latency 4: accepted at edges 0, 4, 8, the last leaving at
  // edge 12; the warp waits in cycles 1-3 and 5-7.
  dir.write("chain.trace", "# a chain\nadd.f16 a, x, y\nadd.f16 b, a, y\nadd.f16 c, b, y\n");
  const Run r = run("explore --warps 1 --trace-file " + dir.path + "/chain.trace");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "cycles               13\n"));
  CHECK(has(r.output, "issue stalls         6 warp-cycles without issue: 6 dependency, 0 "
                      "structural, 0 interval, 0 back-pressure\n"));
  // other=10: a load's result is ready 10 cycles after its issue; the add then takes 4.
  dir.write("load.trace", "ld.global.u32 a, p\nadd.f16 d, a, a\n");
  const Run other = run("explore --warps 1 --latency other=10 --trace-file " + dir.path + "/load.trace");
  CHECK(other.status == 0);
  CHECK(has(other.output, "cycles               15\n"));
  CHECK(has(other.output, "other units 10"));
}

TEST_CASE("explore --json: a kernel's run names its metrics as a sweep's row does, with the "
          "same values",
          "[workload][explore]") {
  TempDir dir;
  // Three dependent adds in one warp at latency 4: 13 cycles (derived above), 3 results of one
  // lane each.
  dir.write("chain.trace", "add.f16 a, x, y\nadd.f16 b, a, y\nadd.f16 c, b, y\n");
  const std::string trace = dir.path + "/chain.trace";
  const Run r = run("explore --warps 1 --trace-file " + trace + " --json " + dir.path + "/run.json");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "results              3 of the unit, 3 lane results (element operations)\n"));
  CHECK(has(r.output, "lane results/cycle   0.2308 "));  // 3 / 13
  const auto doc = nlohmann::json::parse(halfpipe::test::read_file(dir.path + "/run.json"));
  CHECK(doc["format"] == "halfpipe-explore/1");
  REQUIRE(doc["runs"].size() == 1);
  const auto& run_figures = doc["runs"][0];
  CHECK(run_figures["workload"] == "chain.trace");
  CHECK(run_figures["cycles"] == 13);
  CHECK(run_figures["results"] == 3);
  CHECK(run_figures["lane_results"] == 3);
  CHECK(run_figures["mean_latency"].get<double>() == Approx(4.0));
  CHECK(run_figures["streams"]["warps"] == 1);
  CHECK(run_figures["details"]["issue_stalls"]["dependency"] == 6);

  // The sweep's row of the same configuration has every metric under the same name, equal.
  const Run sweep = run("explore --warps 1 --trace-file " + trace +
                        " --sweep lanes=2 --json " + dir.path + "/sweep.json");
  REQUIRE(sweep.status == 0);
  const auto rows = nlohmann::json::parse(halfpipe::test::read_file(dir.path + "/sweep.json"));
  CHECK(rows["format"] == "halfpipe-explore-sweep/1");
  const auto& row = rows["rows"][0];
  for (const char* metric : {"cycles", "results", "lane_results", "results_per_cycle",
                             "lane_results_per_cycle", "mean_latency", "config", "streams", "area"}) {
    CAPTURE(metric);
    CHECK(row[metric] == run_figures[metric]);
  }
}

TEST_CASE("explore --trace-file: an instruction the unit cannot execute is named and counted",
          "[workload][explore]") {
  TempDir dir;
  dir.write("illegal.trace", "add.ftz.bf16 a, x, y\nadd.f16 b, a, a\n");
  const Run r = run("explore --trace-file " + dir.path + "/illegal.trace");
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "instructions         8: 4 on the unit, 4 on other units\n"));  // 4 warps
  CHECK(has(r.output, "add.ftz.bf16"));
  CHECK(has(r.output, "other: the unit cannot execute it ("));
}

TEST_CASE("explore: bad workload input is FILE:LINE: problem on stderr and exit 2",
          "[workload][explore][bad-input]") {
  TempDir dir;
  const std::string good_ptx = ".version 8.0\n.target sm_90\n.visible .entry k()\n{\n\tret;\n}\n";
  dir.write("good.ptx", good_ptx);
  dir.write("broken.ptx", ".version 8.0\n.target sm_90\n.visible .entry k()\n{\n\tmov.u32 %r1, 0;\n\tret;\n}\n");
  dir.write("warps.trace", "warp 0\nadd.f16 a, x, y\nwarp 1\nadd.f16 a, x, y\n");
  dir.write("bad-warp.trace", "add.f16 a, x, y\nwarp one\n");
  dir.write("no-dst.trace", "# header\nadd.f16 a, x, y\nadd.f16\n");
  dir.write("many.trace", "add.f16 a, x, y\nfma.rn.f16 a, x, y, z, w\n");
  const std::vector<halfpipe::test::Refusal> refusals = {
      {"--ptx-file {dir}/broken.ptx", "{dir}/broken.ptx:5: register '%r1' is not declared"},
      {"--ptx-file {dir}/good.ptx --kernel gemm",
       "{dir}/good.ptx:3: no kernel 'gemm' in the file; its kernels: k (line 3)"},
      {"--ptx-file {dir}/no-such.ptx", "{dir}/no-such.ptx: cannot open the file"},
      {"--trace-file {dir}/bad-warp.trace", "{dir}/bad-warp.trace:2: 'warp one': expected 'warp N'"},
      {"--trace-file {dir}/no-dst.trace", "{dir}/no-dst.trace:3: add.f16 has no destination register"},
      {"--trace-file {dir}/many.trace", "{dir}/many.trace:2: fma.rn.f16 has 4 sources; at most 3"},
      {"--trace-file {dir}/warps.trace --warps 3", "--warps 3: the trace names its warps, 2 of them"},
      {"--ptx-file {dir}/good.ptx add.f16", "FORMs and --ptx-file/--trace-file exclude each other"},
      {"--ptx-file {dir}/good.ptx --trace-file {dir}/warps.trace",
       "--ptx-file and --trace-file exclude each other"},
      {"--kernel k", "--kernel needs --ptx-file"},
      {"--latency other=3", "latency setting 'other' needs --ptx-file or --trace-file"},
      {"--ptx-file {dir}/good.ptx --latency other=0", "latency setting 'other=0': '0' is not a cycle count"},
      {"--ptx-file {dir}/good.ptx --scheduler oldest", "--scheduler"},
      {"--ptx-file {dir}/good.ptx --warps 0", "--warps"},
      {"--ptx-file {dir}/good.ptx --trip-count 0", "--trip-count"},
  };
  halfpipe::test::check_refusals("", refusals, dir.path);
  CHECK(run("explore --ptx-file " + dir.path + "/good.ptx").status == 0);
  CHECK(run("explore --trace-file " + dir.path + "/warps.trace --warps 2").status == 0);
}
