// `halfpipe merge DIR`: the results records of a plan's jobs (DIR/results/*.json) checked against
// the plan (DIR/plan.json) and summed: missing jobs, duplicate records, records of another plan,
// version or RTL configuration, and records that cannot be read are each listed as errors (and
// never counted as passed); per-form and total summaries end with "N passed, N failed"; JUnit XML
// (one testcase per form, each failure's reproduce command in its message) goes to
// DIR/junit.xml. `--resume` prints only the job lines still to run.
//
//   halfpipe merge run/                       # exit 0 all passed, 1 a failure, 2 an incomplete set
//   halfpipe merge run/ --resume | parallel   # rerun what is missing
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/output_file.h"
#include "sim/record.h"
#include "tb/rtl_coverage.h"

namespace halfpipe::cli {
namespace {


struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += "&#10;"; break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') out += '?';
        else out += ch;
    }
  }
  return out;
}

struct FormSummary {
  uint64_t jobs = 0, done = 0, passed = 0, failed = 0;
  double cpu_seconds = 0;
  std::map<std::string, uint64_t> bins;  // "lane bin" -> hits, every reachable bin of the form
  uint64_t coverage_vectors = 0;
  std::vector<record::Mismatch> mismatches;
  std::vector<std::string> problems;  // missing jobs, unreadable records
};

