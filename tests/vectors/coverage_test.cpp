// Functional coverage: operand classes, result bins and their reachability, on vectors whose
// classes are worked out by hand.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/coverage.h"
#include "tests/vectors/decoded.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using halfpipe::vectors_test::uop;

namespace {

// The result bins one vector hits in lane 0, read back from the empty-bin list of a Coverage
// holding only it.
std::set<std::string> result_bins(const char* form, Operands o) {
  const Uop u = uop(form);
  Coverage c;
  c.add(form, u, o, ref::execute(u, o.a, o.b, o.c));
  std::set<std::string> hit;
  for (int k = 0; k < kResultBinCount; ++k) {
    const auto b = static_cast<ResultBin>(k);
    if (!unreachable_reason(u, b)) hit.insert(result_bin_name(b));
  }
  for (const auto& e : c.empty_reachable_bins())
    if (e.lane == "lane0" && e.bin.rfind("result:", 0) == 0) hit.erase(e.bin.substr(7));
  return hit;
}

using Bins = std::set<std::string>;

}  // namespace

TEST_CASE("operand classes, by hand from S1, S10 and S14") {
  CHECK(classify_operand(Format::F16, 0x0000) == OperandClass::PosZero);
  CHECK(classify_operand(Format::F16, 0x8000) == OperandClass::NegZero);
  CHECK(classify_operand(Format::F16, 0x03ff) == OperandClass::PosSubnormal);
  CHECK(classify_operand(Format::BF16, 0x807f) == OperandClass::NegSubnormal);
  CHECK(classify_operand(Format::BF16, 0x0080) == OperandClass::PosNormal);
  CHECK(classify_operand(Format::F16, 0xfbff) == OperandClass::NegNormal);
  CHECK(classify_operand(Format::BF16, 0x7f80) == OperandClass::PosInf);
  CHECK(classify_operand(Format::F16, 0xfc00) == OperandClass::NegInf);
  CHECK(classify_operand(Format::F16, 0x7fff) == OperandClass::CanonicalNan);
  CHECK(classify_operand(Format::F16, 0xffff) == OperandClass::OtherNan);
  CHECK(classify_operand(Format::BF16, 0x7fc0) == OperandClass::OtherNan);
  CHECK(classify_operand(Format::F16, 0x7ff7) == OperandClass::OobNan);
  CHECK(classify_operand(Format::BF16, 0xfff7) == OperandClass::OobNan);  // sign ignored
}

TEST_CASE("result bins: value classes and the events that produced them") {
  // 1 + 2^-11 ties down to 1 (S4).
  CHECK(result_bins("add.f16", {0x3c00, 0x1000, 0}) == Bins{"normal", "tie-down"});
  CHECK(result_bins("add.f16", {0x3c01, 0x1000, 0}) == Bins{"normal", "tie-up"});
  // max + half an ulp: a tie rounding up to infinity.
  CHECK(result_bins("add.f16", {0x7bff, 0x4c00, 0}) == Bins{"inf", "tie-up"});
  // (1 - 2^-10) * 2^-14 = 0x03ff: subnormal without .ftz, flushed with it (S8).
  CHECK(result_bins("mul.f16", {0x3bfe, 0x0400, 0}) == Bins{"subnormal"});
  CHECK(result_bins("mul.ftz.f16", {0x3bfe, 0x0400, 0}) == Bins{"zero", "flushed"});
  // A subnormal input under .ftz is flushed by S7, not counted as a flushed result.
  CHECK(result_bins("mul.ftz.f16", {0x03ff, 0x3c00, 0}) == Bins{"zero"});
  // .sat: 2 clamps to 1, a NaN to +0, -1 to +0; 0.5 is left alone (S12).
  CHECK(result_bins("add.sat.f16", {0x3c00, 0x3c00, 0}) == Bins{"normal", "saturated"});
  CHECK(result_bins("add.sat.f16", {0x7fff, 0x3c00, 0}) == Bins{"zero", "saturated"});
  CHECK(result_bins("add.sat.f16", {0xbc00, 0x0000, 0}) == Bins{"zero", "saturated"});
  CHECK(result_bins("add.sat.f16", {0x3800, 0x0000, 0}) == Bins{"normal"});
  // .relu: -1 becomes +0, -0 too (S13); NaN stays NaN.
  CHECK(result_bins("fma.rn.relu.bf16", {0xbf80, 0x3f80, 0x0000}) == Bins{"zero", "relu-clamped"});
  CHECK(result_bins("fma.rn.relu.bf16", {0x8000, 0x3f80, 0x8000}) == Bins{"zero", "relu-clamped"});
  CHECK(result_bins("fma.rn.relu.bf16", {0x7fff, 0x3f80, 0x0000}) == Bins{"nan"});
  // .oob: an OOB-NaN in a gives +0 (S14); in c it is an ordinary NaN.
  CHECK(result_bins("fma.rn.oob.relu.f16", {0x7ff7, 0x3c00, 0xbc00}) == Bins{"zero", "oob-zeroed"});
  CHECK(result_bins("fma.rn.oob.f16", {0x3c00, 0x3c00, 0x7ff7}) == Bins{"nan"});
}

