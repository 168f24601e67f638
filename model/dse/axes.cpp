#include "model/dse/axes.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>

namespace halfpipe::dse {
namespace {

// The explore options an axis can name, and the fields they set.
constexpr const char* kLanes = "lanes";
constexpr const char* kInterval = "ii";
constexpr const char* kIssueWidth = "issue-width";
constexpr const char* kQueue = "queue";
constexpr std::string_view kLatencyPrefix = "latency-";
// The stream axes.
constexpr const char* kWarps = "warps";
constexpr const char* kTripCount = "trip-count";
constexpr const char* kScheduler = "scheduler";

std::optional<int> parse_count(std::string_view text) {
  int value = 0;
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// The values of one ITEM (a number or a range), or the problem.
std::variant<std::vector<int>, std::string> parse_item(std::string_view axis,
                                                       std::string_view item) {
  const std::string where = "axis '" + std::string(axis) + "': ";
  if (item.empty()) return where + "an empty value (two commas, or a comma at an end)";
  if (axis == kScheduler) {
    if (const auto policy = workload::parse_policy(item))
      return std::vector<int>{static_cast<int>(*policy)};
    std::string names;
    for (workload::Policy p : workload::kPolicies)
      names += std::string(names.empty() ? "" : ", ") + workload::policy_name(p);
    return where + "'" + std::string(item) + "' is not a scheduler (" + names + ")";
  }
  const auto dots = item.find("..");
  if (dots == std::string_view::npos) {
    const auto v = parse_count(item);
    if (!v) return where + "'" + std::string(item) + "' is not a non-negative integer";
    return std::vector<int>{*v};
  }
  const auto lo = parse_count(item.substr(0, dots));
  const auto hi = parse_count(item.substr(dots + 2));
  if (!lo || !hi)
    return where + "'" + std::string(item) + "' is not a range a..b of non-negative integers";
  if (*lo > *hi) return where + "the range '" + std::string(item) + "' runs backwards";
  if (static_cast<int64_t>(*hi) - *lo >= static_cast<int64_t>(kMaxSweepPoints))
    return where + "the range '" + std::string(item) + "' has " +
           std::to_string(static_cast<int64_t>(*hi) - *lo + 1) + " values; at most " +
           std::to_string(kMaxSweepPoints - 1);
  std::vector<int> values;
  for (int v = *lo;; ++v) {
    values.push_back(v);
    if (v == *hi) break;
  }
  return values;
}

bool known_axis(std::string_view name) {
  const auto names = axis_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::vector<std::string> axis_names() {
  std::vector<std::string> names{kLanes, kInterval, kIssueWidth, kQueue};
  for (int f = 0; f < sc::kFamilyCount; ++f)
    names.push_back(std::string(kLatencyPrefix) +
                    sc::family_name(static_cast<sc::OpFamily>(f)));
  names.push_back(std::string(kLatencyPrefix) + "all");
  for (const char* stream_axis : {kWarps, kTripCount, kScheduler}) names.emplace_back(stream_axis);
  return names;
}

bool is_stream_axis(std::string_view name) {
  return name == kWarps || name == kTripCount || name == kScheduler;
}

std::string value_text(const std::string& axis, int value) {
  if (axis == kScheduler) return workload::policy_name(static_cast<workload::Policy>(value));
  return std::to_string(value);
}

std::variant<std::vector<Axis>, std::string> parse_sweep(std::string_view spec) {
  std::vector<Axis> axes;
  uint64_t points = 1;
  for (std::string_view word : split(spec, ' ')) {
    if (word.empty()) continue;  // several spaces
    const auto eq = word.find('=');
    if (eq == std::string_view::npos)
      return "'" + std::string(word) + "' is not an axis name=VALUES";
    const std::string name(word.substr(0, eq));
    if (!known_axis(name)) {
      std::string names;
      for (const std::string& n : axis_names()) names += (names.empty() ? "" : ", ") + n;
      return "unknown axis '" + name + "' (axes: " + names + ")";
    }
    if (std::any_of(axes.begin(), axes.end(), [&](const Axis& a) { return a.name == name; }))
      return "axis '" + name + "' is given twice";
    Axis axis{name, {}};
    for (std::string_view item : split(word.substr(eq + 1), ',')) {
      auto values = parse_item(name, item);
      if (auto* problem = std::get_if<std::string>(&values)) return *problem;
      for (int v : std::get<std::vector<int>>(values)) {
        if (std::find(axis.values.begin(), axis.values.end(), v) != axis.values.end())
          return "axis '" + name + "': the value " + value_text(name, v) + " is given twice";
        axis.values.push_back(v);
      }
    }
    points *= axis.values.size();
    if (points >= kMaxSweepPoints)
      return "the sweep has " + std::to_string(points) + " points or more; at most " +
             std::to_string(kMaxSweepPoints - 1);
    axes.push_back(std::move(axis));
  }
  if (axes.empty()) return "no axis: give at least one name=VALUES";
  return axes;
}

void apply_axis(sc::PipelineConfig& config, const std::string& axis, int value) {
  if (axis == kLanes) {
    config.lanes = value;
  } else if (axis == kInterval) {
    config.initiation_interval = value;
  } else if (axis == kIssueWidth) {
    config.issue_width = value;
  } else if (axis == kQueue) {
    config.output_queue = value;
  } else if (axis.compare(0, kLatencyPrefix.size(), kLatencyPrefix) == 0) {
    const std::string family = axis.substr(kLatencyPrefix.size());
    if (family == "all") {
      config.latency.fill(value);
    } else if (const auto f = sc::parse_family(family)) {
      config.latency[static_cast<int>(*f)] = value;
    } else {
      throw std::invalid_argument("apply_axis: unknown family in '" + axis + "'");
    }
  } else {
    throw std::invalid_argument("apply_axis: unknown axis '" + axis + "'");
  }
}

void apply_stream_axis(workload::StreamOptions& streams, const std::string& axis, int value) {
  if (axis == kWarps) {
    streams.warps = value;
  } else if (axis == kTripCount) {
    streams.trip_count = value;
  } else if (axis == kScheduler) {
    streams.policy = static_cast<workload::Policy>(value);
  } else {
    throw std::invalid_argument("apply_stream_axis: '" + axis + "' is not a stream axis");
  }
}

std::vector<Point> cross_product(const std::vector<Axis>& axes) {
  std::vector<Point> points{Point{}};
  for (const Axis& axis : axes) {
    std::vector<Point> longer;
    longer.reserve(points.size() * axis.values.size());
    for (const Point& p : points)
      for (int v : axis.values) {
        longer.push_back(p);
        longer.back().push_back(v);
      }
    points = std::move(longer);
  }
  return points;
}

sc::PipelineConfig configure(sc::PipelineConfig base, const std::vector<Axis>& axes,
                             const Point& point) {
  for (std::size_t i = 0; i < axes.size(); ++i)
    if (!is_stream_axis(axes[i].name)) apply_axis(base, axes[i].name, point[i]);
  return base;
}

workload::StreamOptions configure_streams(workload::StreamOptions base,
                                          const std::vector<Axis>& axes, const Point& point) {
  for (std::size_t i = 0; i < axes.size(); ++i)
    if (is_stream_axis(axes[i].name)) apply_stream_axis(base, axes[i].name, point[i]);
  return base;
}

}  // namespace halfpipe::dse
