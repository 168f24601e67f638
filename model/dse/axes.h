// The axes of a design-space sweep: `halfpipe explore --sweep 'lanes=2,4,8 latency-arith=2..6'`.
// Each axis is named after an explore option and sets that option's value at every point;
// `--latency FAMILY=N` becomes the axes latency-FAMILY (FAMILY one of sc::family_names(), or
// all). A sweep runs the cross product of its axes, the first axis varying slowest.
//
// Most axes shape the unit (sc::PipelineConfig). The stream axes `warps`, `trip-count` and
// `scheduler` shape a real workload instead (workload::StreamOptions): they need --ptx-file or
// --trace-file, and `scheduler` takes the policies' names (`scheduler=round-robin,
// greedy-then-oldest`), kept in Axis::values as the workload::Policy's number.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "model/sc/config.h"
#include "model/workload/scheduler.h"

namespace halfpipe::dse {

struct Axis {
  std::string name;         // e.g. "lanes", "latency-arith"
  std::vector<int> values;  // in the order given, no repeats
};

// Every axis name a sweep takes, in the order the help text lists them.
std::vector<std::string> axis_names();

// Whether the axis shapes the workload's streams (warps, trip-count, scheduler), not the unit.
bool is_stream_axis(std::string_view name);

// How a value of the axis is written: the policy's name for `scheduler`, else the number.
std::string value_text(const std::string& axis, int value);

// A sweep with this many points or more is refused: a typo such as lanes=1..1000000 would
// otherwise run for days.
inline constexpr uint64_t kMaxSweepPoints = 100000;

// Parses SPEC: space-separated axes `name=ITEM[,ITEM...]`, ITEM a non-negative integer or an
// inclusive range `a..b` (a <= b), or for `scheduler` a policy's name. The axes, or the problem (naming the axis and the item): an
// unknown name, an axis given twice, a value that is not a non-negative integer, a reversed or
// empty range, a repeated value, a sweep of kMaxSweepPoints points or more.
std::variant<std::vector<Axis>, std::string> parse_sweep(std::string_view spec);

// Sets the option `axis` names to `value` in `config` (no validation: sc::validate does that
// per point). `axis` must be one of axis_names() and not a stream axis.
void apply_axis(sc::PipelineConfig& config, const std::string& axis, int value);

// Sets the stream axis `axis` to `value` in `streams` (workload::validate checks it per point).
void apply_stream_axis(workload::StreamOptions& streams, const std::string& axis, int value);

// One point of the cross product: the value of each axis, in the axes' order.
using Point = std::vector<int>;

// The cross product of the axes' values, the first axis varying slowest; one empty point for no
// axes (the base configuration alone).
std::vector<Point> cross_product(const std::vector<Axis>& axes);

// The base configuration with the point's unit axes applied (its stream axes are skipped).
sc::PipelineConfig configure(sc::PipelineConfig base, const std::vector<Axis>& axes,
                             const Point& point);

// The workload's streams with the point's stream axes applied (its unit axes are skipped).
workload::StreamOptions configure_streams(workload::StreamOptions base,
                                          const std::vector<Axis>& axes, const Point& point);

}  // namespace halfpipe::dse
