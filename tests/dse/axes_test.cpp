// The sweep's axis grammar (model/dse/axes.h): `name=V,V,...` or `name=A..B`, space-separated,
// named after explore's options; every bad input is refused with the axis and the item named.
#include <catch2/catch.hpp>

#include <string>
#include <variant>
#include <vector>

#include "model/dse/axes.h"

namespace {

using halfpipe::dse::Axis;
using halfpipe::dse::Point;

std::vector<Axis> parsed(const std::string& spec) {
  auto result = halfpipe::dse::parse_sweep(spec);
  INFO(spec);
  if (auto* problem = std::get_if<std::string>(&result)) FAIL(*problem);
  return std::get<std::vector<Axis>>(result);
}

std::string refused(const std::string& spec) {
  auto result = halfpipe::dse::parse_sweep(spec);
  INFO(spec);
  REQUIRE(std::holds_alternative<std::string>(result));
  return std::get<std::string>(result);
}

}  // namespace

TEST_CASE("sweep axes: lists, inclusive ranges and both mixed, in the order given", "[dse][axes]") {
  const auto axes = parsed("lanes=2,4,8 latency-arith=2..6  issue-width=1,2 queue=0,3..4");
  REQUIRE(axes.size() == 4);
  CHECK(axes[0].name == "lanes");
  CHECK(axes[0].values == std::vector<int>{2, 4, 8});
  CHECK(axes[1].name == "latency-arith");
  CHECK(axes[1].values == std::vector<int>{2, 3, 4, 5, 6});
  CHECK(axes[2].values == std::vector<int>{1, 2});
  CHECK(axes[3].values == std::vector<int>{0, 3, 4});
  CHECK(parsed("ii=3..3")[0].values == std::vector<int>{3});
}

TEST_CASE("sweep axes: every explore option that shapes the unit or the streams is an axis",
          "[dse][axes]") {
  // --lanes, --ii, --issue-width, --queue, and --latency FAMILY=N as latency-FAMILY; then the
  // streams' --warps, --trip-count and --scheduler.
  CHECK(halfpipe::dse::axis_names() ==
        std::vector<std::string>{"lanes", "ii", "issue-width", "queue", "latency-arith",
                                 "latency-minmax", "latency-sign", "latency-transcendental",
                                 "latency-all", "warps", "trip-count", "scheduler"});
  for (const std::string& name : halfpipe::dse::axis_names())
    if (name != "scheduler") CHECK(parsed(name + "=1").size() == 1);
  for (const char* stream_axis : {"warps", "trip-count", "scheduler"})
    CHECK(halfpipe::dse::is_stream_axis(stream_axis));
  CHECK_FALSE(halfpipe::dse::is_stream_axis("lanes"));
}

TEST_CASE("sweep axes: the scheduler axis takes the policies by name, as --scheduler does",
          "[dse][axes]") {
  const auto axes = parsed("scheduler=greedy-then-oldest,round-robin");
  REQUIRE(axes[0].values.size() == 2);
  CHECK(halfpipe::dse::value_text("scheduler", axes[0].values[0]) == "greedy-then-oldest");
  CHECK(halfpipe::dse::value_text("scheduler", axes[0].values[1]) == "round-robin");
  CHECK(halfpipe::dse::value_text("warps", 8) == "8");
}

TEST_CASE("sweep axes: stream axes set the streams and leave the unit alone, and the other way "
          "round",
          "[dse][axes]") {
  const auto axes = parsed("lanes=4 warps=8 trip-count=2 scheduler=greedy-then-oldest");
  const Point point = halfpipe::dse::cross_product(axes)[0];
  halfpipe::sc::PipelineConfig base;
  const auto config = halfpipe::dse::configure(base, axes, point);
  CHECK(config.lanes == 4);
  halfpipe::workload::StreamOptions streams;  // 4 warps, trip count 4, round-robin
  streams.other_latency = 9;
  const auto set = halfpipe::dse::configure_streams(streams, axes, point);
  CHECK(set.warps == 8);
  CHECK(set.trip_count == 2);
  CHECK(set.policy == halfpipe::workload::Policy::GreedyThenOldest);
  CHECK(set.other_latency == 9);  // no axis: the base's
}

