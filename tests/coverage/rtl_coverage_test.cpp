// RTL code coverage (rtl/COVERAGE.md): the instrumented models behind make_dut while a
// session is open, the counts summed over models and files, and the commands that write them
// (sweep, cosim --rtl-coverage; plan --job-coverage, merge).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

#include "tb/dut_factory.h"
#include "tb/rtl_coverage.h"
#include "tests/cluster/temp_dir.h"
#include "tests/support/run_halfpipe.h"

using halfpipe::tb::CoverageCounts;
using halfpipe::tb::RtlCoverageSession;
using halfpipe::test::run_halfpipe;
using halfpipe::test::TempDir;

namespace {

// A key as Verilator writes it: \001NAME\002VALUE pairs.
std::string key(const std::string& page, const std::string& comment, const std::string& hier) {
  return std::string("\001page\002") + page + "\001o\002" + comment + "\001h\002" + hier;
}

// The value of field `name` in a key; empty when it has none.
std::string field(const std::string& k, const std::string& name) {
  const std::string start = "\001" + name + "\002";
  const size_t at = k.find(start);
  if (at == std::string::npos) return "";
  const size_t from = at + start.size();
  return k.substr(from, k.find('\001', from) - from);
}

// The count of the toggle point of hp_alu's port `signal` (page v_toggle/hp_alu, comment
// `signal`), summed over the models counted.
uint64_t port_toggles(const CoverageCounts& counts, const std::string& signal) {
  uint64_t sum = 0;
  for (const auto& [k, count] : counts.counts())
    if (field(k, "page") == "v_toggle/hp_alu" && field(k, "o") == signal) sum += count;
  return sum;
}

// n cycles offering one add.f16 beat each, every output taken.
void run_cycles(halfpipe::tb::Dut& dut, int n) {
  halfpipe::tb::InBeat in;
  halfpipe::tb::OutBeat out;
  in.lane_mask = 1;
  for (int i = 0; i < n; ++i) {
    in.tag = static_cast<uint32_t>(i & 0xFF);
    dut.cycle(i % 2 == 0, in, true, out);
  }
}

}  // namespace

TEST_CASE("coverage: counts of several files add up point by point, as verilator_coverage --write sums") {
  TempDir dir;
  const std::string a = key("v_line/hp_alu", "block", "hp_alu");
  const std::string b = key("v_toggle/hp_alu", "in_valid_i", "hp_alu");
  const std::string one = dir.write("one.dat", "# SystemC::Coverage-3\nC '" + a + "' 3\nC '" + b + "' 0\n");
  const std::string two = dir.write("two.dat", "# SystemC::Coverage-3\nC '" + a + "' 4\n");
  CoverageCounts counts;
  counts.add_file(one);
  counts.add_file(two);
  CHECK(counts.points() == 2);
  CHECK(counts.counts().at(a) == 7);
  CHECK(counts.counts().at(b) == 0);
  // Written back in Verilator's own format: header, then one C line per point.
  counts.write(dir.path + "/sum.dat");
  CHECK(dir.read("sum.dat") == "# SystemC::Coverage-3\nC '" + a + "' 7\nC '" + b + "' 0\n");
}

TEST_CASE("coverage: a line that is not a coverage point is refused, naming the file and the line") {
  TempDir dir;
  const std::string bad = dir.write("bad.dat", "# SystemC::Coverage-3\nC 'x' 1\nC 'y' many\n");
  CoverageCounts counts;
  CHECK_THROWS_WITH(counts.add_file(bad), bad + ":3: the count is not a decimal number");
  CHECK_THROWS_WITH(counts.add_file(dir.path + "/none.dat"),
                    Catch::StartsWith("cannot read the coverage file " + dir.path + "/none.dat"));
}

