// vISA forms (the head of a batch line, which the sweep and the co-simulation take): spellings,
// round trips and the errors that name the field.
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/visa.h"

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
