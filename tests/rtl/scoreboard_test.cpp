// The scoreboard catches every way a transaction can come back wrong.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "tb/scoreboard.h"

namespace {

using halfpipe::tb::Expected;
using halfpipe::tb::Mismatch;
using halfpipe::tb::OutBeat;
using halfpipe::tb::Port;
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

// Doc/your-unit.md: a unit that declares InOrder=0 hands results back as they finish.
TEST_CASE("scoreboard: matched by tag, results pass in any order, and a tag nobody holds in flight is unexpected") {
  std::vector<Mismatch> seen;
  Scoreboard sb(2, [&](const Mismatch& m) { seen.push_back(m); });
  sb.match_by_tag(16);
  sb.expect(transaction(1, 0b01, 0x4000, 0));
  sb.expect(transaction(2, 0b01, 0x4200, 0));
  CHECK_FALSE(sb.tag_free(1));
  CHECK(sb.tag_free(3));
  sb.check(output(2, 0b01, 0x4200, 0));  // the younger one first
  CHECK(sb.tag_free(2));
  CHECK(sb.in_flight() == 1);
  sb.check(output(1, 0b01, 0x4000, 0));
  CHECK(seen.empty());
  CHECK(sb.passed() == 2);
  CHECK(sb.in_flight() == 0);

  sb.expect(transaction(3, 0b01, 0x3C00, 0));
  sb.check(output(3, 0b01, 0x3C00, 0));
  sb.check(output(3, 0b01, 0x3C00, 0));  // the same transaction twice: the second is nobody's
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].kind == Mismatch::Kind::Unexpected);
  CHECK(seen[0].got == 3);
}

// The drive loop never offers a tag still in flight, but a caller of the scoreboard may: then an
// output carrying it is the oldest such transaction's, and the next one the younger's. A tag past
// 2^TagWidth is nobody's.
TEST_CASE("scoreboard: matched by tag, two transactions in flight with one tag are matched oldest first, and a tag past 2^TagWidth is unexpected") {
  std::vector<Mismatch> seen;
  Scoreboard sb(1, [&](const Mismatch& m) { seen.push_back(m); });
  sb.match_by_tag(4);
  sb.expect(transaction(2, 0b1, 0x3C00, 0));  // the older one: 1.0
  sb.expect(transaction(2, 0b1, 0x4000, 0));  // the younger one: 2.0
  sb.check(output(2, 0b1, 0x3C00, 0));
  CHECK(seen.empty());
  CHECK_FALSE(sb.tag_free(2));
  sb.check(output(2, 0b1, 0x3C00, 0));  // the younger one's turn: 1.0 where 2.0 is expected
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].kind == Mismatch::Kind::Result);
  CHECK(seen[0].expected == 0x4000);
  CHECK(sb.tag_free(2));
  sb.expect(transaction(3, 0b1, 0x3C00, 0));
  sb.check(output(7, 0b1, 0x3C00, 0));
  REQUIRE(seen.size() == 2);
  CHECK(seen[1].kind == Mismatch::Kind::Unexpected);
  CHECK(seen[1].got == 7);
  sb.check(output(3, 0b1, 0x3C00, 0));
  CHECK(seen.size() == 2);
  CHECK(sb.passed() == 2);
  CHECK(sb.failed() == 2);
}

// A reset flushes what an out-of-order unit held, which lies among transactions it already
// handed back: exactly those are offered again, with their tags, after what was waiting.
TEST_CASE("scoreboard: matched by tag, a reset offers again exactly the transactions still held, each with its tag") {
  std::vector<Mismatch> seen;
  Scoreboard sb(2, [&](const Mismatch& m) { seen.push_back(m); });
  sb.match_by_tag(16);
  for (uint32_t tag : {1u, 2u, 3u}) sb.expect(transaction(tag, 0b01, 0x4000 + tag, 0));
  sb.append(transaction(4, 0b01, 0x4004, 0));  // on the inputs, not yet accepted
  sb.check(output(2, 0b01, 0x4002, 0));        // the middle one left
  sb.replay_in_flight(Port::Rtl);              // 1 and 3 were flushed
  CHECK(sb.in_flight() == 0);
  CHECK(sb.tag_free(1));
  CHECK(sb.tag_free(3));
  std::vector<uint32_t> offered;
  while (sb.next_offer_sequence(Port::Rtl) < sb.appended()) {
    offered.push_back(sb.next_offer(Port::Rtl).tag);
    sb.accept(Port::Rtl);
  }
  CHECK(offered == std::vector<uint32_t>{4, 1, 3});
  sb.check(output(3, 0b01, 0x4003, 0));
  sb.check(output(4, 0b01, 0x4004, 0));
  sb.check(output(1, 0b01, 0x4001, 0));
  CHECK(seen.empty());
  CHECK(sb.in_flight() == 0);
  CHECK(sb.delivered(Port::Rtl) == sb.appended());
  CHECK(sb.transactions_passed() == 4);  // each once: the flushed copies are not counted
  CHECK(sb.transactions_failed() == 0);
}

