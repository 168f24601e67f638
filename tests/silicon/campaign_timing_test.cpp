// The campaign's timing phase on the CPU (silicon/campaign/timing.h): spans per SM from each
// warp's clocks, the figures over repeats, and timing.json from spans made by hand; then the
// whole phase against the stand-in device (tests/silicon/campaign_standin.cpp), whose spans are
// derived by hand below.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "silicon/campaign/timing.h"

namespace hc = halfpipe_campaign;
using Catch::Matchers::WithinRel;

namespace {

hc::DeviceInfo device() {
  hc::DeviceInfo d;
  d.name = "NVIDIA H100 80GB HBM3";
  d.sm = "sm_90";
  d.multiprocessors = 132;
  d.sub_partitions = 4;
  d.clock_khz = 1980000;
  return d;
}

// One op (fma.rn.f16x2: 3 repeats of its latency kernel, 1 and 2 warps of its throughput
// kernel) and one held-out kernel at 4 warps, spans made by hand.
hc::TimingMeasurement fma_and_softmax() {
  hc::TimingMeasurement m;
  m.device = device();
  m.shape = {256, 8, 8};
  m.repeats = 3;
  hc::TimingMeasurement::Op op;
  op.latency = {"latency_fma_f16x2", "latency", "fma", "f16x2", "fma.rn.f16x2", "", "HFMA2", "workloads/timing/ops.ptx", 1};
  op.throughput = {"throughput_fma_f16x2", "throughput", "fma", "f16x2", "fma.rn.f16x2", "", "HFMA2", "workloads/timing/ops.ptx", 8};
  op.latency_spans = {{1024, 1030, 1026}, {1040}, {1020}};
  op.throughput_spans = {{1, {{1024}, {1024}, {1024}}}, {2, {{2048}, {4096}, {2048}}}};
  m.ops.push_back(op);
  hc::TimingMeasurement::Kernel k;
  k.info = {"heldout_softmax_inner", "heldout", "", "", "", "", "", "workloads/timing/heldout.ptx", 0};
  k.spans = {{4, {{1000, 1002}, {1010, 1012}, {990, 992}}}};
  m.kernels.push_back(k);
  return m;
}

}  // namespace

TEST_CASE("timing: a block's span is the latest end less the earliest start over its SM's warps, never across SMs") {
  // SM 3: warps from 10 to 50 and from 12 to 61: 61 - 10 = 51. SM 0: 1000 to 1100: 100.
  const std::vector<hc::WarpClock> clocks{{3, 10, 50}, {0, 1000, 1100}, {3, 12, 61}};
  CHECK(hc::spans_by_sm(clocks) == std::vector<double>{100, 51});
}

TEST_CASE("timing: latency is the median over repeats of the median span over SMs, per instruction, and its spread max - min") {
  const hc::TimingShape shape{256, 8, 8};
  // Repeats' medians over SMs: 1026 (of 1024 1026 1030), 1040, 1020. Median 1026, spread 20.
  const hc::Figure f = hc::latency_figure({{1024, 1030, 1026}, {1040}, {1020}}, shape);
  CHECK(f.value == 1026.0 / 256);
  CHECK(f.spread == 20.0 / 256);
}

TEST_CASE("timing: throughput counts 32 thread instructions a warp instruction, over every warp, chain and instruction") {
  // 2 warps a sub-partition, 4 sub-partitions, 8 chains of 256: 32 * 2 * 4 * 8 * 256 = 524288
  // thread instructions. Spans 2048 and 4096: 256 and 128 a cycle; median of two, 192.
  const hc::Figure f = hc::throughput_figure({{2048}, {4096}}, 2, 4, 8, 256);
  CHECK(f.value == 192);
  CHECK(f.spread == 128);
  // One chain (a scalar format's kernel) over the same spans: 32 * 2 * 4 * 256 = 65536 thread
  // instructions; 32 and 16 a cycle, median 24, spread 16.
  const hc::Figure one = hc::throughput_figure({{2048}, {4096}}, 2, 4, 1, 256);
  CHECK(one.value == 24);
  CHECK(one.spread == 16);
}

