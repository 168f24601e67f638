// The model configured from a GPU's measured timing: the file the silicon campaign's timing phase
// writes (silicon/README.md, "Timing"), read into the PipelineConfig of one SM sub-partition.
// The rules that turn measurements into the model's integers, and the figures they refuse, are
// model/dse/README.md's "Calibration".
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/sc/config.h"

namespace halfpipe::dse {

// The timing file's format and the campaign version whose timing phase writes it.
inline constexpr int kTimingFormat = 1;
inline constexpr int kTimingCampaignVersion = 2;

// A file that cannot be read, or a figure the model cannot take: what() is "FILE: FIELD: problem"
// (the field as a JSON path, e.g. ops[3].latency.cycles).
struct CalibrationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One op as measured and as the model takes it.
struct CalibratedOp {
  Op op{};
  std::vector<std::string> formats;  // those measured, in the file's order
  double latency = 0;                // measured cycles per dependent instruction (the first format)
  double warp_rate = 0;  // peak warp instructions per cycle per sub-partition, over every format
  int peak_warps = 0;    // warps per sub-partition where the peak was measured
};

// A kernel the file timed, as a prediction reruns it (prediction.h): the cycles the chip took
// from the first read of its cycle counter to the last over one SM's warps.
struct MeasuredKernel {
  std::string name;  // the .entry
  int warps = 1;     // per sub-partition
  double cycles = 0;
  bool held_out = false;  // not one the calibration was taken from
  std::string field;      // where the file gives it, e.g. ops[3].throughput[1]
};

struct Calibration {
  sc::PipelineConfig config;
  // The timed kernels, when the file names them (its ops' latency_kernel and throughput_kernel,
  // and its held-out kernels), and their loops' trip count.
  std::vector<MeasuredKernel> kernels;
  int trip_count = 1;
  std::string file;    // as given
  std::string device;  // "NAME (sm_NN)"
  int sub_partitions = 0;
  double clock_khz = 0;
  std::vector<CalibratedOp> ops;  // in op-table order
};

// Tolerances: a measured latency the model rounds to whole cycles by more than this many cycles,
// or a measured interval it rounds by more than this fraction, is refused rather than rounded.
inline constexpr double kLatencyTolerance = 0.25;
inline constexpr double kIntervalTolerance = 0.10;

// Throws CalibrationError.
Calibration read_calibration(const std::string& path);
// The same from the file's text; `file` names it in messages.
Calibration calibrate(std::string_view text, const std::string& file);

// "FILE (NAME (sm_NN), SUB sub-partitions per SM, CLOCK MHz)": what a report says it was
// calibrated from.
std::string describe(const Calibration& calibration);

}  // namespace halfpipe::dse