TEST_CASE("scoreboard: with any NaN accepted, another NaN encoding passes and is counted, and a non-NaN still fails") {
  const uint32_t add_f16 = 0x00000;  // op add, format f16 (model/uop/uop.h)
  const uint32_t add_bf16 = 0x00010;  // format bf16
  std::vector<Mismatch> seen;
  Scoreboard sb(2, [&](const Mismatch& m) { seen.push_back(m); });
  sb.accept_any_nan();
  Expected f16 = transaction(1, 0b11, 0x7FFF, 0x7FFF);
  f16.uop_word = add_f16;
  sb.expect(f16);
  sb.check(output(1, 0b11, 0x7E00, 0xFE01));  // RISC-V's canonical NaN; a negative one
  CHECK(seen.empty());
  CHECK(sb.nan_differences() == 2);
  Expected bf16 = transaction(2, 0b11, 0x7FFF, 0x7FFF);
  bf16.uop_word = add_bf16;
  sb.expect(bf16);
  sb.check(output(2, 0b11, 0x7FC0, 0x7C00));  // bf16's quiet NaN; 0x7C00 is a bf16 number
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].lane == 1);
  CHECK(sb.nan_differences() == 3);
}

TEST_CASE("scoreboard: two results are equal when their first `lanes` lanes are, whatever lies past them") {
  for (int lanes = 1; lanes <= halfpipe::tb::kMaxLanes; ++lanes) {
    for (int differing = 0; differing < halfpipe::tb::kMaxLanes; ++differing) {
      for (const uint16_t bit : {uint16_t{0x0001}, uint16_t{0x8000}}) {
        std::array<uint16_t, halfpipe::tb::kMaxLanes> x{0x3C00, 0x4000, 0x4200, 0x4400,
                                                        0xBC00, 0xC000, 0xC200, 0xC400};
        auto y = x;
        y[differing] ^= bit;  // the lowest or the highest bit of one lane
        INFO("lanes " << lanes << ", lane " << differing << " differs by " << bit);
        CHECK(halfpipe::tb::same_lanes(x, y, lanes) == (differing >= lanes));
        CHECK(halfpipe::tb::same_lanes(x, x, lanes));
      }
    }
  }
}

TEST_CASE("scoreboard: a result matches when the lanes of its mask show the expected values and its other lanes read zero") {
  const std::array<uint16_t, halfpipe::tb::kMaxLanes> want{0x3C00, 0x4000, 0x4200, 0x4400,
                                                           0xBC00, 0xC000, 0xC200, 0xC400};
  for (int lanes = 1; lanes <= halfpipe::tb::kMaxLanes; ++lanes) {
    for (uint32_t mask = 0; mask < (1u << lanes); ++mask) {
      // What the unit shows, lane by lane: the expected value in the mask, zero outside it.
      std::array<uint16_t, halfpipe::tb::kMaxLanes> right{};
      for (int lane = 0; lane < lanes; ++lane) right[lane] = (mask >> lane) & 1 ? want[lane] : 0;
      INFO("lanes " << lanes << ", mask " << mask);
      CHECK(halfpipe::tb::same_lanes_masked(want, right, mask, lanes));
      for (int lane = 0; lane < halfpipe::tb::kMaxLanes; ++lane) {
        for (const uint16_t bit : {uint16_t{0x0001}, uint16_t{0x8000}}) {
          auto wrong = right;
          wrong[lane] ^= bit;  // a wrong value in the mask, or a non-zero one outside it
          INFO("lane " << lane << " differs by " << bit);
          CHECK(halfpipe::tb::same_lanes_masked(want, wrong, mask, lanes) == (lane >= lanes));
        }
      }
    }
  }
}
