// `halfpipe plan`: cuts a regression (a SPEC file, or --default: the full regression) into jobs of
// about --job-minutes each, from per-form rates measured on this machine, and writes what a
// cluster runs (regress/plan.h does the work; this file reads the options and prints).
//
//   halfpipe plan regression.spec -o run/ --job-minutes 30
//   halfpipe plan --default -o run/
//   halfpipe plan --default --estimate          # CPU time and wall time on 64, 256, 1,024 cores
//
// SPEC lines: FORM KIND [N] [seed=S] [lanes=L] [depth=D] [c=HEX] [netlist], `#` comments.
#include <fmt/core.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "regress/output_file.h"
#include "regress/plan.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/rtl_coverage.h"

namespace halfpipe::cli {
namespace {

// The regression library's own usage and input error (exit 2).
using UsageError = regress::InputError;

std::string absolute(const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    throw UsageError(fmt::format("cannot read the working directory: {}", std::strerror(errno)));
  std::string dir = cwd;
  std::string rest = path;
  while (rest.rfind("./", 0) == 0) rest = rest.substr(2);
  return rest.empty() || rest == "." ? dir : dir + "/" + rest;
}

std::string this_binary() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "halfpipe";
  return std::string(path, static_cast<size_t>(n));
}

int run(const PlanOptions& o) {
  if (o.default_spec == !o.spec_file.empty())
    throw UsageError("give a SPEC file or --default (not both)");
  if (o.output.empty() && !o.estimate && o.write_spec.empty())
    throw UsageError(
        "give -o DIR (where the jobs and scripts go), --estimate or --write-spec FILE");
  if (!(o.job_minutes > 0)) throw UsageError("--job-minutes must be positive");
  std::string spec_text, spec_name;
  if (o.default_spec) {
    spec_text = regress::default_spec();
    spec_name = "--default";
  } else {
    std::ifstream in(o.spec_file);
    if (!in)
      throw UsageError(
          fmt::format("{}: cannot read the SPEC: {}", o.spec_file, std::strerror(errno)));
    std::ostringstream text;
    text << in.rdbuf();
    spec_text = text.str();
    spec_name = o.spec_file;
  }
  std::istringstream spec_stream(spec_text);
  const std::vector<regress::Work> works =
      regress::read_spec(spec_stream, spec_name, {o.lanes, o.depth, o.seed});
  if (!o.write_spec.empty()) {
    try {
      write_output(o.write_spec, [&](std::ostream& out) { out << spec_text; });  // '-': stdout
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
    if (o.output.empty() && !o.estimate) return kPassed;
  }

  // Rates, one measurement per class of forms.
  std::map<std::string, double> rates;
  std::map<std::string, std::string> sampled_form;
  for (const auto& w : works) {
    const std::string key = regress::rate_class(w);
    if (rates.count(key)) continue;
    rates[key] = regress::measure_rate(w);
    sampled_form[key] = w.form;
  }
  std::cout << "measured rates (instructions per CPU second, one thread, default traffic):\n";
  for (const auto& [key, rate] : rates)
    std::cout << fmt::format("  {:<44} {:>12.0f}  (sampled on {})\n", key, rate, sampled_form[key]);

  // Jobs.
  const double job_seconds = o.job_minutes * 60;
  const std::vector<regress::Job> jobs = regress::cut_into_jobs(works, rates, job_seconds);
  double total = 0;
  std::vector<double> seconds;
  for (const auto& j : jobs) {
    total += j.cpu_seconds;
    seconds.push_back(j.cpu_seconds);
  }
  std::cout << fmt::format(
      "{} SPEC lines, {} jobs of at most about {} each (--job-minutes {}): {} of CPU time\n",
      works.size(), jobs.size(), regress::duration(job_seconds), o.job_minutes,
      regress::duration(total));
  if (o.estimate) {
    std::cout << "| cores | wall time |\n| ---: | ---: |\n";
    for (int c : o.cores)
      std::cout << fmt::format("| {} | {} |\n", c,
                               regress::duration(regress::makespan(seconds, c)));
  }
  if (o.output.empty()) return kPassed;

  if (o.job_coverage) {
    // Each job's configuration must have an instrumented model in the binary the jobs run; a
    // unit's jobs write the unit's own coverage: it must have been built with it.
    for (const auto& w : works) {
      if (w.netlist) continue;
      if (!w.dut.empty()) {
        if (!tb::LoadedUnit::load(w.dut)->description().coverage)
          throw UsageError(fmt::format("{}: --job-coverage: the unit in {} was built without "
                                       "coverage: build it again with halfpipe dut build "
                                       "--coverage", spec_name, w.dut));
        continue;
      }
      const auto& built = tb::coverage_configs();
      if (std::find(built.begin(), built.end(), std::make_pair(w.lanes, w.depth)) == built.end())
        throw UsageError(fmt::format(
            "{}: --job-coverage: no coverage-instrumented hp_alu with Lanes={} Depth={} in this "
            "build (configure with -DHALFPIPE_RTL_COVERAGE=ON)",
            spec_name, w.lanes, w.depth));
    }
  }
  const std::string dir = absolute(o.output);
  const regress::WrittenPlan plan = regress::write_plan(
      jobs, {dir, o.halfpipe.empty() ? this_binary() : o.halfpipe, spec_name, o.job_coverage});
  std::cout << fmt::format(
      "plan {} in {}: jobs.txt ({} jobs), run-parallel.sh, {}, submit-slurm.sh, plan.json; "
      "records go to {}/results/\n",
      plan.id, dir, jobs.size(),
      plan.slurm_arrays == 1 ? "run-slurm.sbatch"
                             : fmt::format("run-slurm-1..{}.sbatch", plan.slurm_arrays),
      dir);
  return kPassed;
}

constexpr const char* kPlanDescription = "cut a regression into cluster jobs (GNU parallel, Slurm)";

int plan_main(const std::vector<std::string>& args) {
  const auto parsed = parse_plan_options(args);
  if (!parsed.ok()) return report_stop("plan", parsed.text, parsed.status);
  try {
    return run(*parsed.options);
  } catch (const UsageError& e) {
    std::cerr << "halfpipe plan: " << e.what() << "\n";
    return kUsageOrInputError;
  }
}

}  // namespace

Parsed<PlanOptions> parse_plan_options(const std::vector<std::string>& args) {
  return parse_command<PlanOptions>(
      "plan", kPlanDescription, args, [](Vocabulary& v, PlanOptions& o) {
        v.spec_file(o.spec_file);
        v.default_regression(o.default_spec);
        v.output(o.output)
            .description("the plan's directory: jobs.txt, the scripts, plan.json, results/")
            .type_name("DIR")
            .default_str("none");
        v.job_minutes(o.job_minutes);
        v.seed(o.seed).description(option_spec("--seed").help + " (of SPEC lines without seed=S)");
        v.lanes(o.lanes).description(option_spec("--lanes").help +
                                      " (of SPEC lines without lanes=L)");
        v.depth(o.depth).description(option_spec("--depth").help +
                                      " (of SPEC lines without depth=D)");
        v.estimate(o.estimate);
        v.cores(o.cores);
        v.halfpipe_binary(o.halfpipe);
        v.write_spec(o.write_spec);
        v.job_coverage(o.job_coverage);
      });
}

HALFPIPE_COMMAND(plan, "plan", kPlanDescription, plan_main);

}  // namespace halfpipe::cli
