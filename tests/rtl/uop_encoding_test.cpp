// The Uop encoding is written twice, in model/uop/uop.h and rtl/hp_uop_pkg.sv; these tests
// prove they agree through a Verilated probe that packs fields with the package's positions and
// exposes its codes (tb/hp_uop_probe.sv).
#include <catch2/catch.hpp>

#include <memory>
#include <random>

#include "Vhp_uop_probe.h"
#include "model/uop/uop.h"

namespace {

using halfpipe::Format;
using halfpipe::NanPolicy;
using halfpipe::Op;
using halfpipe::Uop;

struct Probe {
  std::unique_ptr<VerilatedContext> context = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vhp_uop_probe> model = std::make_unique<Vhp_uop_probe>(context.get(), "probe");
  ~Probe() { model->final(); }

  uint32_t word(const Uop& u) {
    Vhp_uop_probe& m = *model;
    m.op_i = static_cast<uint8_t>(u.op);
    m.format_i = static_cast<uint8_t>(u.format);
    m.packed_i = u.packed;
    m.ftz_i = u.ftz;
    m.sat_i = u.sat;
    m.relu_i = u.relu;
    m.oob_i = u.oob;
    m.nan_i = u.nan;
    m.xorsign_abs_i = u.xorsign_abs;
    m.nan_policy_i = u.nan_policy == NanPolicy::VisaSrc1;
    m.src0_neg_i = u.src0_mod.neg;
    m.src0_abs_i = u.src0_mod.abs;
    m.src1_neg_i = u.src1_mod.neg;
    m.src1_abs_i = u.src1_mod.abs;
    m.eval();
    return m.word_o;
  }
};

}  // namespace

TEST_CASE("Uop encoding: hp_uop_pkg's format and nan-policy codes are uop.h's values") {
  Probe p;
  p.model->eval();
  const uint64_t codes = p.model->format_codes_o;
  const Format formats[] = {Format::F16, Format::BF16, Format::S16, Format::U16,
                            Format::S8,  Format::U8,   Format::S32, Format::U32,
                            Format::F32, Format::S64,  Format::U64, Format::F64};
  STATIC_REQUIRE(halfpipe::kFormatCount == 12);
  for (int i = 0; i < 12; ++i) {
    INFO("format number " << i << " in uop.h's order");
    CHECK(((codes >> (4 * i)) & 0xF) == static_cast<uint64_t>(formats[i]));
  }
  CHECK((p.model->nan_policy_codes_o & 1) == static_cast<uint32_t>(NanPolicy::Ptx));
  CHECK((p.model->nan_policy_codes_o >> 1) == static_cast<uint32_t>(NanPolicy::VisaSrc1));
}

TEST_CASE("Uop encoding: hp_uop_pkg puts every field where encode() does") {
  Probe p;
  // Each field alone (a field at the wrong position shows as a single differing bit) ...
  Uop base;
  CHECK(p.word(base) == encode(base));
  for (int op = 0; op < halfpipe::kOpCount; ++op) {
    Uop u;
    u.op = static_cast<Op>(op);
    CHECK(p.word(u) == encode(u));
  }
  for (int f = 0; f < halfpipe::kFormatCount; ++f) {
    Uop u;
    u.format = static_cast<Format>(f);
    CHECK(p.word(u) == encode(u));
  }
  bool Uop::*flags[] = {&Uop::packed, &Uop::ftz, &Uop::sat, &Uop::relu, &Uop::oob, &Uop::nan,
                        &Uop::xorsign_abs};
  for (auto flag : flags) {
    Uop u;
    u.*flag = true;
    CHECK(p.word(u) == encode(u));
  }
  {
    Uop u;
    u.nan_policy = NanPolicy::VisaSrc1;
    CHECK(p.word(u) == encode(u));
    u = {};
    u.src0_mod.neg = true;
    CHECK(p.word(u) == encode(u));
    u = {};
    u.src0_mod.abs = true;
    CHECK(p.word(u) == encode(u));
    u = {};
    u.src1_mod.neg = true;
    CHECK(p.word(u) == encode(u));
    u = {};
    u.src1_mod.abs = true;
    CHECK(p.word(u) == encode(u));
  }
  // ... and random combinations.
  std::mt19937 rng(5);
  for (int i = 0; i < 2000; ++i) {
    const uint32_t r = rng();
    Uop u;
    u.op = static_cast<Op>(r % halfpipe::kOpCount);
    u.format = static_cast<Format>((r >> 4) % halfpipe::kFormatCount);
    u.packed = r >> 8 & 1;
    u.ftz = r >> 9 & 1;
    u.sat = r >> 10 & 1;
    u.relu = r >> 11 & 1;
    u.oob = r >> 12 & 1;
    u.nan = r >> 13 & 1;
    u.xorsign_abs = r >> 14 & 1;
    u.nan_policy = (r >> 15 & 1) ? NanPolicy::VisaSrc1 : NanPolicy::Ptx;
    u.src0_mod = {(r >> 16 & 1) != 0, (r >> 17 & 1) != 0};
    u.src1_mod = {(r >> 18 & 1) != 0, (r >> 19 & 1) != 0};
    REQUIRE(p.word(u) == encode(u));
  }
}
