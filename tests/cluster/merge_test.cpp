// halfpipe merge: records checked against the plan (missing, duplicate, foreign, corrupt), never
// a broken record counted as passed, failures with their reproduce commands in the JUnit XML;
// and the record format itself (regress/record.h, doc/record.md).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "regress/record.h"
#include "tests/cluster/temp_dir.h"
#include "tests/support/run_halfpipe.h"

namespace {

using halfpipe::test::read_file;
using halfpipe::test::run_halfpipe;
using halfpipe::test::Stderr;
using nlohmann::json;

// A plan of two tiny jobs (neg.f16 and abs.bf16 corner vectors), run.
struct RunPlan {
  halfpipe::test::TempDir dir;
  const std::string path = dir.path;
  RunPlan() {
    const std::string spec = dir.write("two.spec", "neg.f16 corner\nabs.bf16 corner\n");
    REQUIRE(run_halfpipe("plan '" + spec + "' -o '" + path + "/plan'").status == 0);
    REQUIRE(std::system(("bash '" + path + "/plan/jobs.txt' >/dev/null 2>&1").c_str()) == 0);
  }
  std::string record(int job) const { return path + "/plan/results/job-00000" + std::to_string(job) + ".json"; }
  json load(int job) const { return json::parse(read_file(record(job))); }
  void save(const std::string& file, const json& j) const { std::ofstream(file) << j.dump(1); }
  halfpipe::test::Run merge(const std::string& options = "") const {
    return run_halfpipe("merge '" + path + "/plan' " + options);
  }
  // The standard output of --resume: the job lines alone.
  std::string resume_lines() const {
    return run_halfpipe("merge '" + path + "/plan' --resume", "", Stderr::Separate).output;
  }
  std::string job_line(int job) const {
    std::istringstream lines(read_file(path + "/plan/jobs.txt"));
    std::string line;
    for (int i = 0; i < job; ++i) std::getline(lines, line);
    return line + "\n";
  }
};

// The passed count merge prints for job 1's form, neg.f16.
std::string neg_line(const std::string& output) {
  const auto at = output.find("\nneg.f16: ");
  REQUIRE(at != std::string::npos);
  return output.substr(at + 1, output.find('\n', at + 1) - at - 1);
}

}  // namespace

TEST_CASE("merge: a complete plan sums its records, per form and in total, exit 0") {
  RunPlan p;
  const auto neg = p.load(1), abs = p.load(2);
  const uint64_t total = neg["passed"].get<uint64_t>() + abs["passed"].get<uint64_t>();
  const auto r = p.merge();
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("neg.f16: 1/1 jobs, " + std::to_string(neg["passed"].get<uint64_t>()) + " passed, 0 failed"));
  CHECK_THAT(r.output, Catch::EndsWith(std::to_string(total) + " passed, 0 failed\n"));
  CHECK(p.resume_lines().empty());
}

TEST_CASE("merge: a truncated or corrupt record is named, not counted, and its job is to be rerun") {
  RunPlan p;
  const std::string text = read_file(p.record(1));
  SECTION("truncated") { std::ofstream(p.record(1)) << text.substr(0, text.size() / 2); }
  SECTION("not JSON") { std::ofstream(p.record(1)) << "passed 316\n"; }
  SECTION("a field of the wrong type") {
    auto j = p.load(1);
    j["passed"] = "all";
    p.save(p.record(1), j);
  }
  SECTION("a field missing") {
    auto j = p.load(1);
    j.erase("failed");
    p.save(p.record(1), j);
  }
  const auto r = p.merge();
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("error: " + p.record(1) + ": "));
  CHECK_THAT(neg_line(r.output), Catch::StartsWith("neg.f16: 0/1 jobs, 0 passed, 0 failed"));
  CHECK_THAT(r.output, Catch::Contains("error: missing: job 1 (neg.f16 corner, shard 1/1)"));
  CHECK(p.resume_lines() == p.job_line(1));
  // In JUnit the job is an error carrying the line that runs it again.
  const std::string xml = read_file(p.path + "/plan/junit.xml");
  CHECK_THAT(xml, Catch::Contains("name=\"job 1 (neg.f16 shard 1/1)\" time=\"0.000\"><error type=\"missing\" "
                                  "message=\"no record: run it again with&#10;"));
}

