// S23: target gating, at each boundary of the spec's "Target ISA notes" and "PTX ISA notes".
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/ptx.h"
#include "tests/isa/s22_forms.h"

using halfpipe::isa::decode_ptx;
using halfpipe::isa::minimum_target;
using halfpipe::isa::parse_target;
using halfpipe::isa::Target;

namespace {

// A form, the least sm and PTX ISA version that take it, and the name a rejection gives it.
struct Gate {
  const char* text;
  int sm;
  int ptx;
  const char* feature;
};

// Written from the ISA notes of each spec page (S23).
const Gate kGates[] = {
    {"add.f16", 53, 42, "add.f16"},
    {"add.rn.ftz.sat.f16x2", 53, 42, "add.f16x2"},
    {"add.bf16", 90, 78, "add.bf16"},
    {"add.rn.bf16x2", 90, 78, "add.bf16x2"},
    {"sub.sat.f16", 53, 42, "sub.f16"},
    {"sub.bf16", 90, 78, "sub.bf16"},
    {"mul.ftz.f16x2", 53, 42, "mul.f16x2"},
    {"mul.bf16x2", 90, 78, "mul.bf16x2"},
    {"fma.rn.f16", 53, 42, "fma.f16"},
    {"fma.rn.ftz.sat.f16x2", 53, 42, "fma.f16x2"},
    {"fma.rn.relu.f16", 80, 70, "fma.relu.f16"},
    {"fma.rn.ftz.relu.f16x2", 80, 70, "fma.relu.f16x2"},
    {"fma.rn.bf16", 80, 70, "fma.bf16"},
    {"fma.rn.relu.bf16x2", 80, 70, "fma.bf16x2"},
    {"fma.rn.oob.f16", 90, 81, "fma.oob.f16"},
    {"fma.rn.oob.relu.bf16", 90, 81, "fma.oob.bf16"},
    {"fma.rn.oob.relu.f16x2", 90, 81, "fma.oob.f16x2"},
    {"fma.rn.oob.sat.f16", 90, 81, "fma.oob.f16"},
    {"neg.f16", 53, 60, "neg.f16"},
    {"neg.ftz.f16x2", 53, 60, "neg.f16x2"},
    {"neg.bf16", 80, 70, "neg.bf16"},
    {"abs.ftz.f16", 53, 65, "abs.f16"},
    {"abs.bf16x2", 80, 70, "abs.bf16x2"},
    {"min.f16", 80, 70, "min.f16"},
    {"min.NaN.bf16x2", 80, 70, "min.bf16x2"},
    {"max.ftz.f16x2", 80, 70, "max.f16x2"},
    {"min.xorsign.abs.f16", 86, 72, "min.xorsign.abs.f16"},
    {"max.NaN.xorsign.abs.bf16", 86, 72, "max.xorsign.abs.bf16"},
    {"tanh.approx.f16", 75, 70, "tanh.approx.f16"},
    {"tanh.approx.bf16x2", 90, 78, "tanh.approx.bf16x2"},
    {"ex2.approx.f16x2", 75, 70, "ex2.approx.f16x2"},
    {"ex2.approx.ftz.bf16", 90, 78, "ex2.approx.ftz.bf16"},
};

std::string version(int ptx) { return std::to_string(ptx / 10) + "." + std::to_string(ptx % 10); }

}  // namespace

TEST_CASE("S23: a form is accepted at its minimum sm and rejected just below", "[isa][S23]") {
  for (const Gate& g : kGates) {
    INFO(g.text);
    CHECK(decode_ptx(g.text, Target{g.sm, 0}).uop.has_value());
    CHECK(decode_ptx(g.text, Target{g.sm + 1, 0}).uop.has_value());
    auto below = decode_ptx(g.text, Target{g.sm - 1, 0});
    CHECK(!below.uop.has_value());
    CHECK(below.error == "'" + std::string(g.feature) + "' requires sm_" + std::to_string(g.sm) + " or higher");
  }
}

