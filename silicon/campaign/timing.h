// The campaign's timing phase (silicon/README.md, "Timing"): after the bit-for-bit phases (or
// alone, --timing-only), every timing kernel the device carries is timed by the SM's own cycle
// counter, and timing.json says, per op and format, the latency of a dependent chain and the
// throughput of independent chains at each warp count, and the cycles of the held-out kernels.
// The measuring (measure_timing) and the document (timing_json) are apart, so that the tests
// give the document spans made by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "device.h"

namespace halfpipe_campaign {

// The format of timing.json; a reader refuses another.
inline constexpr int kTimingFormat = 1;
// Warps per SM sub-partition of the throughput sweep and the held-out kernels. 32 (128 warps an
// SM) is past sm_90's 64 resident warps an SM: the sweep stops at 16.
inline constexpr int kTimingWarps[] = {1, 2, 4, 8, 16};

// Each repeat's span on each SM, in cycles: spans[repeat][sm].
using Spans = std::vector<std::vector<double>>;

struct TimingMeasurement {
  DeviceInfo device;
  TimingShape shape;
  int repeats = 0;
  struct Op {
    TimingKernelInfo latency, throughput;
    Spans latency_spans;                              // one warp an SM
    std::vector<std::pair<int, Spans>> throughput_spans;  // by warps per sub-partition
  };
  struct Kernel {
    TimingKernelInfo info;
    std::vector<std::pair<int, Spans>> spans;  // by warps per sub-partition
  };
  std::vector<Op> ops;
  std::vector<Kernel> kernels;
};

// Each SM's span of one launch: the latest end less the earliest start over the warps that ran on
// it (%clock64 is the SM's own counter, so clocks of two SMs are never compared), by SM number.
std::vector<double> spans_by_sm(const std::vector<WarpClock>& clocks);

// A figure over repeats: each repeat's value (of the median span over SMs), then the median of
// those values (the mean of the middle two for an even count) and their spread, max - min.
struct Figure {
  double value = 0, spread = 0;
};
// latency.cycles: the span / chain_length.
Figure latency_figure(const Spans& spans, const TimingShape& shape);
// throughput per_cycle: warps x sub_partitions x chains x chain_length x 32 / span, `chains` the
// kernel's own (TimingKernelInfo::chains: a scalar format's kernel runs one).
Figure throughput_figure(const Spans& spans, int warps, int sub_partitions, int chains,
                         int chain_length);
// kernels' cycles: the span.
Figure cycles_figure(const Spans& spans);

// timing.json (silicon/README.md, "Timing"). Throws std::invalid_argument for a span that is
// not positive or a repeat without one.
std::string timing_json(const TimingMeasurement& m);

// timing.md: timing.json's figures as the tables a results README shows: per op and format the
// latency and the throughput at each warp count with the row's largest spread, then the held-out
// kernels' cycles. Throws as timing_json does.
std::string timing_table(const TimingMeasurement& m);

// Times every kernel the device carries, `repeats` times each, on the open device. "" or the
// error (the kernel named).
std::string measure_timing(const DeviceInfo& device, int repeats, TimingMeasurement& out);

}  // namespace halfpipe_campaign