TEST_CASE("sweep axes: the cross product has the product of the counts, first axis slowest",
          "[dse][axes]") {
  const auto axes = parsed("lanes=2,4,8 latency-arith=2..6 issue-width=1,2");
  const auto points = halfpipe::dse::cross_product(axes);
  REQUIRE(points.size() == 3 * 5 * 2);
  CHECK(points[0] == Point{2, 2, 1});
  CHECK(points[1] == Point{2, 2, 2});
  CHECK(points[2] == Point{2, 3, 1});
  CHECK(points[10] == Point{4, 2, 1});
  CHECK(points.back() == Point{8, 6, 2});
  // No two points alike.
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j) CHECK(points[i] != points[j]);
}

TEST_CASE("sweep axes: a point sets its options over the base configuration, axes in order",
          "[dse][axes]") {
  halfpipe::sc::PipelineConfig base;  // lanes 2, latency 4 each, ii 1, issue width 1, queue 0
  base.output_queue = 7;
  const auto axes = parsed("latency-all=3 latency-sign=1 lanes=4 ii=2 issue-width=3");
  const auto config = halfpipe::dse::configure(base, axes, Point{3, 1, 4, 2, 3});
  CHECK(config.latency == std::array<int, 4>{3, 3, 1, 3});  // all, then sign over it
  CHECK(config.lanes == 4);
  CHECK(config.initiation_interval == 2);
  CHECK(config.issue_width == 3);
  CHECK(config.output_queue == 7);  // no axis: the base's
}

TEST_CASE("sweep axes: each kind of bad input is refused with the axis and the item named",
          "[dse][axes]") {
  struct Case {
    const char* spec;
    const char* reason;
  };
  const Case cases[] = {
      {"", "no axis"},
      {"   ", "no axis"},
      {"depth=2,4", "unknown axis 'depth' (axes: lanes, ii, issue-width, queue, latency-arith"},
      {"latency-fma=2", "unknown axis 'latency-fma'"},
      {"--lanes=2", "unknown axis '--lanes'"},
      {"lanes", "'lanes' is not an axis name=VALUES"},
      {"lanes=", "axis 'lanes': an empty value"},
      {"lanes=2,,4", "axis 'lanes': an empty value"},
      {"lanes=2,", "axis 'lanes': an empty value"},
      {"lanes=two", "axis 'lanes': 'two' is not a non-negative integer"},
      {"lanes=-2", "axis 'lanes': '-2' is not a non-negative integer"},
      {"lanes=2.5", "axis 'lanes': '2.5' is not a non-negative integer"},
      {"lanes=99999999999", "'99999999999' is not a non-negative integer"},
      {"ii=1..x", "axis 'ii': '1..x' is not a range a..b of non-negative integers"},
      {"ii=..4", "'..4' is not a range"},
      {"ii=1...4", "'1...4' is not a range"},
      {"latency-all=6..2", "axis 'latency-all': the range '6..2' runs backwards"},
      {"lanes=2,2", "axis 'lanes': the value 2 is given twice"},
      {"lanes=2..4,3", "axis 'lanes': the value 3 is given twice"},
      {"lanes=2 lanes=4", "axis 'lanes' is given twice"},
      {"queue=0..200000", "the range '0..200000' has 200001 values"},
      {"scheduler=oldest", "axis 'scheduler': 'oldest' is not a scheduler (round-robin, "
                           "greedy-then-oldest)"},
      {"scheduler=round-robin,round-robin", "the value round-robin is given twice"},
      {"lanes=1..400 ii=1..400", "the sweep has 160000 points or more; at most 99999"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.spec);
    CHECK_THAT(refused(c.spec), Catch::Contains(c.reason));
  }
}
