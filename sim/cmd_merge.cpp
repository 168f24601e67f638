// `halfpipe merge DIR`: the results records of a plan's jobs (DIR/results/*.json) checked against
// the plan (DIR/plan.json) and summed: missing jobs, duplicate records, records of another plan,
// version or RTL configuration, and records that cannot be read are each listed as errors (and
// never counted as passed); per-form and total summaries end with "N passed, N failed"; JUnit XML
// (one testcase per form, each failure's reproduce command in its message) goes to
// DIR/junit.xml. `--resume` prints only the job lines still to run. regress/merge.h does the
// checking and summing; this file prints.
//
//   halfpipe merge run/                       # exit 0 all passed, 1 a failure, 2 an incomplete set
//   halfpipe merge run/ --resume | parallel   # rerun what is missing
#include <fmt/core.h>

#include <iostream>
#include <string>
#include <vector>

#include "regress/merge.h"
#include "regress/output_file.h"
#include "regress/record.h"
#include "sim/commands.h"
#include "sim/exit_status.h"

namespace halfpipe::cli {
namespace {

// The regression library's own usage and input error (exit 2).
using UsageError = regress::InputError;

int run(const MergeOptions& o) {
  regress::Merge m = regress::merge_records(o.dir);
  const record::Plan& plan = m.plan;
  if (o.resume) {
    // Exactly the lines still to run, nothing else on standard output.
    for (const auto* j : m.missing) std::cout << j->command << "\n";
    for (const auto& e : m.errors) std::cerr << "halfpipe merge: " << e << "\n";
    std::cerr << fmt::format("halfpipe merge: {} of {} jobs still to run\n", m.missing.size(),
                             plan.jobs.size());
    return kPassed;
  }

  std::cout << fmt::format("plan {} ({}): {} jobs, {} records, halfpipe {} ({})\n", plan.id,
                           plan.spec_file, plan.jobs.size(), m.done.size(), plan.version,
                           plan.git_revision);
  for (const auto& form : m.order) {
    const regress::FormSummary& f = m.forms.at(form);
    std::string coverage;
    if (f.coverage_vectors) {
      uint64_t hit = 0;
      for (const auto& [bin, count] : f.bins) hit += count > 0;
      coverage = fmt::format(", coverage {} of {} reachable bins hit", hit, f.bins.size());
    }
    std::cout << fmt::format("{}: {}/{} jobs, {} passed, {} failed{}, {:.1f} CPU s\n", form, f.done,
                             f.jobs, f.passed, f.failed, coverage, f.cpu_seconds);
    if (o.bins)
      for (const auto& [bin, count] : f.bins)
        if (count == 0) std::cout << fmt::format("  empty bin: {}\n", bin);
    for (const auto& mismatch : f.mismatches)
      std::cout << fmt::format("  mismatch: {}\n    reproduce: {}\n", mismatch.description,
                               mismatch.reproduce);
  }
  const std::string coverage_path = o.dir + "/rtl-coverage.dat";
  if (const regress::CoverageSum c = regress::sum_job_coverage(m, o.dir, coverage_path); c.files)
    std::cout << fmt::format("rtl coverage: {} job files, {} points: {}\n", c.files, c.points,
                             coverage_path);
  for (const auto* j : m.missing)
    m.errors.push_back(fmt::format("missing: job {} ({}, shard {}): {}/jobs.txt line {}", j->number,
                                   j->spec, j->shard, o.dir, j->number));
  for (const auto& e : m.errors) std::cout << "error: " << e << "\n";

  const std::string junit_path = o.junit.empty() ? o.dir + "/junit.xml" : o.junit;
  try {
    write_output(junit_path,
                 [&](std::ostream& out) { out << regress::junit_xml(m); });  // '-': stdout
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  if (junit_path != "-") std::cout << fmt::format("junit: {}\n", junit_path);
  std::cout << fmt::format("{} passed, {} failed\n", m.passed, m.failed);
  if (!m.errors.empty()) {
    std::cerr << fmt::format(
        "halfpipe merge: {} error(s): the records do not match the plan; the regression is "
        "incomplete (--resume lists the jobs to run)\n",
        m.errors.size());
    return kUsageOrInputError;
  }
  return m.failed == 0 ? kPassed : kVerificationFailure;
}

constexpr const char* kMergeDescription = "check and sum the results records of a plan's jobs";

int merge_main(const std::vector<std::string>& args) {
  const auto parsed = parse_merge_options(args);
  if (!parsed.ok()) return report_stop("merge", parsed.text, parsed.status);
  try {
    return run(*parsed.options);
  } catch (const UsageError& e) {
    std::cerr << "halfpipe merge: " << e.what() << "\n";
    return kUsageOrInputError;
  }
}

}  // namespace

Parsed<MergeOptions> parse_merge_options(const std::vector<std::string>& args) {
  return parse_command<MergeOptions>("merge", kMergeDescription, args,
                                     [](Vocabulary& v, MergeOptions& o) {
                                       v.plan_dir(o.dir);
                                       v.resume(o.resume);
                                       v.junit(o.junit).default_str("DIR/junit.xml");
                                       v.bins(o.bins);
                                     });
}

HALFPIPE_COMMAND(merge, "merge", kMergeDescription, merge_main);

}  // namespace halfpipe::cli
