// The vISA beats the RTL consumes (S25): an instruction cut into Uops of `lanes` channels with
// their lane masks, the set of forms the RTL executes, and the beats executed lane by lane
// against the whole-instruction reference.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>

#include "model/isa/visa.h"
#include "model/ref/visa_minmax.h"
#include "tb/visa_beats.h"

using namespace halfpipe;
using namespace halfpipe::isa::visa;
using Catch::Matchers::Contains;

namespace {

Instruction text_ok(std::string_view text, Type t = Type::HF) {
  const Decoded d = decode_text(text, t);
  INFO(text << " -> " << d.error);
  REQUIRE(d.instruction);
  return *d.instruction;
}

}  // namespace

TEST_CASE("form: the RTL executes 1480 forms: HF W UW B UB x MIN/MAX x .sat x 74 (exec, mask)",
          "[visa][form][S25]") {
  // Mn fits exec size E when 4(n-1) + E <= 32: E = 1, 2, 4 take all 8 groups, 8 takes 7,
  // 16 takes 5, 32 takes 1: 37 per no-mask setting, 74 with _NM, x 5 x 2 x 2 = 1480.
  const auto forms = tb::visa_rtl_forms();
  CHECK(forms.size() == 1480);
  std::set<std::string> names;
  for (const auto& f : forms) names.insert(form_name(f));
  CHECK(names.size() == forms.size());
  CHECK(names.count("MAX.sat (32, M1_NM) b") == 1);
  CHECK(names.count("MIN (8, M7) uw") == 1);
  CHECK(names.count("MIN (8, M8) uw") == 0);
  CHECK(names.count("MIN (4, M1) d") == 0);  // 32-bit types are reference-only
}

TEST_CASE("S25, S28: beats split the channels into Uops of `lanes` with their lane masks",
          "[visa][beats]") {
  Instruction i = text_ok("MAX.sat (M5, 8) d -a (abs)b", Type::W);
  // M5, 8 channels: mask bits 16..23 = 0x6A
  const tb::VisaBeats b = tb::visa_beats(i, 0x9C6A35F1, 4);
  REQUIRE(b.error.empty());
  REQUIRE(b.uops.size() == 2);
  CHECK(b.uops[0].lane_mask == 0xA);
  CHECK(b.uops[1].lane_mask == 0x6);
  for (const Uop& u : b.uops) {
    CHECK(u.op == Op::Max);
    CHECK(u.format == Format::S16);
    CHECK(u.nan_policy == NanPolicy::VisaSrc1);
    CHECK(u.sat);
    CHECK(u.src0_mod == SourceModifier{true, false});
    CHECK(u.src1_mod == SourceModifier{false, true});
    CHECK_FALSE(u.packed);
    CHECK_FALSE(u.ftz);
  }
  const tb::VisaBeats two = tb::visa_beats(i, 0x9C6A35F1, 2);
  REQUIRE(two.uops.size() == 4);
  CHECK(two.uops[0].lane_mask == 0b10);
  CHECK(two.uops[1].lane_mask == 0b10);
  CHECK(two.uops[2].lane_mask == 0b10);
  CHECK(two.uops[3].lane_mask == 0b01);
}

TEST_CASE("S25: beats: lanes past exec_size are never enabled, and _NM enables every channel",
          "[visa][beats]") {
  Instruction i = text_ok("MIN (M1_NM, 2) d a b");
  tb::VisaBeats b = tb::visa_beats(i, 0, 4);
  REQUIRE(b.uops.size() == 1);
  CHECK(b.uops[0].lane_mask == 0b0011);
  i = text_ok("MIN (1) d a b");
  b = tb::visa_beats(i, 0xFFFFFFFF, 4);
  REQUIRE(b.uops.size() == 1);
  CHECK(b.uops[0].lane_mask == 0b0001);
  i = text_ok("MIN (32) d a b");
  b = tb::visa_beats(i, 0x80000001, 8);
  REQUIRE(b.uops.size() == 4);
  CHECK(b.uops[0].lane_mask == 0x01);
  CHECK(b.uops[1].lane_mask == 0x00);
  CHECK(b.uops[3].lane_mask == 0x80);
}

TEST_CASE("beats: the Uop format of each type, and 32- and 64-bit types are reference-only",
          "[visa][beats]") {
  CHECK(tb::visa_uop_format(Type::HF) == Format::F16);
  CHECK(tb::visa_uop_format(Type::W) == Format::S16);
  CHECK(tb::visa_uop_format(Type::UW) == Format::U16);
  CHECK(tb::visa_uop_format(Type::B) == Format::S8);
  CHECK(tb::visa_uop_format(Type::UB) == Format::U8);
  for (Type t : {Type::D, Type::UD, Type::Q, Type::UQ, Type::F, Type::DF}) {
    CHECK_FALSE(tb::visa_uop_format(t));
    const tb::VisaBeats b = tb::visa_beats(text_ok("MIN (8) d a b", t), 0xFF, 2);
    CHECK(b.uops.empty());
    CHECK_THAT(b.error, Contains("reference-only"));
  }
  CHECK_THAT(tb::visa_beats(text_ok("MIN (8) d a b"), 0xFF, 0).error, Contains("lane count 0"));
  CHECK_THAT(tb::visa_beats(text_ok("MIN (8) d a b"), 0xFF, 33).error, Contains("lane count 33"));
}

TEST_CASE("beats executed lane by lane equal the whole-instruction reference", "[visa][beats]") {
  // The RTL's view (beats of Uops, disabled lanes keep the old element) against ref::visa_minmax.
  std::mt19937_64 rng(7);
  const Type types[] = {Type::HF, Type::W, Type::UW, Type::B, Type::UB};
  for (int n = 0; n < 3000; ++n) {
    Instruction i;
    i.type = types[rng() % 5];
    i.max = rng() & 1;
    i.sat = rng() & 1;
    i.exec_size = 1 << (rng() % 6);
    i.mask = {1 + static_cast<int>(rng() % 8), (rng() % 4) == 0};
    if (4 * (i.mask.group - 1) + i.exec_size > 32) i.mask.group = 1;
    i.src0_mod = {(rng() & 1) != 0, (rng() & 1) != 0};
    i.src1_mod = {(rng() & 1) != 0, (rng() & 1) != 0};
    const uint32_t emask = static_cast<uint32_t>(rng());
    const int lanes = (rng() & 1) ? 2 : 4;
    const uint64_t element = ref::element_mask(ref::traits(i.type).bits);
    uint64_t src0[32], src1[32], dst[32], want[32];
    for (int ch = 0; ch < i.exec_size; ++ch) {
      src0[ch] = rng() & element;
      src1[ch] = rng() & element;
      dst[ch] = want[ch] = rng() & element;
    }
    ref::visa_minmax(i.element_op(), channel_enable(i, emask), i.exec_size, src0, src1, want);

    const tb::VisaBeats b = tb::visa_beats(i, emask, lanes);
    REQUIRE(b.error.empty());
    for (size_t k = 0; k < b.uops.size(); ++k) {
      for (int lane = 0; lane < lanes; ++lane) {
        const int ch = static_cast<int>(k) * lanes + lane;
        if (ch >= i.exec_size || !((b.uops[k].lane_mask >> lane) & 1)) continue;
        dst[ch] = ref::visa_execute_lane(b.uops[k], static_cast<uint16_t>(src0[ch]),
                                         static_cast<uint16_t>(src1[ch]));
      }
    }
    INFO(text_form(i) << " emask " << emask << " lanes " << lanes);
    for (int ch = 0; ch < i.exec_size; ++ch) REQUIRE(dst[ch] == want[ch]);
  }
}
