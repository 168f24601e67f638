// The scoreboard catches every way a transaction can come back wrong.
#include <catch2/catch.hpp>

#include <vector>

#include "tb/scoreboard.h"

namespace {

using halfpipe::tb::Expected;
using halfpipe::tb::Mismatch;
using halfpipe::tb::OutBeat;
using halfpipe::tb::Scoreboard;

Expected transaction(uint32_t tag, uint32_t mask, uint16_t r0, uint16_t r1) {
  Expected e;
  e.tag = tag;
  e.lane_mask = mask;
  e.result[0] = r0;
  e.result[1] = r1;
  return e;
}

OutBeat output(uint32_t tag, uint32_t mask, uint16_t r0, uint16_t r1) {
  OutBeat o;
  o.tag = tag;
  o.lane_mask = mask;
  o.result[0] = r0;
  o.result[1] = r1;
  return o;
}

}  // namespace

TEST_CASE("scoreboard: matching outputs pass, one per enabled lane, in order") {
  std::vector<Mismatch> seen;
  Scoreboard sb(2, [&](const Mismatch& m) { seen.push_back(m); });
  sb.expect(transaction(1, 0b11, 0x4000, 0x4200));
  sb.expect(transaction(2, 0b01, 0x3C00, 0));
  sb.check(output(1, 0b11, 0x4000, 0x4200));
  sb.check(output(2, 0b01, 0x3C00, 0));
  CHECK(seen.empty());
  CHECK(sb.passed() == 3);
  CHECK(sb.failed() == 0);
  CHECK(sb.in_flight() == 0);
}

TEST_CASE("scoreboard: a wrong result, tag or lane mask, a non-zero masked lane and an unexplained output each fail") {
  std::vector<Mismatch> seen;
  Scoreboard sb(2, [&](const Mismatch& m) { seen.push_back(m); });
  sb.expect(transaction(1, 0b11, 0x4000, 0x4200));
  sb.check(output(1, 0b11, 0x4000, 0x4201));  // wrong result in lane 1
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].kind == Mismatch::Kind::Result);
  CHECK(seen[0].lane == 1);
  CHECK(seen[0].expected == 0x4200);
  CHECK(seen[0].got == 0x4201);

  sb.expect(transaction(2, 0b11, 0, 0));
  sb.check(output(3, 0b11, 0, 0));  // a lost or reordered transaction shows in the tag
  REQUIRE(seen.size() == 2);
  CHECK(seen[1].kind == Mismatch::Kind::Tag);

  sb.expect(transaction(4, 0b01, 0x3C00, 0));
  sb.check(output(4, 0b11, 0x3C00, 0));  // the lane mask did not travel with its data
  REQUIRE(seen.size() == 3);
  CHECK(seen[2].kind == Mismatch::Kind::LaneMask);

  sb.expect(transaction(5, 0b01, 0x3C00, 0));
  sb.check(output(5, 0b01, 0x3C00, 0x1234));  // lane 1 is off and must read zero
  REQUIRE(seen.size() == 4);
  CHECK(seen[3].kind == Mismatch::Kind::Result);
  CHECK(seen[3].lane == 1);

  sb.check(output(6, 0b11, 0, 0));  // nothing in flight: a duplicated or invented output
  REQUIRE(seen.size() == 5);
  CHECK(seen[4].kind == Mismatch::Kind::Unexpected);
  CHECK(sb.failed() == 5);
}
