// `halfpipe explore --sweep` over real workloads (sim/cmd_explore_sweep.cpp): every kernel of
// every --ptx-file, and a --trace-file, is one workload of the sweep; its rows' cycles are the
// kernel's, the same as the single-configuration `explore --ptx-file` run on that point.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/cluster/temp_dir.h"
#include "tests/support/read_file.h"
#include "tests/support/run_halfpipe.h"
#include "tests/workload/explore_run.h"
#include "tests/workload/workloads.h"

namespace {

using halfpipe::test::Run;
using halfpipe::test::TempDir;
using halfpipe::test::workload_ptx;

Run run(const std::string& args) { return halfpipe::test::run_separately(args); }
using halfpipe::test::has;

// The CSV's rows (header dropped), each split at its commas.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

// The number after "cycles" in a single-configuration report.
std::string reported_cycles(const std::string& report) {
  const std::string label = "cycles               ";
  const std::size_t at = report.find("\n" + label);
  if (at == std::string::npos) return "(no cycles line)";
  const std::size_t from = at + 1 + label.size();
  return report.substr(from, report.find('\n', from) - from);
}

// CSV columns (model/dse/README.md).
constexpr int kPoint = 0, kWorkload = 1, kStatus = 2, kReason = 3, kLanes = 4, kCycles = 12,
              kLaneResults = 14, kLaneResultsPerCycle = 16, kWarps = 23, kTripCount = 24,
              kScheduler = 25;

}  // namespace

TEST_CASE("explore --sweep --trace-file: a dependent chain's cycles per latency, derived by hand",
          "[workload][explore][sweep]") {
  TempDir dir;
  // Three dependent scalar adds in one warp: accepted at edges 0, L, 2L, the last leaving at 3L;
  // the kernel's cycles are 3L + 1 (13 at the RTL's latency 4, as explore_command_test derives).
  dir.write("chain.trace", "add.f16 a, x, y\nadd.f16 b, a, y\nadd.f16 c, b, y\n");
  const Run r = run("explore --warps 1 --trace-file " + dir.path + "/chain.trace --sweep "
                    "'latency-arith=2,4' --sweep-csv " + dir.path + "/s.csv");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "sweep: 2 points x 1 workload, 2 run, 0 skipped"));
  const auto rows = csv_rows(halfpipe::test::read_file(dir.path + "/s.csv"));
  REQUIRE(rows.size() == 2);
  for (const auto& row : rows) CHECK(row[kWorkload] == "chain.trace");  // named after the file
  CHECK(rows[0][kCycles] == "7");
  CHECK(rows[1][kCycles] == "13");
  // Three scalar adds: three lane results, per cycle of the whole run.
  CHECK(rows[1][kLaneResults] == "3");
  CHECK(std::stod(rows[1][kLaneResultsPerCycle]) == Approx(3.0 / 13).epsilon(1e-4));
}

TEST_CASE("explore --sweep --ptx-file (twice): one workload per kernel, each point's cycles as "
          "the single-configuration run gives them",
          "[workload][explore][sweep]") {
  TempDir dir;
  const std::string files =
      "--ptx-file " + workload_ptx("gelu") + " --ptx-file " + workload_ptx("epilogue");
  const Run r = run("explore " + files + " --sweep 'lanes=1,2 latency-all=2,4' --sweep-csv " +
                    dir.path + "/s.csv --sweep-svg " + dir.path + "/s.svg");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  const auto rows = csv_rows(halfpipe::test::read_file(dir.path + "/s.csv"));
  // 4 points x 2 kernels, each point's kernels in the order of the files.
  REQUIRE(rows.size() == 8);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CAPTURE(i);
    CHECK(rows[i][kPoint] == std::to_string(i / 2));
    CHECK(rows[i][kWorkload] == (i % 2 == 0 ? "gelu_tanh" : "epilogue_relu_sat"));
    // Lanes 1 cannot run the kernels' packed forms: skipped, with the reason.
    if (rows[i][kLanes] == "1") {
      CHECK(rows[i][kStatus] == "skipped");
      CHECK(has(rows[i][kReason], "lane"));
    } else {
      CHECK(rows[i][kStatus] == "ok");
    }
  }
  // An independent path through the command: the one configuration of point 3 (lanes 2,
  // latency 4 each), one kernel at a time.
  for (const auto& [file, row] : {std::pair{"gelu", 6}, std::pair{"epilogue", 7}}) {
    const Run single = run("explore --ptx-file " + workload_ptx(file) + " --lanes 2 --latency "
                           "arith=4 --latency minmax=4 --latency sign=4 --latency transcendental=4");
    CAPTURE(file, single.error);
    REQUIRE(single.status == 0);
    CHECK(rows[row][kCycles] == reported_cycles(single.output));
  }
  const std::string chart = halfpipe::test::read_file(dir.path + "/s.svg");
  CHECK(has(chart, "gelu_tanh"));
  CHECK(has(chart, "epilogue_relu_sat"));
  CHECK(has(chart, "unit lane results per cycle"));
}

