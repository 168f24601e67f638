// `halfpipe explore`: a seeded workload through the SystemC model alone, to see what a pipeline
// configuration the RTL does not have would do: throughput, utilisation, stalls, latencies.
// With --ptx-file/--trace-file, a real kernel's instruction streams instead, through warps and a
// scheduler over the model's timing engine (model/workload/, doc/trace-format.md).
#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/dse/calibration.h"
#include "model/dse/prediction.h"
#include "model/dse/report.h"
#include "model/dse/sweep.h"
#include "model/isa/ptx.h"
#include "model/sc/explore.h"
#include "model/workload/load.h"
#include "model/workload/ptx_reader.h"
#include "model/workload/scheduler.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/explore_sweep.h"
#include "regress/output_file.h"

namespace {

using halfpipe::sc::PipelineConfig;
using halfpipe::sc::Statistics;
using halfpipe::cli::ExploreOptions;
namespace dse = halfpipe::dse;

// One form of every family: the default mix when no FORM is given.
const std::vector<std::string> kDefaultForms{"add.rn.f16x2", "mul.rn.bf16x2", "fma.rn.f16x2",
                                             "max.f16x2",    "neg.bf16x2",    "ex2.approx.f16x2"};

// How a run stops early with its exit status, its problem already printed.
struct Stop {
  int status;
};

[[noreturn]] void fail(const std::string& problem) {
  fmt::print(stderr, "halfpipe explore: {}\n", problem);
  throw Stop{halfpipe::cli::kUsageOrInputError};
}

std::string describe(const PipelineConfig& c) {
  std::string family_intervals;
  for (int f = 0; f < halfpipe::sc::kFamilyCount; ++f)
    if (c.family_interval[f] != 1)
      family_intervals += fmt::format(
          "{}{}={}", family_intervals.empty() ? ", family interval " : " ",
          halfpipe::sc::family_name(static_cast<halfpipe::sc::OpFamily>(f)), c.family_interval[f]);
  return fmt::format("lanes {}, latency {}, ii {}{}, issue width {}, output queue {}", c.lanes,
                     halfpipe::sc::latency_settings(c), c.initiation_interval, family_intervals,
                     c.issue_width, c.output_queue);
}

// The report's line naming the measured timing the configuration came from, if any.
void print_calibration(const std::string& calibration) {
  if (!calibration.empty()) fmt::print("calibrated from      {}\n", calibration);
}

void print_histogram(const Statistics& s) {
  const auto& h = s.latency_histogram;
  if (h.empty()) return;
  const uint64_t lo = h.begin()->first, hi = h.rbegin()->first;
  fmt::print("latency (cycles)     min {}, mean {:.2f}, max {}\n", lo, s.mean_latency(), hi);
  // Up to 20 rows: one per latency when they fit, equal ranges otherwise.
  const uint64_t span = (hi - lo) / 20 + 1;
  std::vector<std::pair<uint64_t, uint64_t>> rows;  // (first latency of the row, results)
  for (const auto& [latency, count] : h) {
    const uint64_t first = lo + (latency - lo) / span * span;
    if (rows.empty() || rows.back().first != first) rows.emplace_back(first, 0);
    rows.back().second += count;
  }
  uint64_t tallest = 0;
  for (const auto& row : rows) tallest = std::max(tallest, row.second);
  for (const auto& [first, count] : rows) {
    const std::string label =
        span == 1 ? std::to_string(first) : fmt::format("{}-{}", first, first + span - 1);
    const auto bar = static_cast<std::size_t>(40.0 * count / tallest + 0.5);
    fmt::print("  {:>11} {:<40} {} ({:.1f}%)\n", label, std::string(bar, '#'), count,
               100.0 * count / s.departed);
  }
}

// `other=N` (the latency of every instruction outside the unit, with a real workload): N, or
// nullopt for a unit family's setting.
std::optional<int> other_latency_setting(const std::string& setting) {
  if (setting.rfind("other=", 0) != 0) return std::nullopt;
  const std::string digits = setting.substr(6);
  int cycles = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cycles);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || cycles < 1 ||
      cycles > 4096)
    fail(fmt::format("latency setting '{}': '{}' is not a cycle count 1..4096", setting, digits));
  return cycles;
}