TEST_CASE("coverage: files of another build or RTL revision are refused, naming both files and both identities") {
  TempDir dir;
  const std::string a = key("v_line/hp_alu", "block", "hp_alu");
  const auto file = [&](const std::string& name, const std::string& identity, int count) {
    return dir.write(name, "# SystemC::Coverage-3\n" +
                               (identity.empty() ? "" : "# halfpipe-coverage: " + identity + "\n") + "C '" +
                               a + "' " + std::to_string(count) + "\n");
  };
  const std::string old_rtl = file("old.dat", "hp_alu rtl-sources-sha256=aaaa", 1);
  const std::string same_rtl = file("same.dat", "hp_alu rtl-sources-sha256=aaaa", 2);
  const std::string new_rtl = file("new.dat", "hp_alu rtl-sources-sha256=bbbb", 4);
  const std::string unnamed = file("unnamed.dat", "", 8);

  CoverageCounts counts;
  counts.add_file(old_rtl);
  counts.add_file(same_rtl);
  CHECK(counts.counts().at(a) == 3);
  CHECK(counts.identity() == "hp_alu rtl-sources-sha256=aaaa");
  CHECK_THROWS_WITH(counts.add_file(new_rtl),
                    new_rtl + " counts 'hp_alu rtl-sources-sha256=bbbb' but " + old_rtl +
                        " counts 'hp_alu rtl-sources-sha256=aaaa': coverage of another design, build "
                        "or RTL revision is not summed (rtl/COVERAGE.md)");
  CHECK_THROWS_WITH(counts.add_file(unnamed), Catch::StartsWith(unnamed + " counts (no identity) but " + old_rtl));
  // The sum keeps the identity of what it sums.
  CoverageCounts sum;
  sum.add_file(old_rtl);
  sum.write(dir.path + "/sum.dat");
  CHECK(dir.read("sum.dat") ==
        "# SystemC::Coverage-3\n# halfpipe-coverage: hp_alu rtl-sources-sha256=aaaa\nC '" + a + "' 1\n");
}

TEST_CASE("coverage: while a session is open, make_dut builds the instrumented model and its counts join the session") {
  TempDir dir;
  {
    // Without a session: the plain model, and nothing is counted anywhere.
    auto plain = halfpipe::tb::make_dut(2, 4);
    run_cycles(*plain, 10);
  }
  RtlCoverageSession session(dir.path + "/run.dat", "hp_alu under test");
  CHECK(halfpipe::tb::active_rtl_coverage() == &session);
  {
    auto dut = halfpipe::tb::make_dut(2, 4);
    run_cycles(*dut, 10);
  }
  // in_valid_i went 0,1,0,1,...: at least 9 changes in 10 cycles (reset leaves it 0).
  const uint64_t after_one = port_toggles(session.counts(), "in_valid_i");
  CHECK(after_one >= 9);
  {
    auto dut = halfpipe::tb::make_dut(2, 4);
    run_cycles(*dut, 10);
  }
  // A second model's counts add to the first's, point by point.
  CHECK(port_toggles(session.counts(), "in_valid_i") == 2 * after_one);
  session.write();
  CoverageCounts written;
  written.add_file(session.path());
  CHECK(written.counts() == session.counts().counts());
  // The SVA cover points are counted too (--coverage-user).
  const bool has_cover = std::any_of(written.counts().begin(), written.counts().end(),
                                     [](const auto& p) { return p.first.find("v_user/") != std::string::npos; });
  CHECK(has_cover);
}

TEST_CASE("coverage: a configuration without an instrumented model is refused, naming the built ones") {
  TempDir dir;
  RtlCoverageSession session(dir.path + "/run.dat", "hp_alu under test");
  const auto& built = halfpipe::tb::coverage_configs();
  CHECK(std::find(built.begin(), built.end(), std::make_pair(2, 4)) != built.end());
  if (built.size() == 1) {
    CHECK_THROWS_WITH(halfpipe::tb::make_dut(8, 4),
                      Catch::Contains("no coverage-instrumented hp_alu with Lanes=8 Depth=4 (built: "
                                      "Lanes=2 Depth=4; configure with -DHALFPIPE_RTL_COVERAGE=ON"));
  }
  CHECK_THROWS_WITH(RtlCoverageSession(dir.path + "/other.dat", "hp_alu under test"),
                    "an RTL coverage session is open already");
}