TEST_CASE("S23: a form is accepted at its minimum PTX ISA version and rejected just below",
          "[isa][S23]") {
  for (const Gate& g : kGates) {
    INFO(g.text);
    CHECK(decode_ptx(g.text, Target{g.sm, g.ptx}).uop.has_value());
    CHECK(decode_ptx(g.text, Target{0, g.ptx}).uop.has_value());
    for (Target below : {Target{g.sm, g.ptx - 1}, Target{0, g.ptx - 1}}) {
      auto d = decode_ptx(g.text, below);
      CHECK(!d.uop.has_value());
      CHECK(d.error == "'" + std::string(g.feature) + "' requires PTX ISA .version " + version(g.ptx));
    }
  }
}

TEST_CASE("S23: with both too low, the sm is named first", "[isa][S23]") {
  auto d = decode_ptx("min.xorsign.abs.f16", Target{80, 70});
  CHECK(d.error == "'min.xorsign.abs.f16' requires sm_86 or higher");
}

TEST_CASE("S23: of several unmet notes, the most demanding is named", "[isa][S23]") {
  // fma.rn.oob.relu.bf16 needs sm_80 for bf16 fma and relu, and sm_90 for .oob.
  CHECK(decode_ptx("fma.rn.oob.relu.bf16", Target{75, 0}).error ==
        "'fma.oob.bf16' requires sm_90 or higher");
  CHECK(decode_ptx("fma.rn.oob.relu.bf16", Target{0, 65}).error ==
        "'fma.oob.bf16' requires PTX ISA .version 8.1");
}

TEST_CASE("S23: an illegal form is reported as illegal, whatever the target", "[isa][S23][S22]") {
  CHECK(decode_ptx("add.ftz.bf16", Target{53, 42}).error == "illegal modifier '.ftz' for 'add.bf16'");
}

TEST_CASE("S23: without a target every legal form is accepted, and sm_90 with PTX 8.1 takes them all",
          "[isa][S23]") {
  for (const auto& f : halfpipe::test::s22_legal_forms()) {
    INFO(f.spelling);
    CHECK(decode_ptx(f.spelling).uop.has_value());
    CHECK(decode_ptx(f.spelling, Target{90, 81}).uop.has_value());
  }
}

TEST_CASE("S23: minimum_target gives the least sm and PTX ISA version of a form", "[isa][S23]") {
  for (const Gate& g : kGates) {
    INFO(g.text);
    auto d = decode_ptx(g.text);
    REQUIRE(d.uop.has_value());
    Target t = minimum_target(*d.uop);
    CHECK(t.sm == g.sm);
    CHECK(t.ptx_version == g.ptx);
  }
}

TEST_CASE("S23: parse_target reads sm_NN and X.Y and names what it cannot read", "[isa][S23]") {
  std::string error;
  auto t = parse_target("sm_86", "7.2", error);
  REQUIRE(t.has_value());
  CHECK(t->sm == 86);
  CHECK(t->ptx_version == 72);

  t = parse_target("sm_53", "", error);
  REQUIRE(t.has_value());
  CHECK(t->sm == 53);
  CHECK(t->ptx_version == 0);

  t = parse_target("", "8.1", error);
  REQUIRE(t.has_value());
  CHECK(t->sm == 0);
  CHECK(t->ptx_version == 81);

  for (const char* bad : {"90", "sm90", "sm_", "sm_9x", "compute_90", "sm_1000"}) {
    INFO(bad);
    CHECK(!parse_target(bad, "", error).has_value());
    CHECK(error == "bad target '" + std::string(bad) + "': expected sm_NN, e.g. sm_90");
  }
  for (const char* bad : {"8", "8.", ".1", "8.10", "8,1", "v8.1"}) {
    INFO(bad);
    CHECK(!parse_target("sm_90", bad, error).has_value());
    CHECK(error == "bad PTX ISA version '" + std::string(bad) + "': expected X.Y, e.g. 8.1");
  }
}
