// The sweep driver (model/dse/sweep.h): cycles derived by hand for independent streams, skipped
// points with their reasons, the Pareto front, and the CSV/JSON rows.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "model/dse/report.h"
#include "model/dse/sweep.h"
#include "model/isa/ptx.h"

namespace {

using halfpipe::dse::AreaModel;
using halfpipe::dse::AreaRow;
using halfpipe::dse::SweepRow;

// Cells 1000 + 100*lanes + 10*lanes*depth + 5*depth exactly, at Lanes {2,4} x Depth {2,4}.
AreaModel exact_area() {
  return AreaModel({{2, 2, 1250, {}, {}}, {2, 4, 1300, {}, {}}, {4, 2, 1490, {}, {}},
                    {4, 4, 1580, {}, {}}});
}

halfpipe::sc::Workload stream(uint64_t count, const std::vector<std::string>& forms) {
  halfpipe::sc::Workload w;
  w.count = count;
  for (const std::string& form : forms) w.forms.push_back(*halfpipe::isa::decode_ptx(form).uop);
  return w;
}

std::vector<halfpipe::dse::Axis> axes(const std::string& spec) {
  auto parsed = halfpipe::dse::parse_sweep(spec);
  REQUIRE(std::holds_alternative<std::vector<halfpipe::dse::Axis>>(parsed));
  return std::get<std::vector<halfpipe::dse::Axis>>(parsed);
}

halfpipe::dse::SweepResult sweep(const std::string& spec, const halfpipe::sc::Workload& w) {
  return halfpipe::dse::run_sweep(axes(spec), halfpipe::sc::PipelineConfig{},
                                  {halfpipe::dse::random_mix_workload("mix", w)}, exact_area());
}

}  // namespace

TEST_CASE("sweep: cycles of an independent stream at full rate, derived by hand", "[dse][sweep]") {
  // n transactions, no gaps, a consumer always ready. II 1: transaction k is accepted at edge k
  // and leaves at edge k + L, so the last leaves at edge n - 1 + L: n + L edges in all. II 2:
  // accepted at edges 2k, the last leaves at 2(n - 1) + L: 2n + L - 1 edges. Issue width 2: two
  // accepted per edge, n/2 edges of acceptance: n/2 + L edges.
  const auto result = sweep("ii=1,2 issue-width=1,2 latency-all=3,5", stream(100, {"add.rn.f16x2"}));
  REQUIRE(result.rows.size() == 8);
  struct Expected {
    int ii, width, latency;
    uint64_t cycles;
  };
  const Expected expected[] = {
      {1, 1, 3, 103}, {1, 1, 5, 105}, {1, 2, 3, 53},  {1, 2, 5, 55},
      {2, 1, 3, 202}, {2, 1, 5, 204}, {2, 2, 3, 102}, {2, 2, 5, 104},  // II 2, width 2: 2(n/2-1)+L+1
  };
  for (std::size_t i = 0; i < 8; ++i) {
    const SweepRow& r = result.rows[i];
    CAPTURE(i);
    REQUIRE(r.ran());
    CHECK(r.point == i);
    CHECK(r.workload == "mix");
    CHECK(r.config.initiation_interval == expected[i].ii);
    CHECK(r.config.issue_width == expected[i].width);
    CHECK(r.config.latency[0] == expected[i].latency);
    CHECK(r.cycles == expected[i].cycles);
    CHECK(r.results == 100);
    CHECK(r.lane_results == 200);  // a packed form: both lanes of every result
    CHECK(r.results_per_cycle == Approx(100.0 / expected[i].cycles));
    CHECK(r.lane_results_per_cycle == Approx(200.0 / expected[i].cycles));
    CHECK(r.mean_latency == Approx(expected[i].latency));
  }
}

TEST_CASE("sweep: the same seed gives the same cycles as `halfpipe explore`'s SystemC run",
          "[dse][sweep]") {
  // The sweep steps a PipelineCore in a loop; explore clocks an AluModel with an sc_clock and
  // acts on the falling edges. The same producer and consumer must see the same unit: with gaps,
  // back-pressure, two issue slots, a queue and mixed latencies every draw and every edge shows
  // in the cycles, the stalls and the latency histogram.
  auto w = stream(3000, {"fma.rn.f16x2", "min.bf16", "neg.f16"});
  w.seed = 9;
  w.gap = 0.2;
  w.backpressure = 0.3;
  halfpipe::sc::PipelineConfig config;
  config.lanes = 4;
  config.latency = {5, 2, 4, 4};
  config.issue_width = 2;
  config.output_queue = 3;
  const auto direct = halfpipe::dse::run_random_mix(config, w);
  REQUIRE(direct.error.empty());
  const auto systemc = halfpipe::sc::run_explore(config, w);
  REQUIRE(systemc.error.empty());
  CHECK(direct.stats.cycles == systemc.stats.cycles);
  CHECK(direct.stats.refused_order == systemc.stats.refused_order);
  CHECK(direct.stats.blocked_cycles == systemc.stats.blocked_cycles);
  CHECK(direct.stats.latency_histogram == systemc.stats.latency_histogram);
}

TEST_CASE("sweep: a point the model or the workload refuses is a skipped row with the reason",
          "[dse][sweep]") {
  const auto result = sweep("lanes=0,1,2", stream(10, {"add.rn.f16x2"}));
  REQUIRE(result.rows.size() == 3);
  CHECK_FALSE(result.rows[0].ran());
  CHECK(result.rows[0].skipped == "lane count is 0, must be 1..32");
  CHECK_FALSE(result.rows[1].ran());
  CHECK(result.rows[1].skipped == "a form with lane mask 3 needs 2 lanes; the unit has 1");
  CHECK(result.rows[2].ran());
  CHECK(result.rows[2].cycles == 14);
  CHECK_FALSE(result.rows[0].pareto);
}

