// `halfpipe explore --sweep` as a user runs it: the summary, the three files, the exit statuses.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/support/read_file.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::Run;
Run explore(const std::string& args) { return halfpipe::test::run_halfpipe("explore " + args); }

std::filesystem::path scratch(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("halfpipe_dse_" + std::to_string(getpid()) + "_" + name);
}

}  // namespace

TEST_CASE("explore --sweep: every point runs, and the CSV, JSON and SVG are written",
          "[dse][command]") {
  const auto csv = scratch("s.csv"), json = scratch("s.json"), svg = scratch("s.svg");
  const Run run = explore("--sweep 'lanes=1,2 latency-all=2..4' --random 50 add.rn.f16x2 "
                          "--sweep-csv " + csv.string() + " --sweep-json " + json.string() +
                          " --sweep-svg " + svg.string());
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("sweep: 6 points x 1 workload, 3 run, 3 skipped"));
  CHECK_THAT(run.output, Catch::Contains("area: data/area-table.csv (built in); cells = "));
  CHECK_THAT(run.output, Catch::Contains("skipped: a form with lane mask 3 needs 2 lanes"));

  // 50 packed adds at latency L, full rate: 50 + L cycles.
  const std::string table = halfpipe::test::read_file(csv);
  CHECK_THAT(table, Catch::Contains("\n3,random-mix,ok,,2,2,2,2,2,1,1,0,52,50,100,"));
  CHECK_THAT(table, Catch::Contains("\n5,random-mix,ok,,2,4,4,4,4,1,1,0,54,50,100,"));
  // Lanes 2 at Depth 2 and 4 are in the checked-in table: measured.
  CHECK_THAT(table, Catch::Contains(",measured,table,"));

  const auto doc = nlohmann::json::parse(halfpipe::test::read_file(json));
  CHECK(doc["sweep"] == "lanes=1,2 latency-all=2..4");
  REQUIRE(doc["rows"].size() == 6);
  CHECK(doc["rows"][4]["cycles"] == 53);
  CHECK(doc["area_model"]["table"] == "data/area-table.csv (built in)");

  const std::string chart = halfpipe::test::read_file(svg);
  CHECK(chart.rfind("<?xml", 0) == 0);
  CHECK_THAT(chart, Catch::Contains("area (Yosys generic cells)"));
  CHECK_THAT(chart, Catch::Contains("random-mix"));
  // Well-formed XML, by a parser that is not ours (libxml2-utils, scripts/deps.sh).
  if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
    CHECK(std::system(("xmllint --noout '" + svg.string() + "'").c_str()) == 0);
  } else {
    WARN("xmllint is not installed (scripts/deps.sh installs libxml2-utils): the SVG's "
         "well-formedness is unchecked");
  }
  for (const auto& f : {csv, json, svg}) std::filesystem::remove(f);
}

TEST_CASE("explore --sweep: bad input is refused with the reason and exit status 2",
          "[dse][command]") {
  struct Case {
    std::string args;
    const char* reason;
  };
  const Case cases[] = {
      {"--sweep 'depth=2,4'", "--sweep: unknown axis 'depth'"},
      {"--sweep 'lanes=2..x'", "--sweep: axis 'lanes': '2..x' is not a range"},
      {"--sweep lanes=2 --area-table /nonexistent/area.csv",
       "--area-table: cannot read /nonexistent/area.csv"},
      {"--sweep lanes=2 --sweep-csv /nonexistent/dir/s.csv",
       "--sweep-csv: cannot write '/nonexistent/dir/s.csv': No such file or directory"},
      {"--sweep lanes=2 frobnicate.f16", "form 'frobnicate.f16'"},
      {"--sweep lanes=2 --backpressure 1", "back-pressure probability"},
      {"--sweep-svg chart.svg", "need --sweep SPEC"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const Run run = explore(c.args);
    CHECK(run.status == 2);
    CHECK_THAT(run.output, Catch::Contains(c.reason));
  }
  // A table the model cannot be fitted to names the file.
  const auto bad = scratch("bad-area.csv");
  std::ofstream(bad) << "lanes,depth,cells\n2,4,100\n";
  const Run run = explore("--sweep lanes=2 --area-table " + bad.string());
  CHECK(run.status == 2);
  CHECK_THAT(run.output, Catch::Contains(bad.string() + ": the area table does not determine"));
  std::filesystem::remove(bad);
}
