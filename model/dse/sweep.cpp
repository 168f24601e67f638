#include "model/dse/sweep.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace halfpipe::dse {

WorkloadRun run_random_mix(const sc::PipelineConfig& config, const sc::Workload& workload) {
  WorkloadRun run;
  if (run.skipped = sc::validate(workload, config); !run.skipped.empty()) return run;
  const sc::ExploreRun explored = sc::run_explore_on_core(config, workload);
  run.error = explored.error;
  run.stats = explored.stats;
  return run;
}

SweepWorkload random_mix_workload(std::string name, sc::Workload workload) {
  return SweepWorkload{std::move(name), [workload = std::move(workload)](
                                            const PointSetting& at) {
                         return run_random_mix(at.config, workload);
                       }};
}

void record_run(SweepRow& row, const sc::Statistics& s, const AreaModel& area) {
  row.cycles = s.cycles;
  row.results = s.departed;
  row.lane_results = s.active_lanes;
  row.results_per_cycle = s.throughput();
  row.lane_results_per_cycle =
      s.cycles ? static_cast<double>(s.active_lanes) / static_cast<double>(s.cycles) : 0;
  row.mean_latency = s.mean_latency();
  row.area = area.area(row.config);
}

SweepResult run_sweep(const std::vector<Axis>& axes, const sc::PipelineConfig& base,
                      const std::vector<SweepWorkload>& workloads, const AreaModel& area) {
  SweepResult result;
  result.axes = axes;
  for (const SweepWorkload& w : workloads) result.workloads.push_back(w.name);
  const std::vector<Point> points = cross_product(axes);
  for (std::size_t p = 0; p < points.size(); ++p) {
    const sc::PipelineConfig config = configure(base, axes, points[p]);
    const std::string refused = sc::validate(config);
    for (const SweepWorkload& w : workloads) {
      SweepRow row;
      row.point = p;
      row.axis_values = points[p];
      row.config = config;
      row.workload = w.name;
      if (!refused.empty()) {
        row.skipped = refused;
        result.rows.push_back(std::move(row));
        continue;
      }
      const WorkloadRun run = w.run({config, axes, points[p]});
      if (!run.error.empty())
        throw std::runtime_error("workload " + w.name + " at point " + std::to_string(p) +
                                 ": " + run.error);
      row.skipped = run.skipped;
      row.warps = run.warps;
      row.trip_count = run.trip_count;
      row.scheduler = run.scheduler;
      if (row.ran()) record_run(row, run.stats, area);
      result.rows.push_back(std::move(row));
    }
  }
  mark_pareto(result.rows);
  return result;
}

void mark_pareto(std::vector<SweepRow>& rows) {
  // Per workload, by area (then throughput, best first): a row is on the front when it beats
  // every smaller row's throughput, or repeats the very point that set the best.
  std::map<std::string, std::vector<SweepRow*>> by_workload;
  for (SweepRow& r : rows) {
    r.pareto = false;
    if (r.ran()) by_workload[r.workload].push_back(&r);
  }
  for (auto& [name, group] : by_workload) {
    std::stable_sort(group.begin(), group.end(), [](const SweepRow* x, const SweepRow* y) {
      if (x->area.cells != y->area.cells) return x->area.cells < y->area.cells;
      return x->lane_results_per_cycle > y->lane_results_per_cycle;
    });
    const SweepRow* best = nullptr;
    for (SweepRow* r : group) {
      if (!best || r->lane_results_per_cycle > best->lane_results_per_cycle) {
        r->pareto = true;
        best = r;
      } else if (r->lane_results_per_cycle == best->lane_results_per_cycle &&
                 r->area.cells == best->area.cells) {
        r->pareto = true;
      }
    }
  }
}

}  // namespace halfpipe::dse
