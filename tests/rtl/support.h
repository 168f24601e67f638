// Helpers for the RTL tests: one PTX form through a Verilated hp_alu, lane by lane.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

#include <vector>

#include "model/isa/ptx.h"
#include "tb/beats.h"
#include "tb/dut_factory.h"

namespace halfpipe::rtl_test {

inline Uop uop_of(const std::string& form) {
  const auto d = isa::decode_ptx(form);
  if (!d.uop) throw std::invalid_argument(form + ": " + d.error);
  return *d.uop;
}

// One transaction through a fresh unit of `lanes` lanes: what it hands out.
inline tb::OutBeat one_transaction(int lanes, const tb::InBeat& in) {
  auto dut = tb::make_dut(lanes, 4);
  tb::OutBeat out;
  bool sent = false;
  for (int cycle = 0; cycle < 20; ++cycle) {
    const tb::CycleResult r = dut->cycle(!sent, in, true, out);
    sent = sent || r.accepted;
    if (r.consumed) {
      REQUIRE(out.tag == in.tag);
      return out;
    }
  }
  FAIL("no output within 20 cycles");
  return out;
}

// The result lane 0 of a fresh Lanes=2 unit gives for one transaction (lane 1 computes the same
// operands; both must agree, S2).
inline uint16_t rtl_lane_result(const std::string& form, uint16_t a, uint16_t b = 0, uint16_t c = 0) {
  tb::InBeat in;
  in.uop_word = encode(uop_of(form));
  in.lane_mask = 0b11;
  in.tag = 0x5A;
  in.a = {a, a};
  in.b = {b, b};
  in.c = {c, c};
  const tb::OutBeat out = one_transaction(2, in);
  REQUIRE(out.result[0] == out.result[1]);
  return out.result[0];
}

// The streams of the vectors library a sweep test runs: corners and/or `random` seeded vectors,
// or every input (exhaustive; fma with c = 0).
inline std::vector<vectors::StreamSpec> stream_specs(bool corners, uint64_t random, uint64_t seed,
                                                     bool exhaustive = false) {
  std::vector<vectors::StreamSpec> specs;
  if (corners) specs.push_back({vectors::StreamKind::Corner, 0, seed, {}, {}});
  if (random) specs.push_back({vectors::StreamKind::Random, random, seed, {}, {}});
  if (exhaustive) specs.push_back({vectors::StreamKind::Exhaustive, 0, seed, {}, {0x0000}});
  return specs;
}

// One PTX form's streams, added to `source`; returns the lane operations they hold.
inline uint64_t add_ptx_form(tb::BeatSource& source, const std::string& form,
                             const std::vector<vectors::StreamSpec>& specs) {
  const Uop u = uop_of(form);
  std::vector<vectors::OperandStream> streams;
  uint64_t lane_ops = 0;
  for (const auto& spec : specs) {
    streams.emplace_back(u, isa::ptx_form(u), spec);
    lane_ops += streams.back().size() * (u.packed ? 2 : 1);
  }
  source.add_ptx(isa::ptx_form(u), u, std::move(streams));
  return lane_ops;
}

}  // namespace halfpipe::rtl_test