TEST_CASE("coverage: sweep and cosim --rtl-coverage write the counts of their models, and bad uses exit 2") {
  TempDir dir;
  const auto sweep = run_halfpipe("sweep add.rn.f16 --corner --rtl-coverage " + dir.path + "/sweep.dat");
  INFO(sweep.output);
  CHECK(sweep.status == 0);
  CoverageCounts counts;
  counts.add_file(dir.path + "/sweep.dat");
  CHECK(port_toggles(counts, "in_valid_i") >= 2);
  // The file names the RTL it counts: a SHA-256, 64 hex digits.
  CHECK_THAT(counts.identity(), Catch::Matches("hp_alu rtl-sources-sha256=[0-9a-f]{64}"));

  const auto cosim = run_halfpipe("cosim add.rn.f16 --corner --rtl-coverage " + dir.path + "/cosim.dat");
  INFO(cosim.output);
  CHECK(cosim.status == 0);
  CoverageCounts cosim_counts;
  cosim_counts.add_file(dir.path + "/cosim.dat");
  CHECK(port_toggles(cosim_counts, "rst_ni") >= 2);  // the mid-run reset

  const auto netlist = run_halfpipe("sweep add.rn.f16 --corner --netlist --rtl-coverage " + dir.path + "/n.dat");
  CHECK(netlist.status == 2);
  CHECK(netlist.output.find("the netlist has no coverage points") != std::string::npos);
  const auto unwritable = run_halfpipe("sweep add.rn.f16 --corner --rtl-coverage /nonexistent/dir/x.dat");
  CHECK(unwritable.status == 2);
  CHECK(unwritable.output.find("cannot write the coverage file /nonexistent/dir/x.dat") != std::string::npos);
}

TEST_CASE("coverage: plan --job-coverage makes each job write its counts, and merge sums them") {
  TempDir dir;
  const std::string spec = dir.write("cov.spec", "add.rn.f16 corner lanes=2\nmul.rn.f16 random 200 lanes=2\n");
  const auto plan = run_halfpipe("plan " + spec + " -o " + dir.path + "/run --job-coverage");
  INFO(plan.output);
  REQUIRE(plan.status == 0);
  const std::string jobs = dir.read("run/jobs.txt");
  CHECK(jobs.find("--rtl-coverage " + dir.path + "/run/coverage/job-000001.dat") != std::string::npos);
  REQUIRE(std::system(("bash " + dir.path + "/run/jobs.txt >/dev/null 2>&1").c_str()) == 0);
  CoverageCounts one, two;
  one.add_file(dir.path + "/run/coverage/job-000001.dat");
  two.add_file(dir.path + "/run/coverage/job-000002.dat");
  const auto merge = run_halfpipe("merge " + dir.path + "/run");
  INFO(merge.output);
  CHECK(merge.status == 0);
  CHECK(merge.output.find("rtl coverage: 2 job files, ") != std::string::npos);
  CoverageCounts merged;
  merged.add_file(dir.path + "/run/rtl-coverage.dat");
  CHECK(port_toggles(merged, "in_valid_i") ==
        port_toggles(one, "in_valid_i") + port_toggles(two, "in_valid_i"));

  // A job file of another RTL revision is refused, both files named (exit 2).
  const std::string job2 = dir.path + "/run/coverage/job-000002.dat";
  std::string text = dir.read("run/coverage/job-000002.dat");
  const size_t digest = text.find("rtl-sources-sha256=") + std::string("rtl-sources-sha256=").size();
  const std::string other = text.compare(digest, 4, "0000") == 0 ? "ffff" : "0000";
  text.replace(digest, 4, other);
  dir.write("run/coverage/job-000002.dat", text);
  const auto mixed = run_halfpipe("merge " + dir.path + "/run");
  INFO(mixed.output);
  CHECK(mixed.status == 2);
  CHECK(mixed.output.find(job2 + " counts 'hp_alu rtl-sources-sha256=" + other) != std::string::npos);
  CHECK(mixed.output.find("but " + dir.path + "/run/coverage/job-000001.dat counts") != std::string::npos);

  // A lane count without an instrumented model is refused before any job is written.
  if (halfpipe::tb::coverage_configs().size() == 1) {
    const auto wide = run_halfpipe("plan " + spec + " -o " + dir.path + "/wide --job-coverage --lanes 8");
    CHECK(wide.status == 0);  // every line says lanes=2
    const std::string spec8 = dir.write("cov8.spec", "add.rn.f16 corner\n");
    const auto refused = run_halfpipe("plan " + spec8 + " -o " + dir.path + "/r8 --job-coverage");
    CHECK(refused.status == 2);
    CHECK(refused.output.find("no coverage-instrumented hp_alu with Lanes=8 Depth=4") != std::string::npos);
  }
}
