// The axes of a design-space sweep: `halfpipe explore --sweep 'lanes=2,4,8 latency-arith=2..6'`.
// Each axis is named after an explore option and sets that option's value at every point;
// `--latency FAMILY=N` becomes the axes latency-FAMILY (FAMILY one of sc::family_names(), or
// all). A sweep runs the cross product of its axes, the first axis varying slowest.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "model/sc/config.h"

namespace halfpipe::dse {

struct Axis {
  std::string name;         // e.g. "lanes", "latency-arith"
  std::vector<int> values;  // in the order given, no repeats
};

// Every axis name a sweep takes, in the order the help text lists them.
std::vector<std::string> axis_names();

// A sweep with this many points or more is refused: a typo such as lanes=1..1000000 would
// otherwise run for days.
inline constexpr uint64_t kMaxSweepPoints = 100000;

// Parses SPEC: space-separated axes `name=ITEM[,ITEM...]`, ITEM a non-negative integer or an
// inclusive range `a..b` (a <= b). The axes, or the problem (naming the axis and the item): an
// unknown name, an axis given twice, a value that is not a non-negative integer, a reversed or
// empty range, a repeated value, a sweep of kMaxSweepPoints points or more.
std::variant<std::vector<Axis>, std::string> parse_sweep(std::string_view spec);

// Sets the option `axis` names to `value` in `config` (no validation: sc::validate does that
// per point). `axis` must be one of axis_names().
void apply_axis(sc::PipelineConfig& config, const std::string& axis, int value);

// One point of the cross product: the value of each axis, in the axes' order.
using Point = std::vector<int>;

// The cross product of the axes' values, the first axis varying slowest; one empty point for no
// axes (the base configuration alone).
std::vector<Point> cross_product(const std::vector<Axis>& axes);

// The base configuration with the point's values applied.
sc::PipelineConfig configure(sc::PipelineConfig base, const std::vector<Axis>& axes,
                             const Point& point);

}  // namespace halfpipe::dse
