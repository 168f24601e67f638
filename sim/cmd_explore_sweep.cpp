// `halfpipe explore --sweep`: explore's options make the base configuration and the workload;
// the axes vary the configuration (model/dse/axes.h); every point runs on a PipelineCore, so one
// process runs them all (SystemC would elaborate only once). Registers no command of its own.
#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "model/dse/report.h"
#include "model/dse/sweep.h"
#include "model/isa/ptx.h"
#include "model/workload/load.h"
#include "model/workload/ptx_reader.h"
#include "sim/exit_status.h"
#include "regress/output_file.h"
#include "sim/explore_sweep.h"

namespace halfpipe::cli {
namespace {

int problem(const std::string& text) {
  fmt::print(stderr, "halfpipe explore: {}\n", text);
  return kUsageOrInputError;
}


// A real workload at every point: its streams through workload::run on the point's
// configuration. The row's cycles are the kernel's (until its last result), so lane results per
// cycle is the unit's element operations per cycle of the whole kernel (model/dse/README.md).
dse::SweepWorkload kernel_workload(std::string name, workload::StreamOptions stream) {
  return {std::move(name), [base = std::move(stream)](const dse::PointSetting& at) {
            const workload::StreamOptions stream = dse::configure_streams(base, at.axes, at.point);
            dse::WorkloadRun run;
            run.warps = stream.warps;
            run.trip_count = stream.trip_count;
            run.scheduler = workload::policy_name(stream.policy);
            if (run.skipped = workload::validate(stream, at.config); !run.skipped.empty())
              return run;
            const workload::Report report = workload::run(at.config, stream);
            run.stats = report.unit;
            run.stats.cycles = report.cycles;
            return run;
          }};
}

// Every kernel of every --ptx-file (only --kernel's when given) and the --trace-file, each one
// workload named after the kernel (the trace: after its file); empty string on success.
std::string real_workloads(const ExploreOptions& options, const sc::PipelineConfig& base,
                           int other_latency, std::vector<dse::SweepWorkload>& workloads) {
  std::vector<std::pair<std::string, workload::StreamOptions>> streams;  // (name, streams)
  const workload::StreamOptions common = stream_options(options, other_latency);
  try {
    for (const std::string& file : options.ptx_file) {
      std::vector<workload::Program> kernels;
      if (options.kernel.empty())
        kernels = workload::read_ptx_kernels(file);
      else
        kernels.push_back(workload::read_ptx(file, options.kernel));
      for (workload::Program& kernel : kernels) {
        for (const auto& [name, earlier] : streams)
          if (name == kernel.name)
            return fmt::format("kernel {} of {}: the sweep already has a workload of that name "
                               "(from {})",
                               kernel.name, file, earlier.streams[0].source);
        workload::StreamOptions stream = common;
        stream.warps = options.warps > 0 ? options.warps : 4;
        std::string name = kernel.name;
        stream.streams.push_back(std::move(kernel));
        streams.emplace_back(std::move(name), std::move(stream));
      }
    }
    if (!options.trace_file.empty()) {
      workload::StreamOptions stream = common;
      // load() reads the trace and checks --warps against the trace's own warps.
      workload::load({{}, {}, options.trace_file, options.warps}, stream);
      streams.emplace_back(std::filesystem::path(options.trace_file).filename().string(),
                           std::move(stream));
    }
  } catch (const std::exception& e) {  // ReadError: FILE:LINE: problem
    return e.what();
  }
  // As for the random mix: the lanes are each point's question, the rest is checked once.
  sc::PipelineConfig widest = base;
  widest.lanes = sc::kMaxLanes;
  for (auto& [name, stream] : streams) {
    if (std::string p = workload::validate(stream, widest); !p.empty()) return name + ": " + p;
    workloads.push_back(kernel_workload(std::move(name), std::move(stream)));
  }
  return {};
}

}  // namespace

std::unique_ptr<dse::AreaModel> load_area_model(const std::string& area_table,
                                                std::string& table_name) {
  table_name = dse::kBuiltInAreaTableName;
  std::string table_text = dse::built_in_area_table();
  if (!area_table.empty()) {
    std::ifstream in(area_table);
    if (!in) throw std::runtime_error("--area-table: cannot read " + area_table);
    std::stringstream text;
    text << in.rdbuf();
    table_name = area_table;
    table_text = text.str();
  }
  auto rows = dse::parse_area_table(table_text, table_name);
  if (auto* p = std::get_if<std::string>(&rows)) throw std::runtime_error(*p);
  try {
    return std::make_unique<dse::AreaModel>(std::get<std::vector<dse::AreaRow>>(rows));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(table_name + ": " + e.what());
  }
}

int run_explore_sweep(const ExploreOptions& options, const sc::PipelineConfig& base,
                      const std::vector<std::string>& forms, int other_latency) {
  auto axes = dse::parse_sweep(options.sweep);
  if (auto* p = std::get_if<std::string>(&axes)) return problem("--sweep: " + *p);

  std::string table_name;
  std::unique_ptr<dse::AreaModel> area;
  try {
    area = load_area_model(options.area_table, table_name);
  } catch (const std::runtime_error& e) {
    return problem(e.what());
  }

  std::vector<dse::SweepWorkload> workloads;
  const bool real_workload = !options.ptx_file.empty() || !options.trace_file.empty();
  for (const dse::Axis& axis : std::get<std::vector<dse::Axis>>(axes))
    if (dse::is_stream_axis(axis.name) && !real_workload)
      return problem(fmt::format("--sweep: axis '{}' shapes a real workload's warps; it needs "
                                 "--ptx-file or --trace-file (the random mix has no warps)",
                                 axis.name));
  if (real_workload) {
    if (std::string p = real_workloads(options, base, other_latency, workloads); !p.empty())
      return problem(p);
  }
  if (workloads.empty()) {  // the random mix of the forms
    sc::Workload workload = options.workload;
    for (const std::string& form : forms) {
      const auto decoded = isa::decode_ptx(form);
      if (!decoded.uop) return problem(fmt::format("form '{}': {}", form, decoded.error));
      workload.forms.push_back(*decoded.uop);
    }
    // Whether the forms fit the lanes is each point's question (a point they do not fit is
    // skipped); everything else about the workload is checked once, against the widest unit.
    sc::PipelineConfig widest = base;
    widest.lanes = sc::kMaxLanes;
    if (std::string p = sc::validate(workload, widest); !p.empty()) return problem(p);
    workloads.push_back(dse::random_mix_workload("random-mix", workload));
  }

  // The outputs are checked before the sweep runs, so that a bad path costs no simulation, and
  // written when it is done ('-': standard output, after the summary).
  for (const auto& [option, path] : {std::pair{"--sweep-csv", options.sweep_csv},
                                     std::pair{"--sweep-json", options.sweep_json},
                                     std::pair{"--sweep-svg", options.sweep_svg}}) {
    try {
      check_output(path);
    } catch (const std::runtime_error& e) {
      return problem(fmt::format("{}: {}", option, e.what()));
    }
  }

  // The chart's title names real workloads by count (the legend names each).
  std::string workload_title;
  if (!options.ptx_file.empty() || !options.trace_file.empty())
    workload_title = fmt::format(" ({} real workload{})", workloads.size(),
                                 workloads.size() == 1 ? "" : "s");
  dse::SweepResult result;
  try {
    result = dse::run_sweep(std::get<std::vector<dse::Axis>>(axes), base, workloads, *area);
  } catch (const std::runtime_error& e) {
    return problem(e.what());
  }
  const dse::AreaProvenance provenance{table_name, area.get()};
  dse::print_summary(std::cout, result, provenance);
  try {
    if (!options.sweep_csv.empty())
      write_output(options.sweep_csv, [&](std::ostream& out) { dse::write_csv(out, result); });
    if (!options.sweep_json.empty())
      write_output(options.sweep_json, [&](std::ostream& out) {
        dse::write_json(out, result, options.sweep, provenance);
      });
    if (!options.sweep_svg.empty())
      write_output(options.sweep_svg, [&](std::ostream& out) {
        dse::write_svg(out, result, "halfpipe explore --sweep '" + options.sweep + "'" + workload_title);
      });
  } catch (const std::runtime_error& e) {
    return problem(e.what());
  }
  return kPassed;
}

}  // namespace halfpipe::cli