// The metrics a single run shares with a sweep's rows, by the same names (model/dse/README.md):
// the run as a row of its one point, filled by the sweep's own dse::record_run.
dse::SweepRow run_row(const PipelineConfig& config, std::string workload,
                      const Statistics& stats, const dse::AreaModel& area) {
  dse::SweepRow row;
  row.config = config;
  row.workload = std::move(workload);
  dse::record_run(row, stats, area);
  return row;
}

void print_metrics(const dse::SweepRow& row, const char* whose) {
  fmt::print("results              {}{}, {} lane results (element operations)\n", row.results,
             whose, row.lane_results);
  fmt::print("results/cycle        {:.4f}\n", row.results_per_cycle);
  fmt::print("lane results/cycle   {:.4f} (the throughput a sweep charts)\n",
             row.lane_results_per_cycle);
}

// A run for --json: the sweep's row of it (without the sweep's Pareto mark) and its details.
nlohmann::json run_json(const dse::SweepRow& row, nlohmann::json details) {
  nlohmann::json run = dse::row_json(row);
  run.erase("point");
  run.erase("pareto");
  run["details"] = std::move(details);
  return run;
}

// A kernel of a PTX file (`ptx_file`, empty for the trace), or a trace, through the unit: the
// scheduler's report; returns the run for --json.
nlohmann::json run_workload(const ExploreOptions& options, const std::string& ptx_file,
                            const PipelineConfig& config, int other_latency,
                            const dse::AreaModel& area, const std::string& calibration) {
  namespace wl = halfpipe::workload;
  wl::StreamOptions stream = halfpipe::cli::stream_options(options, other_latency);
  std::string source;
  try {
    source = wl::load({ptx_file, options.kernel, options.trace_file, options.warps}, stream);
  } catch (const std::exception& e) {  // ReadError: FILE:LINE: problem; or a usage error
    fail(e.what());
  }
  if (std::string problem = wl::validate(stream, config); !problem.empty()) fail(problem);
  const wl::Report r = wl::run(config, stream);
  // The kernel's cycles, as a sweep's row counts them.
  Statistics unit = r.unit;
  unit.cycles = r.cycles;
  dse::SweepRow row = run_row(
      config,
      ptx_file.empty() ? std::filesystem::path(options.trace_file).filename().string()
                       : stream.streams[0].name,
      unit, area);
  row.warps = stream.warps;
  row.trip_count = stream.trip_count;
  row.scheduler = wl::policy_name(stream.policy);

  fmt::print("explore: {}, {} warp{}, trip count {}, scheduler {}{}\n", source, stream.warps,
             stream.warps == 1 ? "" : "s", stream.trip_count, wl::policy_name(stream.policy),
             stream.backpressure > 0
                 ? fmt::format(", back-pressure {} (seed {})", stream.backpressure, stream.seed)
                 : std::string());
  fmt::print("configuration        {}, other units {}\n", describe(config), other_latency);
  print_calibration(calibration);
  fmt::print("instructions         {}: {} on the unit, {} on other units\n", r.instructions,
             r.unit_instructions, r.other_instructions);
  fmt::print("cycles               {}\n", r.cycles);
  if (r.timed_cycles > 0)
    fmt::print("timed cycles         {} (first to last read of the cycle counter, over every "
               "warp)\n",
               r.timed_cycles);
  print_metrics(row, " of the unit");
  fmt::print("instructions/cycle   {:.4f}\n", r.instructions_per_cycle());
  fmt::print("issue slots          {:.2f}% used ({} instructions in {} cycles at issue width {})\n",
             100 * r.issue_slot_utilisation(), r.instructions, r.cycles, r.issue_width);
  fmt::print("unit issue           {:.2f}% of the unit's issue slots\n",
             100 * r.unit.issue_utilisation());
  fmt::print("lane utilisation     {:.2f}%\n", 100 * r.lane_utilisation());
  fmt::print("issue stalls         {} warp-cycles without issue: {} dependency, {} structural, "
             "{} interval, {} back-pressure\n",
             r.stall_total(), r.stalls[0], r.stalls[1], r.stalls[2], r.stalls[3]);
  fmt::print("forms                count  unit\n");
  nlohmann::json forms = nlohmann::json::array();
  for (const wl::FormCount& f : r.forms) {
    fmt::print("  {:<30} {:>10}  {}\n", f.form, f.count,
               f.unit ? "yes"
                      : f.not_executable.empty() ? "other"
                                                 : "other: the unit cannot execute it (" +
                                                       f.not_executable + ")");
    forms.push_back({{"form", f.form}, {"count", f.count}, {"unit", f.unit}});
    if (!f.not_executable.empty()) forms.back()["not_executable"] = f.not_executable;
  }
  auto rate = [&r](double seconds) { return seconds > 0 ? r.instructions / seconds : 0.0; };
  fmt::print("simulation speed     {:.0f} instructions/s of processor time ({:.3f} s); {:.0f} "
             "per wall-clock second ({:.3f} s)\n",
             rate(r.cpu_seconds), r.cpu_seconds, rate(r.seconds), r.seconds);

  nlohmann::json stalls;
  for (int cause = 0; cause < wl::kStallCauses; ++cause) {
    std::string key = wl::stall_name(static_cast<wl::Stall>(cause));  // "back-pressure"
    std::replace(key.begin(), key.end(), '-', '_');
    stalls[key] = r.stalls[cause];
  }
  nlohmann::json details{{"source", source},
                        {"other_latency", other_latency},
                        {"instructions", r.instructions},
                        {"unit_instructions", r.unit_instructions},
                        {"other_instructions", r.other_instructions},
                        {"timed_cycles", r.timed_cycles},
                        {"instructions_per_cycle", r.instructions_per_cycle()},
                        {"issue_slot_utilisation", r.issue_slot_utilisation()},
                        {"unit_issue_utilisation", r.unit.issue_utilisation()},
                        {"lane_utilisation", r.lane_utilisation()},
                        {"issue_stalls", stalls},
                        {"forms", forms}};
  if (!calibration.empty()) details["calibration"] = calibration;
  return run_json(row, std::move(details));
}

