// The scoreboard with two ports (the RTL and the SystemC model fed one sequence): each port's
// results against the reference, tags in order, nothing lost or duplicated, the ports' output
// cycles equal, and a reset port replays what it held. Worked by hand, no simulator.
#include <catch2/catch.hpp>

#include <vector>

#include "tb/scoreboard.h"

namespace {

using halfpipe::tb::Expected;
using halfpipe::tb::Mismatch;
using halfpipe::tb::Outcome;
using halfpipe::tb::OutBeat;
using halfpipe::tb::Port;
using halfpipe::tb::Scoreboard;

Expected transaction(uint32_t tag, uint16_t r0) {
  Expected e;
  e.tag = tag;
  e.lane_mask = 0b1;
  e.result[0] = r0;
  return e;
}

OutBeat output(uint32_t tag, uint16_t r0) {
  OutBeat o;
  o.tag = tag;
  o.lane_mask = 0b1;
  o.result[0] = r0;
  return o;
}

struct Seen {
  std::vector<Mismatch> mismatches;
  std::vector<Outcome> outcomes;
  Scoreboard board() {
    return Scoreboard(
        2, 2, [this](const Mismatch& m) { mismatches.push_back(m); },
        [this](const Outcome& o) { outcomes.push_back(o); });
  }
};

}  // namespace

TEST_CASE("scoreboard: a transaction is finished once both ports hand it back at one cycle") {
  Seen seen;
  Scoreboard sb = seen.board();
  sb.append(transaction(7, 0x4200));  // 1 + 2 = 3 in f16
  CHECK(sb.next_offer_sequence(Port::Rtl) == 0);
  CHECK(sb.next_offer(Port::Model).tag == 7);
  sb.accept(Port::Rtl);
  sb.accept(Port::Model);
  CHECK(sb.next_offer_sequence(Port::Rtl) == 1);  // the caller appends the next one first
  sb.check(Port::Rtl, output(7, 0x4200), 12);
  CHECK(seen.outcomes.empty());  // the model has not handed it back yet
  sb.check(Port::Model, output(7, 0x4200), 12);
  REQUIRE(seen.outcomes.size() == 1);
  CHECK(seen.outcomes[0].sequence == 0);
  CHECK(seen.outcomes[0].results_match);
  CHECK(seen.outcomes[0].cycles_match);
  CHECK(seen.outcomes[0].cycle[0] == 12);
  CHECK(seen.mismatches.empty());
  CHECK(sb.transactions_passed() == 1);
  CHECK(sb.transactions_failed() == 0);
}

TEST_CASE("scoreboard: the model predicting another cycle fails the transaction but not its result") {
  Seen seen;
  Scoreboard sb = seen.board();
  sb.append(transaction(1, 0x3C00));
  sb.accept(Port::Rtl);
  sb.accept(Port::Model);
  sb.check(Port::Model, output(1, 0x3C00), 9);  // the model may run ahead of the RTL
  sb.check(Port::Rtl, output(1, 0x3C00), 8);
  REQUIRE(seen.outcomes.size() == 1);
  CHECK(seen.outcomes[0].results_match);
  CHECK_FALSE(seen.outcomes[0].cycles_match);
  CHECK(seen.outcomes[0].cycle[static_cast<int>(Port::Rtl)] == 8);
  CHECK(seen.outcomes[0].cycle[static_cast<int>(Port::Model)] == 9);
  CHECK(seen.mismatches.empty());
  CHECK(sb.transactions_failed() == 1);
}

TEST_CASE("scoreboard: a wrong RTL result names the port and lane and cycle") {
  Seen seen;
  Scoreboard sb = seen.board();
  sb.append(transaction(3, 0x4200));
  sb.accept(Port::Rtl);
  sb.accept(Port::Model);
  sb.check(Port::Rtl, output(3, 0x4201), 20);
  sb.check(Port::Model, output(3, 0x4200), 20);
  REQUIRE(seen.mismatches.size() == 1);
  CHECK(seen.mismatches[0].kind == Mismatch::Kind::Result);
  CHECK(seen.mismatches[0].port == Port::Rtl);
  CHECK(seen.mismatches[0].cycle == 20);
  CHECK(seen.mismatches[0].expected == 0x4200);
  CHECK(seen.mismatches[0].got == 0x4201);
  REQUIRE(seen.outcomes.size() == 1);
  CHECK_FALSE(seen.outcomes[0].results_match);
  CHECK(seen.outcomes[0].cycles_match);
  CHECK(sb.transactions_failed() == 1);
}

