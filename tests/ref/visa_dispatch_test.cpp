// ref::execute_lane is the one entry point the SystemC model, the sweep and the vectors call: a
// vISA MIN_MAX Uop (min or max with nan_policy VisaSrc1, or an integer format) must reach the
// vISA rules (S26-S29) there, and a PTX min/max must not. Expected values worked out by hand:
//   f16: 1.0 0x3C00  2.0 0x4000  -0 0x8000  NaNs 0x7E01, 0xFC01 (payloads kept by S28)
//   W: 0x8000 = -32768, 0x7FFF = 32767; B (low byte): 0xFF = -1, 0x01 = 1
#include <catch2/catch.hpp>

#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
namespace {

Uop visa(Op op, Format format, SourceModifier src0 = {}, SourceModifier src1 = {}) {
  Uop u = make_uop(op, format);
  u.nan_policy = NanPolicy::VisaSrc1;
  u.src0_mod = src0;
  u.src1_mod = src1;
  return u;
}

uint16_t lane(const Uop& u, uint16_t src0, uint16_t src1) {
  return ref::execute_lane(u, src0, src1, 0x1234);  // c is not an operand of MIN_MAX
}

}  // namespace

TEST_CASE("S28 through execute_lane: vISA HF min of two NaNs returns src1 unchanged") {
  CHECK(lane(visa(Op::Min, Format::F16), 0x7E01, 0xFC01) == 0xFC01);
  CHECK(lane(visa(Op::Max, Format::F16), 0x7E01, 0x3C00) == 0x3C00);
  CHECK(lane(visa(Op::Max, Format::F16), 0x8000, 0x0000) == 0x0000);  // S26: -0 < +0
}

TEST_CASE("S27 through execute_lane: vISA HF source modifiers apply before the compare") {
  // min(-(1.0), 2.0) = -1.0; max(1.0, (abs)-2.0) = 2.0
  CHECK(lane(visa(Op::Min, Format::F16, {true, false}), 0x3C00, 0x4000) == 0xBC00);
  CHECK(lane(visa(Op::Max, Format::F16, {}, {false, true}), 0x3C00, 0xC000) == 0x4000);
}

TEST_CASE("S26 through execute_lane: W and UW order the same bits signed and unsigned") {
  CHECK(lane(visa(Op::Min, Format::S16), 0x8000, 0x7FFF) == 0x8000);
  CHECK(lane(visa(Op::Min, Format::U16), 0x8000, 0x7FFF) == 0x7FFF);
  CHECK(lane(visa(Op::Max, Format::S16), 0xFFFF, 0x0001) == 0x0001);
  CHECK(lane(visa(Op::Max, Format::U16), 0xFFFF, 0x0001) == 0xFFFF);
}

TEST_CASE("S26 through execute_lane: B and UB compare the low byte and give a zero high byte") {
  CHECK(lane(visa(Op::Min, Format::S8), 0x12FF, 0x3401) == 0x00FF);
  CHECK(lane(visa(Op::Min, Format::U8), 0x12FF, 0x3401) == 0x0001);
  CHECK(lane(visa(Op::Max, Format::S8), 0x12FF, 0x3401) == 0x0001);
  CHECK(lane(visa(Op::Max, Format::U8), 0x12FF, 0x3401) == 0x00FF);
}

TEST_CASE("S27 through execute_lane: integer negate wraps, W -(0x8000) is 0x8000") {
  // min(-(5), 3) = -5 = 0xFFFB
  CHECK(lane(visa(Op::Min, Format::S16, {true, false}), 0x0005, 0x0003) == 0xFFFB);
  CHECK(lane(visa(Op::Max, Format::S16, {true, false}), 0x8000, 0x0000) == 0x0000);
  // UW: -(1) = 0xFFFF modulo 2^16, the largest unsigned value
  CHECK(lane(visa(Op::Max, Format::U16, {true, false}), 0x0001, 0x0002) == 0xFFFF);
}

TEST_CASE("S29 through execute_lane: .sat changes nothing on W, clamps on HF") {
  Uop w = visa(Op::Max, Format::S16);
  w.sat = true;
  CHECK(lane(w, 0x7000, 0x0001) == 0x7000);
  Uop hf = visa(Op::Max, Format::F16);
  hf.sat = true;
  CHECK(lane(hf, 0x4000, 0x3C00) == 0x3C00);  // 2.0 -> 1.0
}

TEST_CASE("An integer format without the vISA NaN policy is still vISA min/max") {
  Uop w = make_uop(Op::Min, Format::S16);  // nan_policy Ptx
  CHECK(lane(w, 0x8000, 0x0001) == 0x8000);
}

TEST_CASE("A PTX f16 min is unaffected by the vISA dispatch: two NaNs give the canonical NaN") {
  CHECK(lane(f16(Op::Min), 0x7E01, 0xFC01) == 0x7FFF);
  CHECK(lane(f16(Op::Max), 0x3C00, 0x4000) == 0x4000);
}

TEST_CASE("Other ops on an integer format still throw NotImplemented") {
  CHECK_THROWS_AS(lane(make_uop(Op::Add, Format::S16), 1, 2), ref::NotImplemented);
  CHECK_THROWS_AS(lane(make_uop(Op::Neg, Format::U8), 1, 2), ref::NotImplemented);
}

}  // namespace halfpipe::ref_test
