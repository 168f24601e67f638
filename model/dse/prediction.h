// The calibrated model against the chip: every kernel a timing file timed, run through the model
// it calibrates, with the cycles it predicts beside the cycles measured (model/dse/README.md,
// "Prediction").
#pragma once

#include <cstdint>
#include <vector>

#include "model/dse/calibration.h"
#include "model/workload/program.h"

namespace halfpipe::dse {

// Bounds on |error|: the kernels the calibration was taken from, and those it was not.
inline constexpr double kCalibrationBound = 0.05;
inline constexpr double kHeldOutBound = 0.10;

struct Prediction {
  MeasuredKernel kernel;
  uint64_t predicted = 0;  // the model's timed cycles (workload::Report::timed_cycles)
  double error = 0;        // (predicted - measured) / measured
  bool within() const;     // |error| inside the kernel's bound
};

// The rows of one kind (calibration kernels, or held-out ones): how many, how many missed their
// bound, and the largest |error|.
struct PredictionSummary {
  int kernels = 0, missed = 0;
  double largest_error = 0;
};
PredictionSummary summarize(const std::vector<Prediction>& rows, bool held_out);

// Runs each of the calibration's kernels, found by name among `programs`, with its warps per
// sub-partition, the file's trip count and `other_latency` for the instructions outside the
// unit. Throws CalibrationError naming the file's field for a kernel no program has, or one that
// does not read the cycle counter twice.
std::vector<Prediction> predict(const Calibration& calibration,
                                const std::vector<workload::Program>& programs, int other_latency);

}  // namespace halfpipe::dse
