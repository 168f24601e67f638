// The SystemC model takes the vISA front-end's Uops like any other: PipelineCore evaluates a beat
// through ref::execute_lanes, which dispatches MIN_MAX Uops to the vISA rules (S26-S29) and fuses
// the lanes of a 32- or 64-bit element.
// Expected values worked out by hand: W 0x8000 = -32768, 0xFFFF = -1; HF NaNs 0x7E01, 0xFD55.
#include <catch2/catch.hpp>

#include "model/sc/pipeline.h"

namespace halfpipe::sc {
namespace {

// One transaction into an empty RTL-configured unit; its result when it leaves.
Result run_one(const Transaction& t, int lanes = 2) {
  PipelineCore core(rtl_configuration(lanes, 4));
  core.set_out_ready(true);
  core.offer(t);
  for (int edge = 0; edge < 10; ++edge) {
    core.edge();
    if (!core.departed_at_last_edge().empty()) return core.departed_at_last_edge().front();
  }
  FAIL("no result within 10 edges");
  return {};
}

Transaction visa(Op op, Format format, uint32_t lane_mask) {
  Transaction t;
  t.uop.op = op;
  t.uop.format = format;
  t.uop.nan_policy = NanPolicy::VisaSrc1;
  t.uop.lane_mask = lane_mask;
  return t;
}

}  // namespace

TEST_CASE("SystemC: a vISA W min Uop is evaluated, signed, with a disabled lane reading 0",
          "[sc][visa]") {
  Transaction t = visa(Op::Min, Format::S16, 0b01);
  t.a = {0x8000, 0x0001};
  t.b = {0x7FFF, 0x0000};
  const Result r = run_one(t);
  CHECK(r.evaluated);
  CHECK(r.lanes[0] == 0x8000);  // S26: -32768 < 32767
  CHECK(r.lanes[1] == 0x0000);  // disabled
}

TEST_CASE("SystemC: a vISA HF Uop keeps src1's NaN (S28) and its modifier (S27)", "[sc][visa]") {
  Transaction t = visa(Op::Max, Format::F16, 0b11);
  t.uop.src1_mod = {true, false};  // -src1
  t.a = {0x7E01, 0x3C00};          // NaN, 1.0
  t.b = {0x7D55, 0x4000};          // NaN, 2.0
  const Result r = run_one(t);
  CHECK(r.evaluated);
  CHECK(r.lanes[0] == 0xFD55);  // two NaNs: -src1, payload kept
  CHECK(r.lanes[1] == 0x3C00);  // max(1, -2)
}

TEST_CASE("SystemC: a vISA F Uop computes one element on each lane pair, a DF one on four lanes",
          "[sc][visa]") {
  // F on Lanes=4: element 0 = lanes 0, 1: max(0x3F800001, 0x3F800000) = 1.0 + ulp (the low
  // slices decide); element 1 = lanes 2, 3: max(NaN 0x7F800001, -1.0) = -1.0 (S28: the NaN's
  // payload is in the low slice alone).
  Transaction f = visa(Op::Max, Format::F32, 0b1111);
  f.a = {0x0001, 0x3F80, 0x0001, 0x7F80};
  f.b = {0x0000, 0x3F80, 0x0000, 0xBF80};
  Result r = run_one(f, 4);
  CHECK(r.evaluated);
  CHECK(r.lanes[0] == 0x0001);
  CHECK(r.lanes[1] == 0x3F80);
  CHECK(r.lanes[2] == 0x0000);
  CHECK(r.lanes[3] == 0xBF80);
  // DF .sat on Lanes=4: min(2.0, 3.0) = 2.0, clamped to 1.0 = 0x3FF0'0000'0000'0000 (S29).
  Transaction df = visa(Op::Min, Format::F64, 0b1111);
  df.uop.sat = true;
  df.a = {0x0000, 0x0000, 0x0000, 0x4000};
  df.b = {0x0000, 0x0000, 0x0000, 0x4008};
  r = run_one(df, 4);
  CHECK(r.evaluated);
  CHECK(r.lanes[3] == 0x3FF0);
  CHECK(r.lanes[0] == 0x0000);
  // A 64-bit element on two lanes is no beat of this unit: not evaluated.
  df.uop.lane_mask = 0b11;
  r = run_one(df, 2);
  CHECK_FALSE(r.evaluated);
}

}  // namespace halfpipe::sc
