// The design-space sweep: every point of a cross product of explore options (axes.h), every
// workload at each point, the area of each point (area.h), and the Pareto front of throughput
// against area per workload. The driver does not know what a workload runs: each is a name and
// a function from a configuration to its run (random_mix_workload below; a PTX kernel is
// another).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/dse/area.h"
#include "model/dse/axes.h"
#include "model/sc/config.h"
#include "model/sc/explore.h"
#include "model/sc/pipeline.h"

namespace halfpipe::dse {

// What one workload did at one configuration.
struct WorkloadRun {
  std::string skipped;    // non-empty: the workload cannot run there, and why
  sc::Statistics stats;   // when it ran
  std::string error;      // non-empty: it ran and did not complete as it should
  // A real workload's streams as they ran (the stream axes applied); 0 and empty for a random
  // mix, which has no warps.
  int warps = 0;
  int trip_count = 0;
  std::string scheduler;
};

// A point of the sweep as a workload sees it: the unit's configuration, and the axes with the
// point's values, whose stream axes a real workload applies to its streams (configure_streams).
struct PointSetting {
  const sc::PipelineConfig& config;
  const std::vector<Axis>& axes;
  const Point& point;
};

struct SweepWorkload {
  std::string name;  // the rows' workload column: "random-mix", a kernel's name, ...
  std::function<WorkloadRun(const PointSetting&)> run;
};

// The seeded random mix of `halfpipe explore` (sc::Workload) through sc::run_explore_on_core: the
// producer and consumer of sc::run_explore on a PipelineCore, so the same seed gives the same
// cycles. Skipped where sc::validate(workload, config) objects.
WorkloadRun run_random_mix(const sc::PipelineConfig& config, const sc::Workload& workload);
SweepWorkload random_mix_workload(std::string name, sc::Workload workload);

// One row: one workload at one point.
struct SweepRow {
  std::size_t point = 0;         // index in the cross product, from 0
  std::vector<int> axis_values;  // the point
  sc::PipelineConfig config;
  std::string workload;
  std::string skipped;  // the configuration or the workload refused the point: why
  int warps = 0, trip_count = 0;  // WorkloadRun's: a real workload's streams
  std::string scheduler;
  // When it ran:
  uint64_t cycles = 0;
  uint64_t results = 0;       // results that left the unit
  uint64_t lane_results = 0;  // enabled lanes over those results: element operations
  double results_per_cycle = 0;
  double lane_results_per_cycle = 0;  // the throughput the chart shows
  double mean_latency = 0;
  AreaFigure area;
  bool pareto = false;  // on its workload's front: no other row of the workload has at most its
                        // area and at least its throughput, one of them strictly
  bool ran() const { return skipped.empty(); }
};

struct SweepResult {
  std::vector<Axis> axes;
  std::vector<std::string> workloads;  // in the order run
  std::vector<SweepRow> rows;          // point by point, each point's workloads in order
};

// Fills a row whose workload ran (its config set) from the run's statistics: its metrics and its
// area. A single `halfpipe explore` run reports through it too, so that a run and a sweep name
// and compute each metric alike.
void record_run(SweepRow& row, const sc::Statistics& stats, const AreaModel& area);

// Runs every workload at every point of the axes' cross product over `base`. A point that
// sc::validate refuses is a skipped row for each workload, with the reason. Throws
// std::runtime_error when a workload reports an error (the model failed, not the input).
SweepResult run_sweep(const std::vector<Axis>& axes, const sc::PipelineConfig& base,
                      const std::vector<SweepWorkload>& workloads, const AreaModel& area);

// Marks the Pareto front of each workload: rows that ran, by (area.cells, lane_results_per_cycle).
void mark_pareto(std::vector<SweepRow>& rows);

}  // namespace halfpipe::dse