// --json: the runs (each a sweep's row of its one point with the run's details), under the
// format name a reader checks. '-' is standard output, after the report.
void write_json(const std::string& path, const std::string& area_table, nlohmann::json runs) {
  const nlohmann::json doc{
      {"format", "halfpipe-explore/1"}, {"area_table", area_table}, {"runs", std::move(runs)}};
  try {
    halfpipe::cli::write_output(path, [&](std::ostream& out) { out << doc.dump(2) << "\n"; });
  } catch (const std::runtime_error& e) {
    fail(fmt::format("--json: {}", e.what()));
  }
}

// The seeded random mix of the forms through the SystemC model: its report; returns the run for
// --json.
nlohmann::json run_random_mix(const ExploreOptions& options, const PipelineConfig& config,
                              const std::vector<std::string>& forms, const dse::AreaModel& area,
                              const std::string& calibration) {
  halfpipe::sc::Workload workload = options.workload;
  for (const std::string& form : forms) {
    const auto decoded = halfpipe::isa::decode_ptx(form);
    if (!decoded.uop) fail(fmt::format("form '{}': {}", form, decoded.error));
    if (!workload.fill_lanes && config.lanes < 32 &&
        (decoded.uop->lane_mask >> config.lanes) != 0)
      fail(fmt::format("form '{}' is packed and needs 2 lanes; --lanes is {}", form,
                       config.lanes));
    workload.forms.push_back(*decoded.uop);
  }
  if (std::string problem = halfpipe::sc::validate(workload, config); !problem.empty())
    fail(problem);

  // SystemC's banner is noise on a command's output.
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  const halfpipe::sc::ExploreRun result = halfpipe::sc::run_explore(config, workload);
  if (!result.error.empty()) fail(result.error);
  const Statistics& s = result.stats;

  std::string form_list;
  for (const std::string& form : forms) form_list += (form_list.empty() ? "" : " ") + form;
  fmt::print("explore: seed {}, {} transactions, gap {}, back-pressure {}{}\n", workload.seed,
             workload.count, workload.gap, workload.backpressure,
             workload.fill_lanes ? ", every lane enabled" : "");
  fmt::print("configuration        {}\n", describe(config));
  print_calibration(calibration);
  fmt::print("forms                {}\n", form_list);
  fmt::print("cycles               {}\n", s.cycles);
  const dse::SweepRow row = run_row(config, "random-mix", s, area);
  print_metrics(row, "");
  fmt::print("issue utilisation    {:.2f}%\n", 100 * s.issue_utilisation());
  fmt::print("lane utilisation     {:.2f}%\n", 100 * s.lane_utilisation());
  fmt::print("mean occupancy       {:.2f} transactions in the unit\n", s.mean_occupancy());
  fmt::print("stall cycles         {} with an offer refused: {} line frozen, {} interval, {} "
             "in-order completion\n",
             s.refused_cycles(), s.refused_frozen, s.refused_interval, s.refused_order);
  fmt::print("output               {} cycles blocked by the consumer, {} cycles the line held\n",
             s.blocked_cycles, s.frozen_cycles);
  fmt::print("idle input           {} cycles with nothing offered\n", s.idle_cycles);
  print_histogram(s);
  if (s.unevaluated > 0)
    fmt::print("values               {} transactions timed but not evaluated ({})\n",
               s.unevaluated, s.unevaluated_reason);
  auto rate = [&s](double seconds) { return seconds > 0 ? s.departed / seconds : 0.0; };
  fmt::print("simulation speed     {:.0f} transactions/s of processor time ({:.3f} s); {:.0f} "
             "per wall-clock second ({:.3f} s)\n",
             rate(result.cpu_seconds), result.cpu_seconds, rate(result.seconds), result.seconds);

  nlohmann::json histogram = nlohmann::json::array();
  for (const auto& [latency, count] : s.latency_histogram) histogram.push_back({latency, count});
  nlohmann::json details{{"seed", workload.seed},
                        {"transactions", workload.count},
                        {"gap", workload.gap},
                        {"backpressure", workload.backpressure},
                        {"fill_lanes", workload.fill_lanes},
                        {"forms", forms},
                        {"issue_utilisation", s.issue_utilisation()},
                        {"lane_utilisation", s.lane_utilisation()},
                        {"mean_occupancy", s.mean_occupancy()},
                        {"refused_cycles",
                         {{"line_frozen", s.refused_frozen},
                          {"interval", s.refused_interval},
                          {"in_order_completion", s.refused_order}}},
                        {"blocked_cycles", s.blocked_cycles},
                        {"frozen_cycles", s.frozen_cycles},
                        {"idle_cycles", s.idle_cycles},
                        {"latency_histogram", histogram},
                        {"unevaluated", s.unevaluated}};
  if (!calibration.empty()) details["calibration"] = calibration;
  return run_json(row, std::move(details));
}

