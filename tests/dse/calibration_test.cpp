// The model configured from a measured timing file (model/dse/README.md, "Calibration"): what it
// takes from the stand-in file, whose figures tests/dse/data/README.md derives by hand, and every
// figure it refuses, each named by file and field.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "model/dse/calibration.h"
#include "tests/support/read_file.h"

namespace {

using halfpipe::Op;
using halfpipe::dse::calibrate;
using halfpipe::dse::CalibrationError;
using halfpipe::sc::OpFamily;
using nlohmann::json;

const char* const kStandIn = HALFPIPE_SOURCE_DIR "/tests/dse/data/timing-stand-in.json";

json stand_in() { return json::parse(halfpipe::test::read_file(kStandIn)); }

// The index of the stand-in's entry for OP FORMAT.
std::size_t entry(const json& doc, const std::string& op, const std::string& format) {
  for (std::size_t i = 0; i < doc["ops"].size(); ++i)
    if (doc["ops"][i]["op"] == op && doc["ops"][i]["format"] == format) return i;
  FAIL("the stand-in has no " << op << " " << format);
  return 0;
}

// The message calibrating `doc` is refused with.
std::string refusal(const json& doc) {
  try {
    calibrate(doc.dump(), "t.json");
  } catch (const CalibrationError& e) {
    return e.what();
  }
  return "(accepted)";
}

int latency(const halfpipe::sc::PipelineConfig& c, Op op) { return c.latency_of(op); }
int interval(const halfpipe::sc::PipelineConfig& c, OpFamily f) {
  return c.family_interval[static_cast<int>(f)];
}

}  // namespace

TEST_CASE("calibration: each op takes its measured latency, rounded to whole cycles",
          "[dse][calibration]") {
  const auto c = halfpipe::dse::read_calibration(kStandIn).config;
  CHECK(latency(c, Op::Add) == 4);  // f16 4.0 and bf16 4.1 both round to 4
  CHECK(latency(c, Op::Sub) == 4);
  CHECK(latency(c, Op::Mul) == 4);
  CHECK(latency(c, Op::Fma) == 5);
  CHECK(latency(c, Op::Min) == 2);
  CHECK(latency(c, Op::Neg) == 2);
  CHECK(latency(c, Op::Tanh) == 6);
  CHECK(latency(c, Op::Ex2) == 6);
}

TEST_CASE("calibration: a family's interval is one over its peak warp instructions per cycle "
          "per sub-partition",
          "[dse][calibration]") {
  const auto c = halfpipe::dse::read_calibration(kStandIn).config;
  // 128 thread instructions per cycle per SM of 4 sub-partitions: 128 / (32 * 4) = 1 warp
  // instruction per cycle; 64: one every 2; 16: one every 8.
  CHECK(interval(c, OpFamily::Arith) == 1);
  CHECK(interval(c, OpFamily::MinMax) == 2);
  CHECK(interval(c, OpFamily::Sign) == 2);
  CHECK(interval(c, OpFamily::Transcendental) == 8);
  CHECK(c.initiation_interval == 1);
  CHECK(c.issue_width == 1);
  CHECK(c.lanes == 32);  // a warp's 32 threads every cycle through the arithmetic pipe
}

TEST_CASE("calibration: the report names the file and the device", "[dse][calibration]") {
  const auto c = halfpipe::dse::read_calibration(kStandIn);
  CHECK(halfpipe::dse::describe(c) ==
        std::string(kStandIn) +
            " (stand-in: hand-derived figures, not a measurement (sm_90), 4 sub-partitions per "
            "SM, 1000 MHz)");
}

TEST_CASE("calibration: a file of another format or campaign version is refused",
          "[dse][calibration]") {
  json doc = stand_in();
  doc["campaign_version"] = 1;
  CHECK(refusal(doc) ==
        "t.json: campaign_version: campaign version 1: timing files come from version 2, whose "
        "timing phase this reader knows");
  doc = stand_in();
  doc["halfpipe_timing"] = 2;
  CHECK(refusal(doc) == "t.json: halfpipe_timing: format 2: this halfpipe reads format 1");
}

TEST_CASE("calibration: a file that does not name its device is refused", "[dse][calibration]") {
  json doc = stand_in();
  doc["device"].erase("name");
  CHECK(refusal(doc) == "t.json: device.name: missing");
  doc = stand_in();
  doc["device"]["sm"] = "hopper";
  CHECK(refusal(doc) == "t.json: device.sm: 'hopper' is not an architecture such as sm_90");
}

TEST_CASE("calibration: an op without a measurement is refused", "[dse][calibration]") {
  json doc = stand_in();
  doc["ops"].erase(entry(doc, "tanh", "f16"));
  CHECK(refusal(doc) == "t.json: ops: no measurement of tanh: the model needs every op's latency "
                        "(add, sub, mul, fma, neg, abs, min, max, tanh, ex2)");
}

TEST_CASE("calibration: a zero, negative or fractional latency is refused", "[dse][calibration]") {
  json doc = stand_in();
  const std::size_t fma = entry(doc, "fma", "f16");
  const std::string field = "t.json: ops[" + std::to_string(fma) + "].latency.cycles: ";
  doc["ops"][fma]["latency"]["cycles"] = 0;
  CHECK(refusal(doc) == field + "0 is not a positive number");
  doc["ops"][fma]["latency"]["cycles"] = -4;
  CHECK(refusal(doc) == field + "-4 is not a positive number");
  doc["ops"][fma]["latency"]["cycles"] = 4.5;
  CHECK(refusal(doc) == field +
                            "4.5 cycles is not within 0.25 of a whole cycle count: the model's "
                            "latencies are whole cycles");
}

