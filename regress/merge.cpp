#include "regress/merge.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "tb/rtl_coverage.h"

namespace halfpipe::regress {
namespace {

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";
        break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t')
          out += '?';
        else
          out += ch;
    }
  }
  return out;
}

}  // namespace

Merge merge_records(const std::string& dir) {
  const std::string plan_path = dir + "/plan.json";
  Merge m;
  record::Plan& plan = m.plan;
  try {
    plan = record::read_plan(plan_path);
  } catch (const record::Error& e) {
    throw InputError(e.what());
  }
  std::map<uint64_t, const record::PlannedJob*> planned;
  for (const auto& j : plan.jobs) planned[j.number] = &j;

  // Read every record; a record that cannot be used is an error and its job counts as not run.
  const std::string results = dir + "/results";
  std::vector<std::string> files;
  if (DIR* d = opendir(results.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
        files.push_back(results + "/" + name);
    }
    closedir(d);
  } else {
    throw InputError(fmt::format("{}: cannot read the results directory", results));
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string>& errors = m.errors;
  auto& done = m.done;
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
      errors.push_back(
          fmt::format("{}: job {} is not in the plan ({} jobs)", file, r.job, plan.jobs.size()));
      continue;
    }
    const record::PlannedJob& job = *p->second;
    if (r.version != plan.version) {
      errors.push_back(
          fmt::format("{}: made by halfpipe {}, the plan by {}", file, r.version, plan.version));
      continue;
    }
    if (r.rtl_config != job.rtl_config) {
      errors.push_back(
          fmt::format("{}: RTL configuration {}, the plan's job {} has {} (another RTL or "
                      "lanes/depth)",
                      file, r.rtl_config, r.job, job.rtl_config));
      continue;
    }
    if (r.forms != std::vector<std::string>{job.form} || r.shard != job.shard) {
      errors.push_back(fmt::format("{}: job {} ran {} shard {}, the plan says {} shard {}", file,
                                   r.job, fmt::join(r.forms, ", "), r.shard, job.form, job.shard));
      continue;
    }
    const auto [it, inserted] = done.emplace(r.job, std::make_pair(file, r));
    if (!inserted) {
      errors.push_back(
          fmt::format("{}: a duplicate record of job {} (also {})", file, r.job, it->second.first));
      continue;
    }
  }

  auto& missing = m.missing;
  for (const auto& j : plan.jobs)
    if (!done.count(j.number)) missing.push_back(&j);

  // Per form, in the plan's order.
  auto& order = m.order;
  auto& forms = m.forms;
  for (const auto& j : plan.jobs) {
    if (!forms.count(j.form)) order.push_back(j.form);
    ++forms[j.form].jobs;
  }
  for (const auto* j : missing)
    forms[j->form].problems.push_back(
        fmt::format("job {} ({}, shard {}) has no record", j->number, j->spec, j->shard));
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
    m.passed += r.passed;
    m.failed += r.failed;
  }

  return m;
}

CoverageSum sum_job_coverage(Merge& merge, const std::string& dir, const std::string& output) {
  tb::CoverageCounts rtl_coverage;
  uint64_t coverage_files = 0;
  bool refused = false;
  for (const auto& [number, entry] : merge.done) {
    const std::string path = fmt::format("{}/coverage/job-{:06}.dat", dir, number);
    if (access(path.c_str(), F_OK) != 0) continue;
    try {
      rtl_coverage.add_file(path);
      ++coverage_files;
    } catch (const std::runtime_error& e) {
      merge.errors.push_back(e.what());
      refused = true;
    }
  }
  // A sum that leaves a job out is no sum: nothing is written, and an earlier one goes.
  if (refused) {
    std::remove(output.c_str());
    return {};
  }
  if (coverage_files) {
    try {
      rtl_coverage.write(output);
    } catch (const std::runtime_error& e) {
      throw InputError(e.what());
    }
  }
  return {coverage_files, coverage_files ? rtl_coverage.points() : 0};
}

std::string junit_xml(const Merge& merge) {
  const record::Plan& plan = merge.plan;
  uint64_t failures = 0, incomplete = 0;
  std::string cases;
  for (const auto& form : merge.order) {
    const FormSummary& f = merge.forms.at(form);
    std::string body;
    if (f.failed) {
      ++failures;
      std::string message = fmt::format("{} failed of {}", f.failed, f.passed + f.failed);
      for (const auto& m : f.mismatches)
        message += fmt::format("\n{}\nreproduce: {}", m.description, m.reproduce);
      body += fmt::format("<failure type=\"mismatch\" message=\"{}\"/>", xml_escape(message));
    }
    if (!f.problems.empty()) {
      ++incomplete;
      std::string message;
      for (const auto& p : f.problems) message += (message.empty() ? "" : "\n") + p;
      body += fmt::format("<error type=\"incomplete\" message=\"{}\"/>", xml_escape(message));
    }
    cases += fmt::format(
        "  <testcase classname=\"halfpipe.{}\" name=\"{}\" time=\"{:.3f}\">{}</testcase>\n",
        xml_escape(plan.id), xml_escape(form), f.cpu_seconds, body);
  }
  // The per-job testcases follow the per-form ones, which scripts read.
  uint64_t job_failures = 0, job_errors = 0;
  for (const auto& j : plan.jobs) {
    std::string body;
    double seconds = 0;
    if (const auto it = merge.done.find(j.number); it == merge.done.end()) {
      ++job_errors;
      body = fmt::format("<error type=\"missing\" message=\"{}\"/>",
                         xml_escape(fmt::format("no record: run it again with\n{}", j.command)));
    } else {
      const record::Record& r = it->second.second;
      seconds = r.cpu_seconds;
      if (r.failed) {
        ++job_failures;
        std::string message =
            fmt::format("{} failed of {}; the job: {}", r.failed, r.passed + r.failed, j.command);
        for (const auto& m : r.mismatches)
          message += fmt::format("\n{}\nreproduce: {}", m.description, m.reproduce);
        body = fmt::format("<failure type=\"mismatch\" message=\"{}\"/>", xml_escape(message));
      }
    }
    cases += fmt::format(
        "  <testcase classname=\"halfpipe.{}.jobs\" name=\"job {} ({} shard {})\" time=\"{:.3f}\">{}</testcase>\n",
        xml_escape(plan.id), j.number, xml_escape(j.form), xml_escape(j.shard), seconds, body);
  }
  double cpu = 0;
  for (const auto& form : merge.order) cpu += merge.forms.at(form).cpu_seconds;
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites>\n"
      " <testsuite name=\"halfpipe plan {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n"
      "{}"
      " </testsuite>\n"
      "</testsuites>\n",
      xml_escape(plan.id), merge.order.size() + plan.jobs.size(), failures + job_failures,
      incomplete + job_errors, cpu, cases);
}

}  // namespace halfpipe::regress
