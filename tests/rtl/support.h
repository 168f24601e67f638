// Helpers for the RTL tests: one PTX form through a Verilated hp_alu, lane by lane.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "model/isa/ptx.h"
#include "tb/dut.h"

namespace halfpipe::rtl_test {

inline Uop uop_of(const std::string& form) {
  const auto d = isa::decode_ptx(form);
  if (!d.uop) throw std::invalid_argument(form + ": " + d.error);
  return *d.uop;
}

// The result lane 0 of a fresh Lanes=2 unit gives for one transaction (lane 1 computes the same
// operands; both must agree, S2).
inline uint16_t rtl_lane_result(const std::string& form, uint16_t a, uint16_t b = 0, uint16_t c = 0) {
  auto dut = tb::make_dut(2, 4);
  tb::InBeat in;
  in.uop_word = encode(uop_of(form));
  in.lane_mask = 0b11;
  in.tag = 0x5A;
  in.a = {a, a};
  in.b = {b, b};
  in.c = {c, c};
  tb::OutBeat out;
  bool sent = false;
  for (int cycle = 0; cycle < 20; ++cycle) {
    const tb::CycleResult r = dut->cycle(!sent, in, true, out);
    sent = sent || r.accepted;
    if (r.consumed) {
      REQUIRE(out.tag == 0x5Au);
      REQUIRE(out.result[0] == out.result[1]);
      return out.result[0];
    }
  }
  FAIL("no output within 20 cycles");
  return 0;
}

}  // namespace halfpipe::rtl_test
