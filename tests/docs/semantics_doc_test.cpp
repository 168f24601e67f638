// doc/semantics.md is the repository's own statement of the rules its code and tests cite by id.
// These tests hold the document and the tree to each other (tests/docs/semantics_doc.h), and
// prove the check can fail on small fixture trees under tests/docs/data/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/docs/semantics_doc.h"

namespace halfpipe::docs {
namespace {

const std::filesystem::path kSource = HALFPIPE_SOURCE_DIR;
const std::filesystem::path kFixtures = kSource / "tests/docs/data";

std::string joined(const std::vector<std::string>& problems) {
  std::string text;
  for (const std::string& p : problems) text += p + "\n";
  return text;
}

bool has_problem(const std::vector<std::string>& problems, const std::string& fragment) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(fragment) != std::string::npos; });
}

}  // namespace

TEST_CASE("doc/semantics.md documents every cited rule, each pinned by a test, at places that exist",
          "[docs]") {
  // tests/docs itself is left out: its fixtures and unit tests write rule ids as data.
  const std::vector<std::string> problems = check_semantics_doc(kSource, {"tests/docs"});
  INFO(joined(problems));
  CHECK(problems.empty());
}

TEST_CASE("a rule id is S and a number standing alone, and a range cites every id in it", "[docs]") {
  using ids = std::vector<int>;
  CHECK(rule_citations("// S8 (and S9 for ex2.approx.ftz.bf16)") == ids{8, 9});
  CHECK(rule_citations("TEST_CASE(\"S4 S5 S6: add\", \"[ref][S22]\")") == ids{4, 5, 6, 22});
  CHECK(rule_citations("S12 is not S1, nor is S120 S12") == ids{12, 1, 120, 12});
  CHECK(rule_citations("(S19-S21), S26\xE2\x80\x93S28, rules S1..S3, S8/S9") ==
        ids{19, 20, 21, 26, 27, 28, 1, 2, 3, 8, 9});
  // Not rule ids: parts of longer words, hex digits, lowercase, a leading zero.
  CHECK(rule_citations("SM_80 sm_90 FMT_S3 S3x 0x5S1 s5 S0 S07").empty());
  // The Uop formats S8 and S16, qualified, as enumerators, or among their siblings.
  CHECK(rule_citations("Format::S16, u.S8, S16 = 2,  S8 = 4, S16 -> W, S8/U8, F16 BF16 S16 U16").empty());
  // A comparison is not an enumerator, and a backwards range is two ids.
  CHECK(rule_citations("S5 == S5, S9-S7") == ids{5, 5, 9, 7});
}

TEST_CASE("the check passes a consistent fixture tree whose code holds look-alikes of rule ids", "[docs]") {
  const std::vector<std::string> problems = check_semantics_doc(kFixtures / "consistent");
  INFO(joined(problems));
  CHECK(problems.empty());
}

TEST_CASE("the check fails when code cites a rule the document lacks, or the document states one twice",
          "[docs]") {
  const std::vector<std::string> problems = check_semantics_doc(kFixtures / "missing_rules");
  INFO(joined(problems));
  CHECK(problems.size() == 3);
  CHECK(has_problem(problems, "doc/semantics.md:10: S1 has a second section (the first is at line 3)"));
  CHECK(has_problem(problems,
                    "S2 is cited at model/ref/rule.h:3 (and 1 more places) but doc/semantics.md "
                    "has no section for it"));
  CHECK(has_problem(problems, "S30 is cited at rtl/hp_rule.sv:2 but doc/semantics.md has no section for it"));
}

TEST_CASE("the check fails when a documented rule is cited by no test, or by a test it lists", "[docs]") {
  const std::vector<std::string> problems = check_semantics_doc(kFixtures / "unpinned_rule");
  INFO(joined(problems));
  CHECK(problems.size() == 2);
  CHECK(has_problem(problems, "S2 is pinned by no test: no file under tests/ cites it"));
  CHECK(has_problem(problems,
                    "doc/semantics.md:23: S2 lists tests/ref/pins_test.h under 'Pinned by', but "
                    "that file does not cite S2"));
}

TEST_CASE("the check fails on a missing file or name, a rule with no place or test, a split span", "[docs]") {
  const std::vector<std::string> problems = check_semantics_doc(kFixtures / "missing_path");
  INFO(joined(problems));
  CHECK(problems.size() == 6);
  CHECK(has_problem(problems, "doc/semantics.md:8 names model/ref/gone.h, which does not exist"));
  CHECK(has_problem(problems,
                    "doc/semantics.md:10: S1 says `policy::no_such_rule` is in model/ref/rule.h, "
                    "which does not contain `no_such_rule`"));
  CHECK(has_problem(problems, "doc/semantics.md:14: S2 names no file under 'Where it lives'"));
  CHECK(has_problem(problems, "doc/semantics.md:14: S2 lists no test under 'Pinned by'"));
  // A span split over lines 24 and 25 would be read as two wrong spans.
  CHECK(has_problem(problems, "doc/semantics.md:24: a code span runs onto the next line"));
  CHECK(has_problem(problems, "doc/semantics.md:25: a code span runs onto the next line"));
}

TEST_CASE("the check names a document that is missing", "[docs]") {
  const std::vector<std::string> problems = check_semantics_doc(kFixtures / "no_such_tree");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("doc/semantics.md does not exist under") != std::string::npos);
}

}  // namespace halfpipe::docs