// --predict: the calibration's kernels through the calibrated model, against the chip. Returns
// the exit status: kVerificationFailure when a kernel misses its bound.
int run_prediction(const ExploreOptions& options, const dse::Calibration& calibration,
                   const std::string& described, int other_latency) {
  if (options.ptx_file.empty())
    fail("--predict needs --ptx-file FILE: the PTX of the kernels the timing file timed");
  if (calibration.kernels.empty())
    fail(options.calibration + ": names no timed kernel (latency_kernel, throughput_kernel or "
         "kernels) to predict");
  std::vector<halfpipe::workload::Program> programs;
  std::vector<dse::Prediction> rows;
  try {
    for (const std::string& file : options.ptx_file)
      for (auto& program : halfpipe::workload::read_ptx_kernels(file))
        programs.push_back(std::move(program));
    rows = dse::predict(calibration, programs, other_latency);
  } catch (const std::exception& e) {  // ReadError, CalibrationError: FILE: where: problem
    fail(e.what());
  }
  fmt::print("predict: {} kernels of {}, other units {}\n", rows.size(), described, other_latency);
  fmt::print("{:<34} {:>5} {:>12} {:>10} {:>8}  {}\n", "kernel", "warps", "measured", "predicted",
             "error", "");
  nlohmann::json json_rows = nlohmann::json::array();
  for (const dse::Prediction& r : rows) {
    fmt::print("{:<34} {:>5} {:>12.1f} {:>10} {:>7.1f}%  {}{}\n", r.kernel.name, r.kernel.warps,
               r.kernel.cycles, r.predicted, 100 * r.error, r.kernel.held_out ? "held out" : "",
               r.within() ? "" : (r.kernel.held_out ? ", missed" : "missed"));
    json_rows.push_back({{"kernel", r.kernel.name},
                         {"warps", r.kernel.warps},
                         {"measured", r.kernel.cycles},
                         {"predicted", r.predicted},
                         {"error", r.error},
                         {"held_out", r.kernel.held_out},
                         {"within", r.within()}});
  }
  int missed = 0;
  for (const bool held_out : {false, true}) {
    const dse::PredictionSummary s = dse::summarize(rows, held_out);
    missed += s.missed;
    if (s.kernels > 0)
      fmt::print("{:<20} {}, largest error {:.1f}% (bound {:.0f}%): {}\n",
                 held_out ? "held-out kernels" : "calibration kernels", s.kernels,
                 100 * s.largest_error,
                 100 * (held_out ? dse::kHeldOutBound : dse::kCalibrationBound),
                 s.missed ? fmt::format("{} missed", s.missed) : std::string("all within"));
  }
  if (!options.json.empty()) {
    try {
      halfpipe::cli::write_output(options.json, [&](std::ostream& out) {
        out << nlohmann::json{{"format", "halfpipe-prediction/1"},
                              {"calibration", described},
                              {"rows", json_rows}}
                   .dump(2)
            << "\n";
      });
    } catch (const std::runtime_error& e) {
      fail(fmt::format("--json: {}", e.what()));
    }
  }
  return missed > 0 ? halfpipe::cli::kVerificationFailure : halfpipe::cli::kPassed;
}

