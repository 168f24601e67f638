// The silicon campaign's inputs: which operands the K-th instruction of each phase carries. The
// GPU generates them (campaign_kernels.cu, written by `halfpipe silicon --campaign`) and the host
// generates the very same ones to compute the expected results (run.cpp), so this header is the
// one definition of the enumeration, compiled by nvcc for the device and by the host compiler for
// the host and the tests (tests/silicon/campaign_enumeration_test.cpp proves it covers every
// input exactly once). Plain C++17: no halfpipe header, no standard library beyond <cstdint>.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define HALFPIPE_CAMPAIGN_HD __host__ __device__ __forceinline__
#else
#define HALFPIPE_CAMPAIGN_HD inline
#endif

namespace halfpipe_campaign {

// Bumped whenever what a campaign runs, or the layout of its results folder, changes: a results
// folder is read only by a halfpipe of the same campaign version (`halfpipe silicon --report`).
inline constexpr int kCampaignVersion = 2;

// The campaign's phases, in the order it runs them (README, "Silicon campaign").
enum class Phase : uint32_t {
  Probes = 0,     // `halfpipe gen --probe-semantics`, read from probes.vec
  Corners = 1,    // every form's corner set, read from corners.vec
  Unary = 2,      // one-operand forms: all 2^16 inputs, in every lane
  Binary = 3,     // two-operand forms: all 2^32 (a, b) lane pairs
  FmaPlane = 4,   // fma: all (a, b) lane pairs with one of kFmaPlanes c values (param: the plane)
  FmaRandom = 5,  // fma: seeded random triples (param: the stream's key, random_key())
};
inline constexpr int kPhaseCount = 6;

inline constexpr int kFmaPlanes = 4;

// The c value of each fma plane. Each reaches a different regime of a·b + c:
//   0: -0        the product alone, rounded once; the sign of a zero sum (x·y + -0 keeps -0 only
//                for a -0 product, S5), and what .sat and .relu make of -0 (S12, S13);
//   1: +2^-24 (f16) / +2^-133 (bf16), the smallest positive subnormal: an addend below almost
//                every product's last place, so it decides ties and the sticky bit at every
//                exponent; under .ftz it is flushed itself (S7); near the bottom it meets
//                subnormal products (S6, S8);
//   2: -1.0      cancellation: products near 1 cancel to tiny or exact-zero results, exact only
//                with the full unrounded product (a double rounding shows here);
//   3: the largest finite value (65504 / 0x7F7F): the overflow regime, where products round up
//                to infinity or stay at the largest finite value, and .sat clamps.
HALFPIPE_CAMPAIGN_HD uint16_t fma_plane_c(bool bf16, int plane) {
  switch (plane) {
    case 0: return 0x8000;
    case 1: return 0x0001;
    case 2: return bf16 ? 0xBF80 : 0xBC00;
    default: return bf16 ? 0x7F7F : 0x7BFF;
  }
}

// The seed of the random fma triples: fixed, so that a campaign is repeatable and a mismatch can
// be regenerated from its index.
inline constexpr uint64_t kRandomSeed = 0x68616c6670697065ull;  // "halfpipe"

struct Registers {
  uint32_t a = 0, b = 0, c = 0;
};

HALFPIPE_CAMPAIGN_HD uint64_t mix64(uint64_t x) {  // SplitMix64's finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

HALFPIPE_CAMPAIGN_HD uint32_t parity32(uint32_t x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  x ^= x >> 2;
  x ^= x >> 1;
  return x & 1u;
}

// ---- Lane assignment of packed forms -------------------------------------------------------------
// A packed instruction carries a different input in each lane, so that a result that crosses
// lanes shows, and together its lanes still visit every input exactly once.
//
// One-operand forms: instruction i (< 2^16) holds input i in lane 0 and scramble16(i) in lane 1;
// both are bijections of the 16-bit inputs, so each lane sees all 2^16.
HALFPIPE_CAMPAIGN_HD uint32_t scramble16(uint32_t i) { return ((i * 0x9E37u) ^ 0x5A5Au) & 0xFFFFu; }

// Two-operand forms: a lane pair is the 32-bit word (b << 16) | a. The 2^32 pairs are split by
// parity: instruction i (< 2^31) holds the i-th even-parity pair in lane 0 ((i << 1) with the bit
// that makes the parity even) and an odd-parity pair, scrambled, in lane 1. Both halves hold every
// sign, exponent and payload, and the lanes never hold the same pair.
HALFPIPE_CAMPAIGN_HD uint32_t even_parity_pair(uint32_t i) { return (i << 1) | parity32(i); }
HALFPIPE_CAMPAIGN_HD uint32_t odd_parity_pair(uint32_t i) {
  const uint32_t q = ((i * 0x6F4F2A35u) ^ 0x2A5A5A5Au) & 0x7FFFFFFFu;  // a bijection of 31 bits
  return (q << 1) | (parity32(q) ^ 1u);
}

// Instructions of a generated phase: one-operand 2^16; pairs 2^32 (scalar) or 2^31 (packed, two
// pairs an instruction). FmaRandom has as many as the campaign asks for.
HALFPIPE_CAMPAIGN_HD uint64_t pair_instructions(bool packed) {
  return packed ? (uint64_t{1} << 31) : (uint64_t{1} << 32);
}

// The key of a form's random stream: the seed and the form's Uop word (model/uop/uop.h), so that
// two forms draw different triples.
HALFPIPE_CAMPAIGN_HD uint64_t random_key(uint32_t uop_word) {
  return mix64(kRandomSeed ^ (uint64_t{uop_word} << 20));
}

// The registers of instruction `index` of a generated phase (Unary, Binary, FmaPlane, FmaRandom).
// `bf16` picks the fma planes' c values.
HALFPIPE_CAMPAIGN_HD Registers generated_registers(Phase phase, bool packed, bool bf16,
                                                   uint64_t index, uint64_t param) {
  Registers r;
  if (phase == Phase::Unary) {
    const uint32_t i = static_cast<uint32_t>(index);
    r.a = packed ? (i | scramble16(i) << 16) : i;
    return r;
  }
  if (phase == Phase::FmaRandom) {
    if (packed) {
      const uint64_t x = mix64(param + 2 * index), y = mix64(param + 2 * index + 1);
      r.a = static_cast<uint32_t>(x);
      r.b = static_cast<uint32_t>(x >> 32);
      r.c = static_cast<uint32_t>(y);
    } else {
      const uint64_t x = mix64(param + index);
      r.a = static_cast<uint32_t>(x) & 0xFFFFu;
      r.b = static_cast<uint32_t>(x >> 16) & 0xFFFFu;
      r.c = static_cast<uint32_t>(x >> 32) & 0xFFFFu;
    }
    return r;
  }
  // Binary and FmaPlane: the pairs.
  if (packed) {
    const uint32_t i = static_cast<uint32_t>(index);
    const uint32_t lane0 = even_parity_pair(i), lane1 = odd_parity_pair(i);
    r.a = (lane0 & 0xFFFFu) | (lane1 << 16);
    r.b = (lane0 >> 16) | (lane1 & 0xFFFF0000u);
  } else {
    r.a = static_cast<uint32_t>(index) & 0xFFFFu;
    r.b = static_cast<uint32_t>(index >> 16) & 0xFFFFu;
  }
  if (phase == Phase::FmaPlane) {
    // Lane 1 takes the next plane's c: over the planes, every (a, b, c) still meets once, and a
    // c that crosses lanes shows.
    const int plane = static_cast<int>(param % kFmaPlanes);
    r.c = fma_plane_c(bf16, plane);
    if (packed) r.c |= uint32_t{fma_plane_c(bf16, (plane + 1) % kFmaPlanes)} << 16;
  }
  return r;
}

}  // namespace halfpipe_campaign
