// The vISA beats the RTL consumes (S25): an instruction cut into Uops of `lanes` channels with
// their lane masks, the set of forms the RTL executes, and the beats executed lane by lane
// against the whole-instruction reference.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

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

// A random instruction of one of `types`: op, .sat, exec size, a mask control that fits it and
// source modifiers.
Instruction random_instruction(std::mt19937_64& rng, const std::vector<Type>& types) {
  Instruction i;
  i.type = types[rng() % types.size()];
  i.max = rng() & 1;
  i.sat = rng() & 1;
  i.exec_size = 1 << (rng() % 6);
  i.mask = {1 + static_cast<int>(rng() % 8), (rng() % 4) == 0};
  if (4 * (i.mask.group - 1) + i.exec_size > 32) i.mask.group = 1;
  i.src0_mod = {(rng() & 1) != 0, (rng() & 1) != 0};
  i.src1_mod = {(rng() & 1) != 0, (rng() & 1) != 0};
  return i;
}

// Random elements of i's type for its channels, dst's old elements, and what the whole-
// instruction reference leaves in dst (disabled channels keep their old element).
struct Elements {
  uint64_t src0[32], src1[32], dst[32], want[32];
};
Elements random_elements(std::mt19937_64& rng, const Instruction& i, uint32_t emask) {
  Elements e{};
  const uint64_t element = ref::element_mask(ref::traits(i.type).bits);
  for (int ch = 0; ch < i.exec_size; ++ch) {
    e.src0[ch] = rng() & element;
    e.src1[ch] = rng() & element;
    e.dst[ch] = e.want[ch] = rng() & element;
  }
  ref::visa_minmax(i.element_op(), channel_enable(i, emask), i.exec_size, e.src0, e.src1, e.want);
  return e;
}

}  // namespace

TEST_CASE("form: each type has 296 forms, the 16-bit-lane types HF W UW B UB 1480",
          "[visa][form][S25]") {
  // Mn fits exec size E when 4(n-1) + E <= 32: E = 1, 2, 4 take all 8 groups, 8 takes 7,
  // 16 takes 5, 32 takes 1: 37 per no-mask setting, 74 with _NM, x 2 (MIN/MAX) x 2 (.sat) = 296
  // a type; x 5 = 1480.
  const auto forms = tb::visa_forms({Type::HF, Type::W, Type::UW, Type::B, Type::UB});
  CHECK(forms.size() == 1480);
  std::set<std::string> names;
  for (const auto& f : forms) names.insert(form_name(f));
  CHECK(names.size() == forms.size());
  CHECK(names.count("MAX.sat (32, M1_NM) b") == 1);
  CHECK(names.count("MIN (8, M7) uw") == 1);
  CHECK(names.count("MIN (8, M8) uw") == 0);
  CHECK(names.count("MIN (4, M1) d") == 0);  // not one of those five types
  for (Type t : {Type::D, Type::UD, Type::F, Type::Q, Type::UQ, Type::DF})
    CHECK(tb::visa_forms({t}).size() == 296);
}

