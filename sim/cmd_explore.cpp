// `halfpipe explore`: a seeded workload through the SystemC model alone, to see what a pipeline
// configuration the RTL does not have would do: throughput, utilisation, stalls, latencies.
#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/sc/explore.h"
#include "sim/commands.h"
#include "sim/exit_status.h"

namespace {

using halfpipe::sc::PipelineConfig;
using halfpipe::sc::Statistics;
using halfpipe::cli::ExploreOptions;

// One form of every family: the default mix when no FORM is given.
const std::vector<std::string> kDefaultForms{"add.rn.f16x2", "mul.rn.bf16x2", "fma.rn.f16x2",
                                             "max.f16x2",    "neg.bf16x2",    "ex2.approx.f16x2"};

[[noreturn]] void fail(const std::string& problem) {
  fmt::print(stderr, "halfpipe explore: {}\n", problem);
  throw CLI::RuntimeError(halfpipe::cli::kUsageOrInputError);
}

std::string describe(const PipelineConfig& c) {
  std::string latency;
  for (int f = 0; f < halfpipe::sc::kFamilyCount; ++f)
    latency += fmt::format("{}{}={}", f ? " " : "",
                           halfpipe::sc::family_name(static_cast<halfpipe::sc::OpFamily>(f)),
                           c.latency[f]);
  return fmt::format("lanes {}, latency {}, ii {}, issue width {}, output queue {}", c.lanes,
                     latency, c.initiation_interval, c.issue_width, c.output_queue);
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

void run(const ExploreOptions& options) {
  PipelineConfig config = options.config;
  for (const std::string& setting : options.latencies)
    if (std::string problem = halfpipe::sc::apply_latency_setting(config, setting);
        !problem.empty())
      fail(problem);
  if (std::string problem = halfpipe::sc::validate(config); !problem.empty()) fail(problem);

  halfpipe::sc::Workload workload = options.workload;
  const std::vector<std::string>& forms = options.forms.empty() ? kDefaultForms : options.forms;
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
  fmt::print("forms                {}\n", form_list);
  fmt::print("cycles               {}\n", s.cycles);
  fmt::print("throughput           {:.4f} results/cycle\n", s.throughput());
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
}

constexpr const char* kExploreDescription =
    "Run a seeded workload through the SystemC model alone and print throughput, "
    "utilisation, stalls and the latency histogram";

int explore_main(const std::vector<std::string>& args) {
  const auto parsed = halfpipe::cli::parse_explore_options(args);
  if (!parsed.ok()) return halfpipe::cli::report_stop("explore", parsed.text, parsed.status);
  try {
    run(*parsed.options);
  } catch (const CLI::RuntimeError& e) {  // fail(): the problem is printed
    return e.get_exit_code();
  }
  return halfpipe::cli::kPassed;
}

}  // namespace

namespace halfpipe::cli {

Parsed<ExploreOptions> parse_explore_options(const std::vector<std::string>& args) {
  return parse_command<ExploreOptions>("explore", kExploreDescription, args,
                                       [](Vocabulary& v, ExploreOptions& o) {
    v.lanes(o.config.lanes);
    v.latency(o.latencies)->default_str("4 each, the RTL's Depth");
    v.initiation_interval(o.config.initiation_interval);
    v.issue_width(o.config.issue_width);
    v.queue(o.config.output_queue);
    v.backpressure(o.workload.backpressure);
    v.gaps(o.workload.gap);
    v.seed(o.workload.seed);
    v.random(o.workload.count);
    v.fill_lanes(o.workload.fill_lanes);
    v.forms(o.forms, "PTX forms drawn uniformly (default: one of each family, packed)");
  });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(explore, "explore", kExploreDescription, explore_main);