TEST_CASE("scoreboard: a lost transaction shows as the next tag arriving early and a duplicate as an unexplained output") {
  Seen seen;
  Scoreboard sb = seen.board();
  sb.append(transaction(0, 0x3C00));
  sb.append(transaction(1, 0x4000));
  for (int i = 0; i < 2; ++i) {
    sb.accept(Port::Rtl);
    sb.accept(Port::Model);
  }
  sb.check(Port::Rtl, output(1, 0x4000), 5);  // tag 0 never came out of the RTL
  REQUIRE(seen.mismatches.size() >= 1);
  CHECK(seen.mismatches[0].kind == Mismatch::Kind::Tag);
  CHECK(seen.mismatches[0].expected == 0);
  CHECK(seen.mismatches[0].got == 1);
  CHECK(sb.in_flight(Port::Rtl) == 1);  // and one transaction is still owed

  sb.check(Port::Model, output(0, 0x3C00), 5);
  sb.check(Port::Model, output(1, 0x4000), 6);
  sb.check(Port::Model, output(1, 0x4000), 7);  // handed out twice
  CHECK(seen.mismatches.back().kind == Mismatch::Kind::Unexpected);
  CHECK(seen.mismatches.back().port == Port::Model);
  CHECK(sb.unexpected_outputs() == 1);
}

TEST_CASE("scoreboard: a reset port is offered again what it held and each is checked once") {
  Seen seen;
  Scoreboard sb = seen.board();
  for (uint32_t t = 0; t < 3; ++t) sb.append(transaction(t, static_cast<uint16_t>(0x3C00 + t)));
  for (int i = 0; i < 3; ++i) {
    sb.accept(Port::Rtl);
    sb.accept(Port::Model);
  }
  sb.check(Port::Rtl, output(0, 0x3C00), 4);
  sb.check(Port::Model, output(0, 0x3C00), 4);
  // Reset: 1 and 2 were in flight in both.
  sb.replay_in_flight(Port::Rtl);
  sb.replay_in_flight(Port::Model);
  CHECK(sb.in_flight(Port::Rtl) == 0);
  CHECK(sb.next_offer_sequence(Port::Rtl) == 1);
  CHECK(sb.next_offer(Port::Rtl).tag == 1);
  for (int i = 0; i < 2; ++i) {
    sb.accept(Port::Rtl);
    sb.accept(Port::Model);
  }
  for (uint32_t t = 1; t < 3; ++t) {
    sb.check(Port::Rtl, output(t, static_cast<uint16_t>(0x3C00 + t)), 10 + t);
    sb.check(Port::Model, output(t, static_cast<uint16_t>(0x3C00 + t)), 10 + t);
  }
  CHECK(seen.mismatches.empty());
  REQUIRE(seen.outcomes.size() == 3);
  CHECK(seen.outcomes[2].sequence == 2);
  CHECK(sb.transactions_passed() == 3);
}

TEST_CASE("scoreboard: ports drifting apart by more than its first window lose nothing") {
  Seen seen;
  Scoreboard sb = seen.board();
  const uint32_t n = 300;  // the window starts at 64 and grows
  for (uint32_t t = 0; t < n; ++t) {
    sb.append(transaction(t & 0xFF, static_cast<uint16_t>(t)));
    sb.accept(Port::Rtl);
    sb.accept(Port::Model);
    sb.check(Port::Rtl, output(t & 0xFF, static_cast<uint16_t>(t)), t);
  }
  for (uint32_t t = 0; t < n; ++t) sb.check(Port::Model, output(t & 0xFF, static_cast<uint16_t>(t)), t);
  CHECK(seen.mismatches.empty());
  CHECK(sb.transactions_passed() == n);
}