void run(const ExploreOptions& options) {
  PipelineConfig config = options.config;
  std::string calibration;
  std::optional<dse::Calibration> measured;
  if (!options.calibration.empty()) {
    try {
      measured = dse::read_calibration(options.calibration);
    } catch (const dse::CalibrationError& e) {
      fail(e.what());
    }
    config = measured->config;
    calibration = dse::describe(*measured);
  } else if (options.predict) {
    fail("--predict needs --calibration FILE: the timing file whose kernels it predicts");
  }
  const bool real_workload = !options.ptx_file.empty() || !options.trace_file.empty();
  if (!options.kernel.empty() && options.ptx_file.empty()) fail("--kernel needs --ptx-file");
  int other_latency = 4;
  for (const std::string& setting : options.latencies) {
    if (const auto other = other_latency_setting(setting)) {
      if (!real_workload) fail("latency setting 'other' needs --ptx-file or --trace-file");
      other_latency = *other;
      continue;
    }
    if (std::string problem = halfpipe::sc::apply_latency_setting(config, setting);
        !problem.empty())
      fail(problem);
  }
  if (std::string problem = halfpipe::sc::validate(config); !problem.empty()) fail(problem);
  if (real_workload && !options.forms.empty())
    fail("FORMs and --ptx-file/--trace-file exclude each other");
  if (options.predict) {
    if (!options.sweep.empty() || !options.trace_file.empty())
      fail("--predict runs the timing file's kernels: --sweep and --trace-file exclude it");
    // The calibration's latencies, after any --latency setting, predict.
    measured->config = config;
    throw Stop{run_prediction(options, *measured, calibration, other_latency)};
  }

  const std::vector<std::string>& forms = options.forms.empty() ? kDefaultForms : options.forms;
  if (options.sweep.empty() &&
      !(options.sweep_csv + options.sweep_json + options.sweep_svg).empty())
    fail("--sweep-csv, --sweep-json and --sweep-svg need --sweep SPEC");
  if (!options.sweep.empty()) {
    ExploreOptions sweep = options;
    if (!options.json.empty()) {  // --json names a sweep's JSON too
      if (!options.sweep_json.empty()) fail("--json and --sweep-json name one file: give one");
      sweep.sweep_json = options.json;
    }
    print_calibration(calibration);
    if (const int status = halfpipe::cli::run_explore_sweep(sweep, config, forms, other_latency);
        status != halfpipe::cli::kPassed)
      throw Stop{status};
    return;
  }
  if (!options.area_table.empty() && options.json.empty())
    fail("--area-table needs --sweep SPEC or --json FILE: it gives their area figures");
  // A bad output path costs no simulation.
  try {
    halfpipe::cli::check_output(options.json);
  } catch (const std::runtime_error& e) {
    fail(fmt::format("--json: {}", e.what()));
  }
  std::string area_table_name;
  std::unique_ptr<dse::AreaModel> area;
  try {
    area = halfpipe::cli::load_area_model(options.area_table, area_table_name);
  } catch (const std::runtime_error& e) {
    fail(e.what());
  }
  nlohmann::json runs = nlohmann::json::array();
  if (real_workload) {
    // Several files: each kernel's report in turn, in the order given.
    if (!options.trace_file.empty() && !options.ptx_file.empty())
      fail("--ptx-file and --trace-file exclude each other (but not in a --sweep)");
    if (!options.trace_file.empty())
      runs.push_back(run_workload(options, {}, config, other_latency, *area, calibration));
    for (std::size_t i = 0; i < options.ptx_file.size(); ++i) {
      if (i > 0) fmt::print("\n");
      runs.push_back(
          run_workload(options, options.ptx_file[i], config, other_latency, *area, calibration));
    }
  } else {
    runs.push_back(run_random_mix(options, config, forms, *area, calibration));
  }
  if (!options.json.empty()) write_json(options.json, area_table_name, std::move(runs));
}