TEST_CASE("merge: a record of another plan, version or RTL configuration is an error, listed") {
  RunPlan p;
  auto j = p.load(1);
  std::string expected;
  SECTION("another plan") {
    j["plan"] = "0123456789abcdef";
    expected = "a record of another plan (0123456789abcdef; this plan is ";
  }
  SECTION("another version") {
    j["version"] = "0.0.1";
    expected = "made by halfpipe 0.0.1, the plan by ";
  }
  SECTION("another RTL configuration") {
    j["rtl_config"] = "0000000000000000";
    expected = "RTL configuration 0000000000000000, the plan's job 1 has ";
  }
  SECTION("another shard") {
    j["shard"] = "1/2";
    expected = "job 1 ran neg.f16 shard 1/2, the plan says neg.f16 shard 1/1";
  }
  p.save(p.record(1), j);
  const auto r = p.merge();
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("error: " + p.record(1) + ": " + expected));
  CHECK_THAT(neg_line(r.output), Catch::StartsWith("neg.f16: 0/1 jobs, 0 passed"));
}

TEST_CASE("merge: a duplicate record of a job is an error and counted once") {
  RunPlan p;
  const uint64_t passed = p.load(1)["passed"].get<uint64_t>();
  p.save(p.path + "/plan/results/job-000001-again.json", p.load(1));
  const auto r = p.merge();
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("job-000001.json: a duplicate record of job 1 (also "));
  CHECK_THAT(neg_line(r.output), Catch::StartsWith("neg.f16: 1/1 jobs, " + std::to_string(passed) + " passed"));
}

TEST_CASE("merge: failures give exit 1 and JUnit failures carrying the reproduce commands") {
  RunPlan p;
  auto j = p.load(1);
  j["passed"] = j["passed"].get<uint64_t>() - 1;
  j["failed"] = 1;
  j["mismatches"] = json::array({{{"description", "neg.f16 a=0x3c00: expected 0xbc00, got 0x3c00 (lane 0)"},
                                  {"reproduce", "halfpipe sweep neg.f16 --vector 0x3c00 --lanes 8"}}});
  p.save(p.record(1), j);
  const auto r = p.merge();
  CHECK(r.status == 1);
  CHECK_THAT(r.output, Catch::Contains("  reproduce: halfpipe sweep neg.f16 --vector 0x3c00 --lanes 8\n"));
  CHECK_THAT(r.output, Catch::EndsWith(" passed, 1 failed\n"));
  const std::string xml = read_file(p.path + "/plan/junit.xml");
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"2\" errors=\"0\""));  // the form and its job
  CHECK_THAT(xml, Catch::Contains("<failure type=\"mismatch\" message=\"1 failed of "));
  CHECK_THAT(xml, Catch::Contains("reproduce: halfpipe sweep neg.f16 --vector 0x3c00 --lanes 8\"/>"));
  // One testcase per job too: the failing job carries its own command line.
  CHECK_THAT(xml, Catch::Contains("name=\"job 1 (neg.f16 shard 1/1)\""));
  CHECK_THAT(xml, Catch::Contains("<failure type=\"mismatch\" message=\"1 failed of "));
  CHECK_THAT(xml, Catch::Contains("; the job: "));
  CHECK_THAT(xml, Catch::Contains("name=\"job 2 (abs.bf16 shard 1/1)\" time="));
  CHECK(std::system(("xmllint --noout --schema '" HALFPIPE_SOURCE_DIR "/tests/cluster/junit.xsd' '" + p.path +
                     "/plan/junit.xml' 2>/dev/null").c_str()) == 0);
}

TEST_CASE("merge --junit -: the JUnit XML goes to standard output, no file named '-' appears") {
  RunPlan p;
  const auto r = p.merge("--junit -");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"));
  CHECK_THAT(r.output, !Catch::Contains("junit: "));
  CHECK_FALSE(std::filesystem::exists("-"));
}

TEST_CASE("merge: a directory without a plan, exit 2 naming plan.json") {
  const auto r = run_halfpipe("merge /tmp/halfpipe-no-such-plan");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("/tmp/halfpipe-no-such-plan/plan.json: cannot read the plan"));
}