TEST_CASE("explore --ptx-file twice without --sweep: each kernel's report in turn",
          "[workload][explore]") {
  const Run r = run("explore --ptx-file " + workload_ptx("gelu") + " --ptx-file " +
                    workload_ptx("softmax"));
  INFO(r.error);
  REQUIRE(r.status == 0);
  const std::size_t gelu = r.output.find("explore: kernel gelu_tanh of ");
  const std::size_t softmax = r.output.find("explore: kernel softmax_row of ");
  REQUIRE(gelu != std::string::npos);
  REQUIRE(softmax != std::string::npos);
  CHECK(gelu < softmax);
}

TEST_CASE("explore --sweep with real workloads: bad input is FILE:LINE: problem and exit 2",
          "[workload][explore][sweep][bad-input]") {
  TempDir dir;
  dir.write("good.ptx", ".version 8.0\n.target sm_90\n.visible .entry k()\n{\n\tret;\n}\n");
  const std::vector<halfpipe::test::Refusal> refusals = {
      {"--ptx-file {dir}/good.ptx --kernel gemm",
       "{dir}/good.ptx:3: no kernel 'gemm' in the file; its kernels: k (line 3)"},
      {"--ptx-file {dir}/good.ptx --ptx-file {dir}/no-such.ptx",
       "{dir}/no-such.ptx: cannot open the file"},
      {"--ptx-file {dir}/good.ptx --ptx-file {dir}/good.ptx",
       "kernel k of {dir}/good.ptx: the sweep already has a workload of that name"},
      {"--ptx-file {dir}/good.ptx add.f16", "FORMs and --ptx-file/--trace-file exclude each other"},
  };
  halfpipe::test::check_refusals("--sweep lanes=2 ", refusals, dir.path);
  CHECK(run("explore --sweep lanes=2 --ptx-file " + dir.path + "/good.ptx").status == 0);
}

TEST_CASE("explore --sweep: warps, trip count and scheduler are axes of a real workload, each "
          "point's cycles those of the single run with the same options",
          "[workload][explore][sweep]") {
  TempDir dir;
  // One warp's chain of three dependent adds takes 3L + 1 = 13 cycles at latency 4; with two
  // warps the second warp's chain issues one cycle behind the first's, so 14.
  dir.write("chain.trace", "add.f16 a, x, y\nadd.f16 b, a, y\nadd.f16 c, b, y\n");
  const std::string trace = dir.path + "/chain.trace";
  const Run r = run("explore --trace-file " + trace +
                    " --sweep 'warps=1,2 scheduler=round-robin,greedy-then-oldest' --sweep-csv " +
                    dir.path + "/s.csv");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  CHECK(has(r.output, "  2 warps, trip count 4, greedy-then-oldest\n"));
  const auto rows = csv_rows(halfpipe::test::read_file(dir.path + "/s.csv"));
  REQUIRE(rows.size() == 4);
  CHECK(rows[0][kCycles] == "13");
  CHECK(rows[2][kCycles] == "14");
  for (const auto& row : rows) {
    CAPTURE(row[kPoint]);
    REQUIRE(row.size() == 26);
    CHECK(row[kTripCount] == "4");
    const Run single = run("explore --trace-file " + trace + " --warps " + row[kWarps] +
                           " --scheduler " + row[kScheduler]);
    REQUIRE(single.status == 0);
    CHECK(row[kCycles] == reported_cycles(single.output));
  }
  CHECK(rows[1][kScheduler] == "greedy-then-oldest");
  CHECK(rows[3][kWarps] == "2");

  // A kernel's loop runs trip-count times: more trips, more cycles, each as the single run.
  const Run trips = run("explore --ptx-file " + workload_ptx("softmax") +
                        " --sweep 'trip-count=1,3' --sweep-csv " + dir.path + "/t.csv");
  REQUIRE(trips.status == 0);
  const auto trip_rows = csv_rows(halfpipe::test::read_file(dir.path + "/t.csv"));
  REQUIRE(trip_rows.size() == 2);
  for (const auto& row : trip_rows) {
    const Run single = run("explore --ptx-file " + workload_ptx("softmax") + " --trip-count " +
                           row[kTripCount]);
    CHECK(row[kCycles] == reported_cycles(single.output));
  }
  CHECK(std::stoull(trip_rows[0][kCycles]) < std::stoull(trip_rows[1][kCycles]));
}

TEST_CASE("explore --sweep: a warps point a trace's own warps refuse is skipped, and stream axes "
          "need a real workload",
          "[workload][explore][sweep][bad-input]") {
  TempDir dir;
  dir.write("two.trace", "warp 0\nadd.f16 a, x, y\nwarp 1\nadd.f16 a, x, y\n");
  const Run r = run("explore --trace-file " + dir.path + "/two.trace --sweep 'warps=2,3' "
                    "--sweep-csv " + dir.path + "/s.csv");
  INFO(r.output << r.error);
  REQUIRE(r.status == 0);
  const auto rows = csv_rows(halfpipe::test::read_file(dir.path + "/s.csv"));
  REQUIRE(rows.size() == 2);
  CHECK(rows[0][kStatus] == "ok");
  CHECK(rows[1][kStatus] == "skipped");
  CHECK(rows[1][kReason] == "the trace names its 2 warps; 3 asked for");
  const Run mix = run("explore --sweep warps=1,2");
  CHECK(mix.status == 2);
  CHECK(has(mix.error, "axis 'warps' shapes a real workload's warps; it needs --ptx-file or "
                       "--trace-file"));
}