constexpr const char* kExploreDescription =
    "run a seeded workload through the SystemC model alone and print throughput, "
    "utilisation, stalls and the latency histogram; or, with --ptx-file/--trace-file, a real "
    "kernel's instruction streams through warps and a scheduler: throughput, issue stalls by "
    "cause, utilisation and the instruction counts per form";

int explore_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_explore_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("explore", parsed.text, parsed.status);
  try {
    run(*parsed.options);
  } catch (const Stop& stop) {  // fail(): the problem is printed
    return stop.status;
  }
  return halfpipe::cli::kPassed;
}

}  // namespace

namespace halfpipe::cli {

workload::StreamOptions stream_options(const ExploreOptions& options, int other_latency) {
  workload::StreamOptions stream;
  stream.trip_count = options.trip_count;
  stream.other_latency = other_latency;
  stream.policy = workload::parse_policy(options.scheduler).value_or(workload::Policy::RoundRobin);
  stream.backpressure = options.workload.backpressure;
  stream.seed = options.workload.seed;
  stream.fill_lanes = options.workload.fill_lanes;
  return stream;
}

Parsed<ExploreOptions> parse_explore_options(const std::vector<std::string>& args) {
  return parse_command<ExploreOptions>("explore", kExploreDescription, args,
                                       [](Vocabulary& v, ExploreOptions& o) {
    const Declared calibration = v.calibration(o.calibration);
    v.lanes(o.config.lanes).excludes(calibration);
    v.latency(o.latencies).default_str("4 each, the RTL's Depth");
    v.initiation_interval(o.config.initiation_interval).excludes(calibration);
    v.issue_width(o.config.issue_width).excludes(calibration);
    v.queue(o.config.output_queue);
    v.backpressure(o.workload.backpressure);
    v.gaps(o.workload.gap);
    v.seed(o.workload.seed);
    v.random(o.workload.count);
    v.fill_lanes(o.workload.fill_lanes);
    v.forms(o.forms, "PTX forms drawn uniformly (default: one of each family, packed)");
    v.ptx_file(o.ptx_file);
    v.kernel(o.kernel);
    v.trace_file(o.trace_file);
    v.warps(o.warps).default_str("4 (a trace with 'warp N' lines: its warps)");
    v.trip_count(o.trip_count);
    v.scheduler(o.scheduler);
    v.sweep(o.sweep);
    v.sweep_csv(o.sweep_csv);
    v.sweep_json(o.sweep_json);
    v.sweep_svg(o.sweep_svg);
    v.area_table(o.area_table);
    v.json(o.json);
    v.predict(o.predict);
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(explore, "explore", kExploreDescription, explore_main);