TEST_CASE("timing: timing.json holds the device, the shape and each figure as derived by hand") {
  const hc::TimingMeasurement m = fma_and_softmax();
  const auto j = nlohmann::json::parse(hc::timing_json(m));
  CHECK(j["halfpipe_timing"] == 1);
  CHECK(j["campaign_version"] == hc::kCampaignVersion);
  CHECK(j["device"]["name"] == "NVIDIA H100 80GB HBM3");
  CHECK(j["device"]["sm"] == "sm_90");
  CHECK(j["device"]["multiprocessors"] == 132);
  CHECK(j["device"]["sub_partitions"] == 4);
  CHECK(j["device"]["clock_khz"] == 1980000);
  CHECK(j["chain_length"] == 256);
  CHECK(j["chains"] == 8);
  CHECK(j["trip_count"] == 8);
  CHECK(j["repeats"] == 3);
  CHECK(j["ptx"] == "workloads/timing/ops.ptx");
  REQUIRE(j["ops"].size() == 1);
  const auto& o = j["ops"][0];
  CHECK(o["op"] == "fma");
  CHECK(o["format"] == "f16x2");
  CHECK(o["instruction"] == "fma.rn.f16x2");
  CHECK(o["sass"] == "HFMA2");
  // The top-level chains (8) is this entry's: it has none of its own, nor a partner form.
  CHECK_FALSE(o.contains("chains"));
  CHECK_FALSE(o.contains("alternates_with"));
  CHECK(o["latency_kernel"] == "latency_fma_f16x2");
  CHECK(o["throughput_kernel"] == "throughput_fma_f16x2");
  // 1026 / 256 = 4.0078125 (printed to six digits: 4.00781); spread 20 / 256 = 0.078125.
  CHECK_THAT(o["latency"]["cycles"].get<double>(), WithinRel(4.0078125, 1e-5));
  CHECK_THAT(o["latency"]["spread"].get<double>(), WithinRel(0.078125, 1e-5));
  REQUIRE(o["throughput"].size() == 2);
  // 1 warp: 32 * 1 * 4 * 8 * 256 / 1024 = 256 every repeat. 2 warps: 256, 128, 256: median 256.
  CHECK(o["throughput"][0]["warps"] == 1);
  CHECK(o["throughput"][0]["per_cycle"] == 256);
  CHECK(o["throughput"][0]["spread"] == 0);
  CHECK(o["throughput"][1]["warps"] == 2);
  CHECK(o["throughput"][1]["per_cycle"] == 256);
  CHECK(o["throughput"][1]["spread"] == 128);
  REQUIRE(j["kernels"].size() == 1);
  const auto& kj = j["kernels"][0];
  CHECK(kj["name"] == "heldout_softmax_inner");
  CHECK(kj["ptx"] == "workloads/timing/heldout.ptx");
  CHECK(kj["warps"] == 4);
  // Medians over SMs 1001, 1011, 991: median 1001, spread 20.
  CHECK(kj["cycles"] == 1001);
  CHECK(kj["spread"] == 20);
}

TEST_CASE("timing: timing.md tabulates each op's latency and throughput per warp count with the row's largest spread") {
  const hc::TimingMeasurement m = fma_and_softmax();
  const std::string table = hc::timing_table(m);
  // The figures of the timing.json case above: latency 1026 / 256 = 4.00781 (spread 0.078125);
  // 256 a cycle at 1 and at 2 warps, the spread at 2 warps 128 the row's largest.
  CHECK_THAT(table, Catch::Matchers::Contains("# Timing on NVIDIA H100 80GB HBM3 (sm_90)"));
  CHECK_THAT(table, Catch::Matchers::Contains("Clock 1980 MHz; chains of 256 instructions; each "
                                              "figure the median of 3 repeats"));
  CHECK_THAT(table, Catch::Matchers::Contains("| op | format | instruction | SASS | latency | 1 | 2 | spread |\n"));
  CHECK_THAT(table, Catch::Matchers::Contains("| fma | f16x2 | `fma.rn.f16x2` | HFMA2 | 4.00781 | 256 | 256 | 128 |\n"));
  CHECK_THAT(table, Catch::Matchers::Contains("| heldout_softmax_inner | 4 | 1001 | 20 |\n"));
}