int run(const MergeOptions& o) {
  const std::string plan_path = o.dir + "/plan.json";
  record::Plan plan;
  try {
    plan = record::read_plan(plan_path);
  } catch (const record::Error& e) {
    throw UsageError(e.what());
  }
  std::map<uint64_t, const record::PlannedJob*> planned;
  for (const auto& j : plan.jobs) planned[j.number] = &j;

  // Read every record; a record that cannot be used is an error and its job counts as not run.
  const std::string results = o.dir + "/results";
  std::vector<std::string> files;
  if (DIR* d = opendir(results.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) files.push_back(results + "/" + name);
    }
    closedir(d);
  } else {
    throw UsageError(fmt::format("{}: cannot read the results directory", results));
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> errors;
  std::map<uint64_t, std::pair<std::string, record::Record>> done;  // job -> (file, record)
  for (const auto& file : files) {
    record::Record r;
    try {
      r = record::read(file);
    } catch (const record::Error& e) {
      errors.push_back(e.what());
      continue;
    }
    if (r.plan != plan.id) {
      errors.push_back(fmt::format("{}: a record of another plan ({}; this plan is {})", file,
                                   r.plan.empty() ? "none" : r.plan, plan.id));
      continue;
    }
    const auto p = planned.find(r.job);
    if (p == planned.end()) {
      errors.push_back(fmt::format("{}: job {} is not in the plan ({} jobs)", file, r.job, plan.jobs.size()));
      continue;
    }
    const record::PlannedJob& job = *p->second;
    if (r.version != plan.version) {
      errors.push_back(fmt::format("{}: made by halfpipe {}, the plan by {}", file, r.version, plan.version));
      continue;
    }
    if (r.rtl_config != job.rtl_config) {
      errors.push_back(fmt::format("{}: RTL configuration {}, the plan's job {} has {} (another RTL or "
                                   "lanes/depth)", file, r.rtl_config, r.job, job.rtl_config));
      continue;
    }
    if (r.forms != std::vector<std::string>{job.form} || r.shard != job.shard) {
      errors.push_back(fmt::format("{}: job {} ran {} shard {}, the plan says {} shard {}", file, r.job,
                                   fmt::join(r.forms, ", "), r.shard, job.form, job.shard));
      continue;
    }
    const auto [it, inserted] = done.emplace(r.job, std::make_pair(file, r));
    if (!inserted) {
      errors.push_back(fmt::format("{}: a duplicate record of job {} (also {})", file, r.job, it->second.first));
      continue;
    }
  }

  std::vector<const record::PlannedJob*> missing;
  for (const auto& j : plan.jobs)
    if (!done.count(j.number)) missing.push_back(&j);

  if (o.resume) {
    // Exactly the lines still to run, nothing else on standard output.
    for (const auto* j : missing) std::cout << j->command << "\n";
    for (const auto& e : errors) std::cerr << "halfpipe merge: " << e << "\n";
    std::cerr << fmt::format("halfpipe merge: {} of {} jobs still to run\n", missing.size(), plan.jobs.size());
    return kPassed;
  }

  // Per form, in the plan's order.
  std::vector<std::string> order;
  std::map<std::string, FormSummary> forms;
  for (const auto& j : plan.jobs) {
    if (!forms.count(j.form)) order.push_back(j.form);
    ++forms[j.form].jobs;
  }
  for (const auto* j : missing)
    forms[j->form].problems.push_back(fmt::format("job {} ({}, shard {}) has no record", j->number, j->spec, j->shard));
  uint64_t passed = 0, failed = 0;
  for (const auto& [number, entry] : done) {
    const record::Record& r = entry.second;
    FormSummary& f = forms[planned[number]->form];
    ++f.done;
    f.passed += r.passed;
    f.failed += r.failed;
    f.cpu_seconds += r.cpu_seconds;
    f.coverage_vectors += r.coverage_vectors;
    for (const auto& b : r.coverage) f.bins[b.lane + " " + b.bin] += b.count;
    for (const auto& m : r.mismatches) f.mismatches.push_back(m);
    if (r.stopped_early && r.failed == 0)
      f.problems.push_back(fmt::format("job {} stopped early without a failure", number));
    passed += r.passed;
    failed += r.failed;
  }

  std::cout << fmt::format("plan {} ({}): {} jobs, {} records, halfpipe {} ({})\n", plan.id, plan.spec_file,
                           plan.jobs.size(), done.size(), plan.version, plan.git_revision);
  double cpu = 0;
  for (const auto& form : order) {
    const FormSummary& f = forms[form];
    cpu += f.cpu_seconds;
    std::string coverage;
    if (f.coverage_vectors) {
      uint64_t hit = 0;
      for (const auto& [bin, count] : f.bins) hit += count > 0;
      coverage = fmt::format(", coverage {} of {} reachable bins hit", hit, f.bins.size());
    }
    std::cout << fmt::format("{}: {}/{} jobs, {} passed, {} failed{}, {:.1f} CPU s\n", form, f.done, f.jobs,
                             f.passed, f.failed, coverage, f.cpu_seconds);
    if (o.bins)
      for (const auto& [bin, count] : f.bins)
        if (count == 0) std::cout << fmt::format("  empty bin: {}\n", bin);
    for (const auto& m : f.mismatches)
      std::cout << fmt::format("  mismatch: {}\n    reproduce: {}\n", m.description, m.reproduce);
  }
  // The RTL coverage the jobs wrote (plan --job-coverage: DIR/coverage/job-N.dat, beside each
  // record): summed point by point into DIR/rtl-coverage.dat, as `verilator_coverage --write`
  // sums files. Only the files of jobs with a usable record count, so a rerun job is counted once.
  tb::CoverageCounts rtl_coverage;
  uint64_t coverage_files = 0;
  for (const auto& [number, entry] : done) {
    const std::string path = fmt::format("{}/coverage/job-{:06}.dat", o.dir, number);
    if (access(path.c_str(), F_OK) != 0) continue;
    try {
      rtl_coverage.add_file(path);
      ++coverage_files;
    } catch (const std::runtime_error& e) {
      errors.push_back(e.what());
    }
  }
  if (coverage_files) {
    const std::string path = o.dir + "/rtl-coverage.dat";
    try {
      rtl_coverage.write(path);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    std::cout << fmt::format("rtl coverage: {} job files, {} points: {}\n", coverage_files,
                             rtl_coverage.points(), path);
  }
  for (const auto* j : missing)
    errors.push_back(fmt::format("missing: job {} ({}, shard {}): {}/jobs.txt line {}", j->number, j->spec, j->shard,
                                 o.dir, j->number));
  for (const auto& e : errors) std::cout << "error: " << e << "\n";

  // JUnit: one testcase per form; a failure carries the reproduce commands, an incomplete form an
  // error.
  const std::string junit_path = o.junit.empty() ? o.dir + "/junit.xml" : o.junit;
  uint64_t failures = 0, incomplete = 0;
  std::string cases;
  for (const auto& form : order) {
    const FormSummary& f = forms[form];
    std::string body;
    if (f.failed) {
      ++failures;
      std::string message = fmt::format("{} failed of {}", f.failed, f.passed + f.failed);
      for (const auto& m : f.mismatches) message += fmt::format("\n{}\nreproduce: {}", m.description, m.reproduce);
      body += fmt::format("<failure type=\"mismatch\" message=\"{}\"/>", xml_escape(message));
    }
    if (!f.problems.empty()) {
      ++incomplete;
      std::string message;
      for (const auto& p : f.problems) message += (message.empty() ? "" : "\n") + p;
      body += fmt::format("<error type=\"incomplete\" message=\"{}\"/>", xml_escape(message));
    }
    cases += fmt::format("  <testcase classname=\"halfpipe.{}\" name=\"{}\" time=\"{:.3f}\">{}</testcase>\n",
                         xml_escape(plan.id), xml_escape(form), f.cpu_seconds, body);
  }
  // And one testcase per job (classname halfpipe.PLAN.jobs), so that a dashboard points at the
  // failing job and its command line; the per-form ones stay, scripts read them.
  uint64_t job_failures = 0, job_errors = 0;
  for (const auto& j : plan.jobs) {
    std::string body;
    double seconds = 0;
    if (const auto it = done.find(j.number); it == done.end()) {
      ++job_errors;
      body = fmt::format("<error type=\"missing\" message=\"{}\"/>",
                         xml_escape(fmt::format("no record: run it again with\n{}", j.command)));
    } else {
      const record::Record& r = it->second.second;
      seconds = r.cpu_seconds;
      if (r.failed) {
        ++job_failures;
        std::string message = fmt::format("{} failed of {}; the job: {}", r.failed, r.passed + r.failed, j.command);
        for (const auto& m : r.mismatches) message += fmt::format("\n{}\nreproduce: {}", m.description, m.reproduce);
        body = fmt::format("<failure type=\"mismatch\" message=\"{}\"/>", xml_escape(message));
      }
    }
    cases += fmt::format("  <testcase classname=\"halfpipe.{}.jobs\" name=\"job {} ({} shard {})\" time=\"{:.3f}\">{}</testcase>\n",
                         xml_escape(plan.id), j.number, xml_escape(j.form), xml_escape(j.shard), seconds, body);
  }
  const std::string xml = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites>\n"
      " <testsuite name=\"halfpipe plan {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n"
      "{}"
      " </testsuite>\n"
      "</testsuites>\n",
      xml_escape(plan.id), order.size() + plan.jobs.size(), failures + job_failures,
      incomplete + job_errors, cpu, cases);
  try {
    write_output(junit_path, [&](std::ostream& out) { out << xml; });  // '-': standard output
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  if (junit_path != "-") std::cout << fmt::format("junit: {}\n", junit_path);
  std::cout << fmt::format("{} passed, {} failed\n", passed, failed);
  if (!errors.empty()) {
    std::cerr << fmt::format("halfpipe merge: {} error(s): the records do not match the plan; the regression is "
                             "incomplete (--resume lists the jobs to run)\n", errors.size());
    return kUsageOrInputError;
  }
  return failed == 0 ? kPassed : kVerificationFailure;
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
  return parse_command<MergeOptions>("merge", kMergeDescription, args, [](Vocabulary& v, MergeOptions& o) {
    v.plan_dir(o.dir);
    v.resume(o.resume);
    v.junit(o.junit)->default_str("DIR/junit.xml");
    v.bins(o.bins);
  });
}

HALFPIPE_COMMAND(merge, "merge", kMergeDescription, merge_main);

}  // namespace halfpipe::cli
