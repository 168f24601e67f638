// vISA forms (the head of a batch line, which the sweep and the co-simulation take) and the
// batch line parsed into data: spellings, round trips and the set of forms the RTL executes.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "model/isa/visa.h"
#include "tb/visa_beats.h"
#include "vectors/line.h"

using namespace halfpipe;
using namespace halfpipe::isa::visa;
using Catch::Matchers::Contains;

namespace {

Instruction form_ok(const std::string& text) {
  std::string error;
  const auto i = parse_form(text, error);
  INFO(text << ": " << error);
  REQUIRE(i);
  return *i;
}

std::string form_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(parse_form(text, error));
  return error;
}

}  // namespace

TEST_CASE("form: MIN|MAX[.sat] (EXEC[, MASK]) TYPE, any case, spelled canonically", "[visa][form]") {
  const Instruction i = form_ok("max.SAT (M5, 16) HF");
  CHECK(i.max);
  CHECK(i.sat);
  CHECK(i.exec_size == 16);
  CHECK(i.mask == MaskControl{5, false});
  CHECK(i.type == Type::HF);
  CHECK(form_name(i) == "MAX.sat (16, M5) hf");
  CHECK(form_name(form_ok("min (8) w")) == "MIN (8, M1) w");
  CHECK(form_name(form_ok("MIN (2, m3_nm) ub")) == "MIN (2, M3_NM) ub");
}

TEST_CASE("form: errors name the field, operands do not belong in a form", "[visa][form]") {
  CHECK_THAT(form_error("MIN (8)"), Contains("missing TYPE"));
  CHECK_THAT(form_error("MIN (8) x"), Contains("bad type 'x'"));
  CHECK_THAT(form_error("MIN (3) w"), Contains("bad exec size '3'"));
  CHECK_THAT(form_error("MIN (16, M6) w"), Contains("runs past execution-mask bit 31 (S25)"));
  CHECK_THAT(form_error("MIN (8) w ffffffff"), Contains("unexpected 'ffffffff' after TYPE"));
}

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

TEST_CASE("batch line: parsed into instruction, mask and elements, and spelled back", "[visa][batch]") {
  const auto b =
      vectors::parse_visa_line("max (2, m2) w 0x1234 7,8 -(abs)8000,3 (abs)ffff,0 # note");
  INFO(b.error);
  REQUIRE(b);
  CHECK(b->instruction.max);
  CHECK(b->instruction.src0_mod == SourceModifier{true, true});
  CHECK(b->instruction.src1_mod == SourceModifier{false, true});
  CHECK(b->exec_mask == 0x1234u);
  CHECK(b->dst[1] == 8u);
  CHECK(b->src0[0] == 0x8000u);
  CHECK(b->src1[0] == 0xFFFFu);
  const std::string canonical = vectors::format_visa_line(*b);
  CHECK(canonical == "MAX (2, M2) w 0x00001234 0x0007,0x0008 -(abs)0x8000,0x0003 (abs)0xffff,0x0000");
  const auto again = vectors::parse_visa_line(canonical);
  REQUIRE(again);
  CHECK(vectors::format_visa_line(*again) == canonical);
  const auto short_line = vectors::parse_visa_line("MAX (2) w 3 1,2 3,4");
  CHECK_FALSE(short_line);
  CHECK_THAT(short_line.error, Contains("missing SRC1"));
}