TEST_CASE("timing: an entry whose throughput kernel runs other chains than the default says so, and its rate counts its own") {
  hc::TimingMeasurement m;
  m.device = device();
  m.shape = {256, 8, 8};
  m.repeats = 1;
  hc::TimingMeasurement::Op op;
  op.latency = {"latency_min_f16", "latency", "min", "f16", "min.f16", "min.NaN.f16", "HMNMX2", "workloads/timing/ops.ptx", 1};
  op.throughput = {"throughput_min_f16", "throughput", "min", "f16", "min.f16", "min.NaN.f16", "HMNMX2", "workloads/timing/ops.ptx", 1};
  op.latency_spans = {{1024}};
  // 4 warps a sub-partition, 4 sub-partitions, one chain of 256: 32 * 4 * 4 * 1 * 256 = 131072
  // thread instructions over 1024 cycles: 128 a cycle (with the default 8 chains it would be 1024).
  op.throughput_spans = {{4, {{1024}}}};
  m.ops.push_back(op);
  const auto j = nlohmann::json::parse(hc::timing_json(m));
  CHECK(j["chains"] == 8);
  const auto& o = j["ops"][0];
  CHECK(o["chains"] == 1);
  CHECK(o["alternates_with"] == "min.NaN.f16");
  CHECK(o["throughput"][0]["per_cycle"] == 128);
}

TEST_CASE("timing: a throughput kernel without a chain is refused, never divided by") {
  CHECK_THROWS_WITH(hc::throughput_figure({{1024}}, 1, 4, 0, 256), Catch::Matchers::Contains("0 chains"));
}

TEST_CASE("timing: a span that is not positive is refused, never written") {
  hc::TimingMeasurement m;
  m.device = device();
  m.shape = {256, 8, 8};
  hc::TimingMeasurement::Kernel k;
  k.info = {"heldout_hgemm_inner", "heldout", "", "", "", "", "", "workloads/timing/heldout.ptx", 0};
  k.spans = {{1, {{0}}}};
  m.kernels.push_back(k);
  CHECK_THROWS_WITH(hc::timing_json(m), Catch::Matchers::Contains("a span of 0"));
}

TEST_CASE("timing: the phase times every kernel the device carries at each warp count, each repeat on every SM") {
  // The stand-in: 2 SMs, 4 sub-partitions, chains of 256, 8 chains.
  hc::DeviceInfo info;
  REQUIRE(hc::device_open(1, 1, info).empty());
  hc::TimingMeasurement m;
  REQUIRE(hc::measure_timing(info, 5, m).empty());
  hc::device_close();
  REQUIRE(m.ops.size() == 1);
  CHECK(m.ops[0].latency.name == "latency_fma_f16");
  CHECK(m.ops[0].throughput.name == "throughput_fma_f16");
  // Latency, one warp an SM: 4 * 256 on SM 0 and 4 * 256 + 10 on SM 1; median 1029 / 256.
  REQUIRE(m.ops[0].latency_spans.size() == 5);
  CHECK(m.ops[0].latency_spans[0] == std::vector<double>{1024, 1034});
  CHECK(hc::latency_figure(m.ops[0].latency_spans, m.shape).value == 1029.0 / 256);
  // Throughput, w warps a sub-partition: 4w warps an SM of one chain of 256 (f16 is scalar),
  // one warp instruction a cycle in each sub-partition: 4w * 256 / 4 = 256w cycles,
  // 32 * 4w * 1 * 256 / 256w = 128 thread instructions a cycle at every w.
  REQUIRE(m.ops[0].throughput.chains == 1);
  REQUIRE(m.ops[0].throughput_spans.size() == std::size(hc::kTimingWarps));
  for (const auto& [warps, spans] : m.ops[0].throughput_spans) {
    CHECK(spans[0][0] == 256.0 * warps);
    CHECK(hc::throughput_figure(spans, warps, 4, m.ops[0].throughput.chains, m.shape.chain_length)
              .value == 128);
  }
  // The held-out kernel: 1000 cycles per warp in each sub-partition.
  REQUIRE(m.kernels.size() == 1);
  for (const auto& [warps, spans] : m.kernels[0].spans) CHECK(hc::cycles_figure(spans).value == 1000.0 * warps);
}
