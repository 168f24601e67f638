// The semantics probes (`halfpipe gen --probe-semantics`, vectors/probes.h): each S8, S10,
// S12-S14 probe's expected value, derived by hand in the table, is the reference's; each of its
// alternative readings predicts a different register, so that a device following that reading
// fails the probe; and the file is one halfpipe's reader takes, with the probe comments intact.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <sstream>
#include <string>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/probes.h"
#include "vectors/vector_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

TEST_CASE("S8 S10 S12 S13 S14: every probe's hand-derived result is the reference's",
          "[vectors][probes]") {
  for (const Probe& probe : semantics_probes()) {
    CAPTURE(probe.rule, probe.form, probe.operands);
    const isa::Decoded decoded = isa::decode_ptx(probe.form);
    REQUIRE(decoded.uop);
    CHECK(isa::ptx_form(*decoded.uop) == probe.form);  // written as gen writes forms
    REQUIRE(probe.operands.size() == static_cast<size_t>(operand_count(decoded.uop->op)));
    const uint32_t b = probe.operands.size() > 1 ? probe.operands[1] : 0;
    const uint32_t c = probe.operands.size() > 2 ? probe.operands[2] : 0;
    CHECK(ref::execute(*decoded.uop, probe.operands[0], b, c) == probe.expected);
  }
}

TEST_CASE("S8 S10 S12 S13 S14: every alternative reading predicts another result",
          "[vectors][probes]") {
  std::map<std::string, int> per_rule;
  for (const Probe& probe : semantics_probes()) {
    CAPTURE(probe.rule, probe.form, probe.operands);
    ++per_rule[probe.rule];
    REQUIRE_FALSE(probe.alternatives.empty());
    std::set<std::string> names;
    for (const auto& alternative : probe.alternatives) {
      CAPTURE(alternative.name);
      CHECK(alternative.result != probe.expected);
      CHECK(names.insert(alternative.name).second);
      CHECK(alternative.name.find_first_of(" \t=#") == std::string::npos);
    }
  }
  // Each rule is probed, packed forms included (lane by lane, S2).
  CHECK(per_rule == std::map<std::string, int>{{"S8", 5}, {"S10", 7}, {"S12", 6}, {"S13", 5},
                                               {"S14", 8}});
}

TEST_CASE("gen --probe-semantics: a vector file halfpipe's reader takes, one probe comment a line",
          "[vectors][probes]") {
  std::ostringstream out;
  write_probe_file(out);
  const std::string text = out.str();
  CHECK(text.find("mul.ftz.f16 0x3bff 0x0400 0x0000 # probe S8 "
                  "after-rounding-in-format=0x0400\n") != std::string::npos);
  CHECK(text.find("add.sat.f16x2 0x80003c00 0x80000000 0x00003c00 # probe S12 "
                  "keep-negative-zero=0x80003c00\n") != std::string::npos);
  std::istringstream in(text);
  VectorReader reader(in, "probes.vec");
  VectorRecord record;
  size_t count = 0;
  while (reader.next(record)) {
    const Probe& probe = semantics_probes().at(count++);
    CHECK(record.form == probe.form);
    CHECK(record.expected == probe.expected);
  }
  CHECK(count == semantics_probes().size());
}