TEST_CASE("sweep: the Pareto front of a hand-made set, per workload", "[dse][pareto]") {
  auto row = [](const char* workload, double cells, double rate) {
    SweepRow r;
    r.workload = workload;
    r.area.cells = cells;
    r.lane_results_per_cycle = rate;
    return r;
  };
  std::vector<SweepRow> rows{
      row("a", 100, 1.0),   // 0 front: nothing smaller
      row("a", 200, 2.0),   // 1 front: the fastest, and nothing as fast is smaller
      row("a", 150, 0.5),   // 2 dominated by 0 (smaller and faster)
      row("a", 200, 1.5),   // 3 dominated by 1 (as large, faster)
      row("a", 300, 2.0),   // 4 dominated by 1 (smaller, as fast)
      row("a", 100, 1.0),   // 5 front: the same point as 0, which does not dominate it
      row("a", 120, 1.2),   // 6 front: between 0 and 1
      row("b", 500, 0.1),   // 7 front of b: alone in its workload, though "a" beats it
      row("a", 50, 3.0),    // 8 front: smallest and fastest...
  };
  rows.push_back(row("a", 60, 0.0));  // 9 dominated by 8
  SweepRow skipped = row("a", 1, 100);
  skipped.skipped = "refused";        // 10 did not run: never on a front
  rows.push_back(skipped);
  halfpipe::dse::mark_pareto(rows);
  std::vector<bool> front;
  for (const SweepRow& r : rows) front.push_back(r.pareto);
  // With row 8 (50 cells, 3.0) in the set, it dominates every other row of "a".
  CHECK(front == std::vector<bool>{false, false, false, false, false, false, false, true, true,
                                   false, false});
  // Without it, the front is 0, 5, 6, 1, 7 (of b) and the former 9, now 8 (the smallest).
  rows.erase(rows.begin() + 8);
  halfpipe::dse::mark_pareto(rows);
  front.clear();
  for (const SweepRow& r : rows) front.push_back(r.pareto);
  CHECK(front ==
        std::vector<bool>{true, true, false, false, false, true, true, true, true, false});
}

TEST_CASE("sweep: CSV and JSON rows of a tiny sweep", "[dse][sweep][report]") {
  // Lanes 2 at latency 3 (not in the table: the fit, exactly 1275 cells) and 4 (measured, 1300
  // cells); lanes 1: skipped. 20 packed adds: 23 and 24 cycles.
  const auto result = sweep("lanes=1,2 latency-all=3,4", stream(20, {"add.rn.f16x2"}));
  std::ostringstream csv;
  halfpipe::dse::write_csv(csv, result);
  CHECK(csv.str() ==
        "point,workload,status,reason,lanes,latency_arith,latency_minmax,latency_sign,"
        "latency_transcendental,ii,issue_width,queue,cycles,results,lane_results,"
        "results_per_cycle,lane_results_per_cycle,mean_latency,area_cells,area_source,"
        "area_basis,logic_levels,pareto,warps,trip_count,scheduler\n"
        "0,mix,skipped,a form with lane mask 3 needs 2 lanes; the unit has 1,1,3,3,3,3,1,1,0,,,,,,,,,,,,,,\n"
        "1,mix,skipped,a form with lane mask 3 needs 2 lanes; the unit has 1,1,4,4,4,4,1,1,0,,,,,,,,,,,,,,\n"
        "2,mix,ok,,2,3,3,3,3,1,1,0,23,20,40,0.869565,1.739130,3.0000,1275,estimated,"
        "\"fit(lanes 2, depth 3)\",,1,,,\n"
        "3,mix,ok,,2,4,4,4,4,1,1,0,24,20,40,0.833333,1.666667,4.0000,1300,measured,table,,0,,,\n");

  std::ostringstream json_text;
  const AreaModel area = exact_area();
  halfpipe::dse::write_json(json_text, result, "lanes=1,2 latency-all=3,4", {"t.csv", &area});
  const auto json = nlohmann::json::parse(json_text.str());
  CHECK(json["format"] == "halfpipe-explore-sweep/1");
  CHECK(json["sweep"] == "lanes=1,2 latency-all=3,4");
  CHECK(json["axes"][1]["name"] == "latency-all");
  CHECK(json["axes"][1]["values"] == nlohmann::json::array({3, 4}));
  CHECK(json["workloads"] == nlohmann::json::array({"mix"}));
  CHECK(json["area_model"]["coefficients"]["c"].get<double>() == Approx(10));
  CHECK(json["area_model"]["fit_error"]["max_relative"].get<double>() ==
        Approx(0).margin(1e-9));
  REQUIRE(json["rows"].size() == 4);
  CHECK(json["rows"][0]["status"] == "skipped");
  CHECK(json["rows"][0]["reason"] == "a form with lane mask 3 needs 2 lanes; the unit has 1");
  const auto& ran = json["rows"][3];
  CHECK(ran["status"] == "ok");
  CHECK(ran["config"]["lanes"] == 2);
  CHECK(ran["config"]["latency"]["transcendental"] == 4);
  CHECK(ran["cycles"] == 24);
  CHECK(ran["area"]["cells"] == 1300);
  CHECK(ran["area"]["source"] == "measured");
  CHECK(ran["pareto"] == false);
  CHECK(json["rows"][2]["area"]["source"] == "estimated");
  CHECK(json["rows"][2]["pareto"] == true);
}
