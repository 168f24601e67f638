// The SystemC model takes the vISA front-end's Uops like any other: PipelineCore evaluates every
// lane through ref::execute_lane, which dispatches MIN_MAX Uops to the vISA rules (S26-S29).
// Expected values worked out by hand: W 0x8000 = -32768, 0xFFFF = -1; HF NaNs 0x7E01, 0xFD55.
#include <catch2/catch.hpp>

#include "model/sc/pipeline.h"

namespace halfpipe::sc {
namespace {

// One transaction into an empty RTL-configured unit; its result when it leaves.
Result run_one(const Transaction& t) {
  PipelineCore core(rtl_configuration(2, 4));
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

}  // namespace halfpipe::sc