TEST_CASE("calibration: a throughput above one warp instruction per cycle per sub-partition is "
          "refused, not clamped",
          "[dse][calibration]") {
  json doc = stand_in();
  const std::size_t mul = entry(doc, "mul", "f16");
  doc["ops"][mul]["throughput"][1]["per_cycle"] = 256;  // 256 / 128 = 2 warp instructions
  CHECK(refusal(doc) == "t.json: ops[" + std::to_string(mul) +
                            "].throughput[1].per_cycle: 256 thread instructions per cycle per SM "
                            "is 2 warp instructions per cycle per sub-partition, above the 1 a "
                            "sub-partition's scheduler issues (the model's issue width)");
}

TEST_CASE("calibration: a throughput between two whole intervals is refused",
          "[dse][calibration]") {
  json doc = stand_in();
  const std::size_t ex2 = entry(doc, "ex2", "f16");
  // 48 / 128 = 0.375 warp instructions a cycle: one every 2.67 cycles, 11% from 3.
  doc["ops"][ex2]["throughput"][0]["per_cycle"] = 48;
  CHECK_THAT(refusal(doc),
             Catch::StartsWith("t.json: ops[" + std::to_string(ex2) +
                               "].throughput[0].per_cycle: 48 thread instructions per cycle per "
                               "SM is 0.375 warp instructions per cycle per sub-partition: one "
                               "every 2.66667 cycles, not within 10% of a whole interval"));
}

TEST_CASE("calibration: formats of one op with different latencies are refused",
          "[dse][calibration]") {
  json doc = stand_in();
  const std::size_t bf16 = entry(doc, "add", "bf16");
  doc["ops"][bf16]["latency"]["cycles"] = 6;
  CHECK(refusal(doc) == "t.json: ops[" + std::to_string(bf16) +
                            "].latency.cycles: add bf16 (ops[1]) takes 6 cycles, add f16 (ops[0]) "
                            "4: the model gives an op one latency for every format");
}

TEST_CASE("calibration: ops of one family with different intervals are refused",
          "[dse][calibration]") {
  json doc = stand_in();
  const std::size_t ex2 = entry(doc, "ex2", "f16");
  for (auto& rate : doc["ops"][ex2]["throughput"]) rate["per_cycle"] = 32;  // one every 4
  CHECK_THAT(refusal(doc), Catch::EndsWith("every 8: the model gives a family (transcendental) "
                                           "one interval"));
}

TEST_CASE("calibration: a measurement given twice is refused", "[dse][calibration]") {
  json doc = stand_in();
  doc["ops"].push_back(doc["ops"][0]);
  const std::string last = std::to_string(doc["ops"].size() - 1);
  CHECK(refusal(doc) == "t.json: ops[" + last + "]: add f16 is measured twice (also ops[0])");
}

TEST_CASE("calibration: text that is not JSON is refused with its line", "[dse][calibration]") {
  try {
    calibrate("{\n  \"halfpipe_timing\": 1,\n  oops\n}", "t.json");
    FAIL("accepted");
  } catch (const CalibrationError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith("t.json: line 3: not JSON: "));
  }
  CHECK_THROWS_WITH(halfpipe::dse::read_calibration("/nonexistent/t.json"),
                    "/nonexistent/t.json: cannot be read");
}

TEST_CASE("calibration: a timed kernel's measured cycles are the span its figure was divided from",
          "[dse][calibration]") {
  json doc = stand_in();
  doc["chain_length"] = 512;
  doc["chains"] = 8;
  const std::size_t fma = entry(doc, "fma", "f16x2"), add = entry(doc, "add", "f16");
  doc["ops"][fma]["latency_kernel"] = "latency_fma_f16x2";
  doc["ops"][fma]["throughput_kernel"] = "throughput_fma_f16x2";
  doc["ops"][add]["throughput_kernel"] = "throughput_add_f16";
  doc["ops"][add]["chains"] = 1;
  const auto kernels = calibrate(doc.dump(), "t.json").kernels;
  REQUIRE(kernels.size() == 5);  // in the file's order: add f16 (ops[0]), then fma f16x2
  // add f16's own single chain: 32 x 1 x 4 x 1 x 512 / 128 = 512 at 1 warp per sub-partition,
  // 32 x 2 x 4 x 1 x 512 / 128 = 1024 at 2.
  CHECK(kernels[0].name == "throughput_add_f16");
  CHECK(kernels[0].cycles == Approx(512));
  CHECK(kernels[1].warps == 2);
  CHECK(kernels[1].cycles == Approx(1024));
  CHECK(kernels[1].field == "ops[0].throughput[1]");
  // Latency: 5.0 cycles x 512 instructions, one warp.
  CHECK(kernels[2].name == "latency_fma_f16x2");
  CHECK(kernels[2].warps == 1);
  CHECK(kernels[2].cycles == 2560);
  CHECK(kernels[2].field == "ops[5].latency");
  // Throughput at the file's 8 chains: 1 warp at 102.4, 32 x 1 x 4 x 8 x 512 / 102.4 = 5120;
  // 2 warps at 128, 32 x 2 x 4 x 8 x 512 / 128 = 8192.
  CHECK(kernels[3].cycles == Approx(5120));
  CHECK(kernels[4].cycles == Approx(8192));
  CHECK_FALSE(kernels[4].held_out);
}