TEST_CASE("packed forms are covered per lane") {
  const Uop u = uop("add.f16x2");
  Coverage c;
  const Operands o{0x7c003c00, 0x00001000, 0};  // lane 1: inf + 0; lane 0: a tie
  c.add("add.f16x2", u, o, ref::execute(u, o.a, o.b));
  std::set<std::string> empty;
  for (const auto& e : c.empty_reachable_bins()) empty.insert(e.lane + " " + e.bin);
  CHECK(empty.count("lane0 result:tie-down") == 0);
  CHECK(empty.count("lane1 result:tie-down") == 1);
  CHECK(empty.count("lane1 a:+inf") == 0);
  CHECK(empty.count("lane0 a:+inf") == 1);
}

TEST_CASE("unreachable bins, each with its rule") {
  CHECK(unreachable_reason(uop("add.f16"), ResultBin::Flushed));
  CHECK_FALSE(unreachable_reason(uop("add.ftz.f16"), ResultBin::Flushed));
  CHECK(unreachable_reason(uop("min.ftz.f16"), ResultBin::Flushed));  // S7: inputs first
  CHECK(unreachable_reason(uop("add.ftz.f16"), ResultBin::Subnormal));
  CHECK(unreachable_reason(uop("ex2.approx.ftz.bf16"), ResultBin::Subnormal));
  CHECK_FALSE(unreachable_reason(uop("ex2.approx.f16"), ResultBin::Subnormal));
  CHECK(unreachable_reason(uop("fma.rn.sat.f16"), ResultBin::Nan));
  CHECK(unreachable_reason(uop("fma.rn.sat.f16"), ResultBin::Inf));
  CHECK_FALSE(unreachable_reason(uop("fma.rn.relu.f16"), ResultBin::Inf));
  CHECK(unreachable_reason(uop("tanh.approx.bf16"), ResultBin::Inf));
  CHECK(unreachable_reason(uop("tanh.approx.bf16"), ResultBin::TieUp));
  CHECK(unreachable_reason(uop("max.NaN.f16"), ResultBin::TieDown));
  CHECK_FALSE(unreachable_reason(uop("sub.bf16"), ResultBin::TieDown));
  CHECK(unreachable_reason(uop("fma.rn.f16"), ResultBin::OobZeroed));
  CHECK(unreachable_reason(uop("fma.rn.oob.f16"), ResultBin::ReluClamped));
  CHECK_FALSE(unreachable_reason(uop("fma.rn.oob.sat.f16"), ResultBin::OobZeroed));
}

TEST_CASE("the printed table lists hits, empty reachable bins and unreachable ones") {
  const Uop u = uop("add.sat.f16");
  Coverage c;
  c.add("add.sat.f16", u, {0x3c00, 0x3c00, 0}, ref::execute(u, 0x3c00, 0x3c00));
  std::ostringstream out;
  c.print(out);
  const std::string text = out.str();
  CHECK(text.find("coverage: 1 vectors, 1 forms") != std::string::npos);
  CHECK(text.find("  add.sat.f16 lane0 a:-0\n") != std::string::npos);
  CHECK(text.find("  add.sat.f16 lane0 result:tie-up\n") != std::string::npos);
  CHECK(text.find("result:nan: S12: .sat turns a NaN into +0 (1 form)") != std::string::npos);
  // add.sat.f16: 2 operands x 11 classes, and 6 reachable result bins (normal, subnormal,
  // zero, saturated, tie-up, tie-down; not inf or nan (S12), flushed, relu-clamped or
  // oob-zeroed): 28. The vector 1 + 1 hits a:+norm, b:+norm, normal and saturated.
  CHECK(c.summary() == "coverage: 1 vectors, 4 of 28 reachable bins hit, 24 empty");
}