TEST_CASE("sweep --record: an unwritable results directory fails before the sweep, exit 2") {
  const auto r = run_halfpipe("sweep neg.f16 --corner --record /tmp/halfpipe-no-such-dir/job.json");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("/tmp/halfpipe-no-such-dir/job.json: the record cannot be written in "
                                       "/tmp/halfpipe-no-such-dir"));
  CHECK_THAT(r.output, !Catch::Contains("passed"));
}

TEST_CASE("sweep --record: the record holds each form's lane results, as many as the forms' vectors") {
  halfpipe::test::TempDir dir;
  // At Lanes=2 each scalar vector is one lane result: a form's count is the number of vectors
  // gen writes for it.
  auto vectors = [](const std::string& form) {
    std::istringstream lines(run_halfpipe("gen " + form + " --corner", "", Stderr::Separate).output);
    uint64_t n = 0;
    for (std::string line; std::getline(lines, line);) n += !line.empty() && line[0] != '#';
    return n;
  };
  const std::string path = dir.path + "/job.json";
  REQUIRE(run_halfpipe("sweep neg.f16 abs.bf16 --corner --record '" + path + "'").status == 0);
  const json r = json::parse(read_file(path));
  CHECK(r["schema_version"] == 2);
  REQUIRE(r["form_results"].size() == 2);
  CHECK(r["form_results"][0] == json{{"form", "neg.f16"}, {"passed", vectors("neg.f16")},
                                     {"failed", 0}, {"nan_accepted", 0}});
  CHECK(r["form_results"][1] == json{{"form", "abs.bf16"}, {"passed", vectors("abs.bf16")},
                                     {"failed", 0}, {"nan_accepted", 0}});
}

TEST_CASE("sweep --job: a job number past 2^64 - 1 is a usage error naming it, exit 2, not an abort") {
  // 2^64 = 18446744073709551616: one past the largest job number a record holds.
  const auto r = run_halfpipe("sweep neg.f16 --corner --record /tmp/halfpipe-job-range.json "
                              "--job plan:18446744073709551616");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("--job 'plan:18446744073709551616': the job's number "
                                       "18446744073709551616 is out of range"));
  CHECK_THAT(r.output, !Catch::Contains("passed"));
}

TEST_CASE("record: what is written is read back, and a record cut anywhere is refused naming the file") {
  namespace record = halfpipe::record;
  record::Record r;
  r.plan = "0123456789abcdef";
  r.job = 17;
  r.spec = "'MAX (16) hf' random 10 seed=3";
  r.command = "sweep";
  r.forms = {"MAX (16, M1) hf"};
  r.kinds = {"random"};
  r.shard = "2/3";
  r.seed = 3;
  r.random = 10;
  r.lanes = 8;
  r.depth = 4;
  r.passed = 150;
  r.failed = 2;
  r.form_results = {{"MAX (16, M1) hf", 150, 2, 0}};
  r.coverage_vectors = 10;
  r.coverage = {{"add.f16", "lane0", "a:+0", 4}};
  r.mismatches = {{"x \"quoted\"\n", "halfpipe sweep 'MAX (16) hf' --vector '1 2 3 4'"}};
  r.host = "node-1";
  r.seconds = 1.5;
  r.cpu_seconds = 1.25;
  r.version = "0.1.0";
  r.git_revision = "abc";
  r.rtl_config = record::rtl_config_hash(8, 4);
  const std::string text = record::to_json(r);
  const record::Record back = record::parse(text, "job.json");
  CHECK(record::to_json(back) == text);
  CHECK(back.mismatches[0].reproduce == r.mismatches[0].reproduce);
  // Every proper prefix of the record but one ending in whitespace after the closing brace is
  // refused.
  const size_t end = text.rfind('}');
  for (size_t n = 0; n <= end; n += 7) {
    INFO(n);
    CHECK_THROWS_WITH(record::parse(text.substr(0, n), "job.json"), Catch::StartsWith("job.json: "));
  }
  // The RTL configuration tells lanes and depth apart.
  CHECK(record::rtl_config_hash(8, 4) != record::rtl_config_hash(4, 4));
  CHECK(record::rtl_config_hash(8, 4) != record::rtl_config_hash(8, 2));
}