TEST_CASE("form: the RTL executes all eleven types, 3256 forms, and a lane count those that fit",
          "[visa][form][S25]") {
  // 11 x 296 = 3256. Lanes 2 and 6 hold 32-bit elements (pairs) but not 64-bit ones (groups of
  // four): 8 types, 2368 forms, 3 x 296 = 888 skipped. Lanes 4 and 8 hold both: 3256.
  const auto all = tb::visa_rtl_forms();
  CHECK(all.size() == 3256);
  std::set<std::string> names;
  for (const auto& f : all) names.insert(form_name(f));
  CHECK(names.size() == all.size());
  CHECK(names.count("MIN (4, M1) d") == 1);
  CHECK(names.count("MAX.sat (32, M1_NM) df") == 1);
  for (int lanes : {2, 6}) {
    const tb::VisaRtlForms f = tb::visa_rtl_forms(lanes);
    CHECK(f.forms.size() == 2368);
    CHECK(f.skipped == 888);
    REQUIRE(f.reasons.size() == 3);
    CHECK_THAT(f.reasons[0], Contains("type q needs a lane count that is a multiple of 4"));
    CHECK_THAT(f.reasons[1], Contains("type uq"));
    CHECK_THAT(f.reasons[2], Contains("type df"));
    CHECK_THAT(tb::visa_skipped_note(f, lanes), Contains("2368 vISA forms, 888 skipped"));
  }
  for (int lanes : {4, 8}) {
    const tb::VisaRtlForms f = tb::visa_rtl_forms(lanes);
    CHECK(f.forms.size() == 3256);
    CHECK(f.skipped == 0);
    CHECK(tb::visa_skipped_note(f, lanes).empty());
  }
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

TEST_CASE("beats: the Uop format of each type, and a wide type needs lanes its elements fit",
          "[visa][beats]") {
  CHECK(tb::visa_uop_format(Type::HF) == Format::F16);
  CHECK(tb::visa_uop_format(Type::W) == Format::S16);
  CHECK(tb::visa_uop_format(Type::UW) == Format::U16);
  CHECK(tb::visa_uop_format(Type::B) == Format::S8);
  CHECK(tb::visa_uop_format(Type::UB) == Format::U8);
  CHECK(tb::visa_uop_format(Type::D) == Format::S32);
  CHECK(tb::visa_uop_format(Type::UD) == Format::U32);
  CHECK(tb::visa_uop_format(Type::F) == Format::F32);
  CHECK(tb::visa_uop_format(Type::Q) == Format::S64);
  CHECK(tb::visa_uop_format(Type::UQ) == Format::U64);
  CHECK(tb::visa_uop_format(Type::DF) == Format::F64);
  for (Type t : {Type::Q, Type::UQ, Type::DF}) {
    for (int lanes : {2, 6}) {
      const tb::VisaBeats b = tb::visa_beats(text_ok("MIN (8) d a b", t), 0xFF, lanes);
      CHECK(b.uops.empty());
      CHECK_THAT(b.error, Contains("needs a lane count that is a multiple of 4"));
      CHECK_THAT(b.error, Contains("the unit has " + std::to_string(lanes)));
    }
  }
  for (Type t : {Type::D, Type::UD, Type::F}) {
    const tb::VisaBeats b = tb::visa_beats(text_ok("MIN (8) d a b", t), 0xFF, 3);
    CHECK(b.uops.empty());
    CHECK_THAT(b.error, Contains("needs an even lane count"));
    CHECK(tb::visa_beats(text_ok("MIN (8) d a b", t), 0xFF, 2).error.empty());
  }
  CHECK_THAT(tb::visa_beats(text_ok("MIN (8) d a b"), 0xFF, 0).error, Contains("lane count 0"));
  CHECK_THAT(tb::visa_beats(text_ok("MIN (8) d a b"), 0xFF, 33).error, Contains("lane count 33"));
}

TEST_CASE("S25: beats of a wide type carry lanes / n elements, each element's n lane-mask bits "
          "together",
          "[visa][beats]") {
  // F on 4 lanes: 2 elements a beat, 8 channels -> 4 beats; channel enable 0b1011'0110 (M1):
  // beat 0 channels 0, 1 = 0, 1 -> lanes 2, 3 = 0b1100; beat 1 channels 2, 3 = 1, 0 -> 0b0011;
  // beat 2 channels 4, 5 = 1, 1 -> 0b1111; beat 3 channels 6, 7 = 0, 1 -> 0b1100.
  tb::VisaBeats b = tb::visa_beats(text_ok("MAX (8) d a b", Type::F), 0xB6, 4);
  REQUIRE(b.uops.size() == 4);
  CHECK(b.uops[0].lane_mask == 0b1100);
  CHECK(b.uops[1].lane_mask == 0b0011);
  CHECK(b.uops[2].lane_mask == 0b1111);
  CHECK(b.uops[3].lane_mask == 0b1100);
  CHECK(b.uops[0].format == Format::F32);
  // DF on 8 lanes: 2 elements a beat; 2 channels, the second enabled -> one beat, lanes 4..7.
  b = tb::visa_beats(text_ok("MIN (2) d a b", Type::DF), 0b10, 8);
  REQUIRE(b.uops.size() == 1);
  CHECK(b.uops[0].lane_mask == 0xF0);
  CHECK(b.uops[0].format == Format::F64);
  // Q on 4 lanes: 1 element a beat, 32 channels -> 32 beats; UD (1) on 8 lanes: lanes 0, 1.
  CHECK(tb::visa_beats(text_ok("MIN (32) d a b", Type::Q), 0xFFFFFFFF, 4).uops.size() == 32);
  b = tb::visa_beats(text_ok("MIN (1) d a b", Type::UD), 0xFFFFFFFF, 8);
  REQUIRE(b.uops.size() == 1);
  CHECK(b.uops[0].lane_mask == 0b11);
}

TEST_CASE("beats executed lane by lane equal the whole-instruction reference", "[visa][beats]") {
  // The RTL's view (beats of Uops, disabled lanes keep the old element) against ref::visa_minmax.
  std::mt19937_64 rng(7);
  const std::vector<Type> types = {Type::HF, Type::W, Type::UW, Type::B, Type::UB};
  for (int n = 0; n < 3000; ++n) {
    const Instruction i = random_instruction(rng, types);
    const uint32_t emask = static_cast<uint32_t>(rng());
    const int lanes = (rng() & 1) ? 2 : 4;
    Elements e = random_elements(rng, i, emask);
    uint64_t* const src0 = e.src0;
    uint64_t* const src1 = e.src1;
    uint64_t* const dst = e.dst;
    const uint64_t* const want = e.want;

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

TEST_CASE("beats of wide types executed lane group by lane group equal the whole-instruction "
          "reference",
          "[visa][beats]") {
  // The RTL's view of D UD F Q UQ DF: each beat's lanes hold elements cut into 16-bit slices,
  // fused back by ref::visa_execute_lanes; against ref::visa_minmax on whole elements.
  std::mt19937_64 rng(11);
  const std::vector<Type> types = {Type::D, Type::UD, Type::F, Type::Q, Type::UQ, Type::DF};
  for (int n = 0; n < 3000; ++n) {
    const Instruction i = random_instruction(rng, types);
    const uint32_t emask = static_cast<uint32_t>(rng());
    const int lanes = (rng() & 1) ? 4 : 8;
    const int per_element = tb::visa_lanes_per_element(i.type);
    const int per_beat = lanes / per_element;
    Elements e = random_elements(rng, i, emask);
    uint64_t* const src0 = e.src0;
    uint64_t* const src1 = e.src1;
    uint64_t* const dst = e.dst;
    const uint64_t* const want = e.want;

    const tb::VisaBeats b = tb::visa_beats(i, emask, lanes);
    REQUIRE(b.error.empty());
    for (size_t k = 0; k < b.uops.size(); ++k) {
      uint16_t a[8] = {}, bb[8] = {}, r[8] = {};
      for (int lane = 0; lane < lanes; ++lane) {
        const int ch = static_cast<int>(k) * per_beat + lane / per_element;
        if (ch >= i.exec_size) continue;
        a[lane] = static_cast<uint16_t>(src0[ch] >> (16 * (lane % per_element)));
        bb[lane] = static_cast<uint16_t>(src1[ch] >> (16 * (lane % per_element)));
      }
      ref::visa_execute_lanes(b.uops[k], lanes, a, bb, r);
      for (int j = 0; j < per_beat; ++j) {
        const int ch = static_cast<int>(k) * per_beat + j;
        if (ch >= i.exec_size || !((b.uops[k].lane_mask >> (j * per_element)) & 1)) continue;
        uint64_t d = 0;
        for (int s = 0; s < per_element; ++s) d |= uint64_t{r[j * per_element + s]} << (16 * s);
        dst[ch] = d;
      }
    }
    INFO(text_form(i) << " emask " << emask << " lanes " << lanes);
    for (int ch = 0; ch < i.exec_size; ++ch) REQUIRE(dst[ch] == want[ch]);
  }
}
