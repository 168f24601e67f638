// S22: the PTX decoder accepts exactly the legal forms, in any order, and spells them back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "tests/isa/s22_forms.h"
#include "tests/support/form_counts.h"

using halfpipe::Uop;
using halfpipe::isa::decode_ptx;
using halfpipe::isa::legal_ptx_forms;
using halfpipe::isa::ptx_form;
using halfpipe::test::s22_legal_forms;

namespace {

// "add.rn.ftz.f16" -> {"add", {"rn", "ftz", "f16"}}
std::pair<std::string, std::vector<std::string>> split_form(const std::string& form) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = form.find('.', start);
    parts.push_back(form.substr(start, dot == std::string::npos ? dot : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  std::string opcode = parts.front();
  parts.erase(parts.begin());
  return {opcode, parts};
}

}  // namespace

TEST_CASE("S22: the legal forms number 154 spellings and 124 distinct Uops", "[isa][S22]") {
  auto forms = s22_legal_forms();
  CHECK(forms.size() == halfpipe::test::kPtxSpellings);
  std::set<std::string> canonical;
  for (const auto& f : forms) canonical.insert(f.canonical);
  CHECK(canonical.size() == halfpipe::test::kPtxForms);
}

TEST_CASE("S22: every legal spelling decodes to its Uop, lane mask 1 scalar and 3 packed", "[isa][S22]") {
  for (const auto& f : s22_legal_forms()) {
    INFO(f.spelling);
    auto d = decode_ptx(f.spelling);
    CHECK(d.error.empty());
    REQUIRE(d.uop.has_value());
    CHECK(*d.uop == f.uop);
    CHECK(d.uop->lane_mask == (f.uop.packed ? 3u : 1u));
  }
}

TEST_CASE("S22: ptx_form gives the canonical spelling and decodes back to the same Uop", "[isa][S22]") {
  for (const auto& f : s22_legal_forms()) {
    INFO(f.spelling);
    auto d = decode_ptx(f.spelling);
    REQUIRE(d.uop.has_value());
    CHECK(ptx_form(*d.uop) == f.canonical);
    auto again = decode_ptx(ptx_form(*d.uop));
    REQUIRE(again.uop.has_value());
    CHECK(*again.uop == *d.uop);
  }
}

TEST_CASE("S22: legal_ptx_forms lists each canonical legal form exactly once", "[isa][S22]") {
  std::set<std::string> expected;
  for (const auto& f : s22_legal_forms()) expected.insert(f.canonical);
  const auto& listed = legal_ptx_forms();
  std::set<std::string> listed_set(listed.begin(), listed.end());
  CHECK(listed_set.size() == listed.size());
  CHECK(listed_set == expected);
}

TEST_CASE("S22: modifiers and the type may come in any order", "[isa][S22]") {
  for (const auto& f : s22_legal_forms()) {
    auto [opcode, parts] = split_form(f.spelling);
    std::sort(parts.begin(), parts.end());
    do {
      std::string text = opcode;
      for (const auto& p : parts) text += "." + p;
      INFO(text);
      auto d = decode_ptx(text);
      REQUIRE(d.uop.has_value());
      CHECK(*d.uop == f.uop);
    } while (std::next_permutation(parts.begin(), parts.end()));
  }
}

TEST_CASE("S22: add.f16.rn.ftz is add.rn.ftz.f16 (the ptxas example of any order)", "[isa][S22]") {
  auto d = decode_ptx("add.f16.rn.ftz");
  REQUIRE(d.uop.has_value());
  CHECK(d.uop->op == halfpipe::Op::Add);
  CHECK(d.uop->format == halfpipe::Format::F16);
  CHECK(!d.uop->packed);
  CHECK(d.uop->ftz);
  CHECK(!d.uop->sat);
}

TEST_CASE("S22: whitespace around the form, an operand list and the semicolon are ignored", "[isa][S22]") {
  for (const char* text : {"fma.rn.relu.bf16x2", "  fma.rn.relu.bf16x2", "\tfma.rn.relu.bf16x2\t",
                           "fma.rn.relu.bf16x2;", "fma.rn.relu.bf16x2 d, a, b, c;",
                           "  fma.rn.relu.bf16x2\td,a,b,c ;  ", "fma.rn.relu.bf16x2\n"}) {
    INFO("'" << text << "'");
    auto d = decode_ptx(text);
    REQUIRE(d.uop.has_value());
    CHECK(ptx_form(*d.uop) == "fma.rn.relu.bf16x2");
  }
}

TEST_CASE("S22: of all 20,480 opcode/type/modifier-set combinations exactly the legal ones decode",
          "[isa][S22]") {
  std::set<std::string> legal;
  for (const auto& f : s22_legal_forms()) legal.insert(f.spelling);
  const char* opcodes[] = {"add", "sub", "mul", "fma", "neg", "abs", "min", "max", "tanh", "ex2"};
  const char* types[] = {"f16", "f16x2", "bf16", "bf16x2"};
  // In canonical order, so that a legal set is spelled as s22_legal_forms spells it.
  const char* modifiers[] = {"approx", "rn", "ftz", "oob", "sat", "relu", "NaN", "xorsign", "abs"};
  int accepted = 0;
  for (const char* opcode : opcodes)
    for (const char* type : types)
      for (unsigned set = 0; set < (1u << 9); ++set) {
        std::string text = opcode;
        for (int i = 0; i < 9; ++i)
          if (set & (1u << i)) text += std::string(".") + modifiers[i];
        text += std::string(".") + type;
        auto d = decode_ptx(text);
        const bool is_legal = legal.count(text) != 0;
        if (d.uop.has_value() != is_legal) FAIL_CHECK(text << ": " << d.error);
        if (d.uop) {
          ++accepted;
        } else {
          // Every rejection names a modifier or what is missing; none falls through to a
          // generic message.
          bool names_why = d.error.find("'.") != std::string::npos ||
                           d.error.find("requires a rounding modifier") != std::string::npos;
          if (!names_why) FAIL_CHECK(text << ": " << d.error);
        }
      }
  CHECK(accepted == 154);
}

TEST_CASE("S22: ptx_form refuses a Uop no PTX form decodes to", "[isa][S22]") {
  Uop bf16_ftz_add;
  bf16_ftz_add.format = halfpipe::Format::BF16;
  bf16_ftz_add.ftz = true;
  CHECK_THROWS_AS(ptx_form(bf16_ftz_add), std::invalid_argument);

  Uop integer_min;
  integer_min.op = halfpipe::Op::Min;
  integer_min.format = halfpipe::Format::S16;
  CHECK_THROWS_AS(ptx_form(integer_min), std::invalid_argument);

  Uop packed_with_one_lane;
  packed_with_one_lane.packed = true;
  packed_with_one_lane.lane_mask = 1;
  CHECK_THROWS_AS(ptx_form(packed_with_one_lane), std::invalid_argument);
}
