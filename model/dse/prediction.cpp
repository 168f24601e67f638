#include "model/dse/prediction.h"

#include <algorithm>
#include <cmath>

#include "model/workload/scheduler.h"

namespace halfpipe::dse {

bool Prediction::within() const {
  return std::abs(error) <= (kernel.held_out ? kHeldOutBound : kCalibrationBound);
}

PredictionSummary summarize(const std::vector<Prediction>& rows, bool held_out) {
  PredictionSummary s;
  for (const Prediction& row : rows) {
    if (row.kernel.held_out != held_out) continue;
    ++s.kernels;
    s.missed += !row.within();
    s.largest_error = std::max(s.largest_error, std::abs(row.error));
  }
  return s;
}

std::vector<Prediction> predict(const Calibration& c,
                                const std::vector<workload::Program>& programs,
                                int other_latency) {
  std::vector<Prediction> rows;
  for (const MeasuredKernel& kernel : c.kernels) {
    const workload::Program* program = nullptr;
    for (const workload::Program& p : programs)
      if (p.name == kernel.name) program = &p;
    if (!program)
      throw CalibrationError(c.file + ": " + kernel.field + ": kernel '" + kernel.name +
                             "' is in none of the PTX files given");
    workload::StreamOptions options;
    options.streams = {*program};
    options.warps = kernel.warps;
    options.trip_count = c.trip_count;
    options.other_latency = other_latency;
    const workload::Report report = workload::run(c.config, options);
    if (report.timed_cycles == 0)
      throw CalibrationError(c.file + ": " + kernel.field + ": kernel '" + kernel.name +
                             "' (" + program->source +
                             ") does not read the cycle counter twice, so it times nothing");
    Prediction row;
    row.kernel = kernel;
    row.predicted = report.timed_cycles;
    row.error = (static_cast<double>(row.predicted) - kernel.cycles) / kernel.cycles;
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace halfpipe::dse
