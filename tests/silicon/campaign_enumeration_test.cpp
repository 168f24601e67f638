// The silicon campaign's enumeration (silicon/campaign/enumeration.h) visits every input exactly
// once: all 2^16 inputs in each lane of a one-operand form, and all 2^32 (a, b) lane pairs of a
// two-operand form, scalar or packed (two pairs an instruction, a different one in each lane).
// Proven by count and by two order-independent checksums (sums of two different hashes of each
// pair) against the same over the pairs 0 .. 2^32 - 1 counted directly: a pair missed and another
// visited twice would have to leave both sums unchanged. The 16-bit sets are checked by bitmap.
#include <array>
#include <bitset>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "silicon/campaign/enumeration.h"

namespace hc = halfpipe_campaign;

namespace {

int failures = 0;
void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "ok" : "FAIL", what);
  failures += !ok;
}

struct Sums {
  uint64_t count = 0, first = 0, second = 0;
  void add(uint32_t pair) {
    ++count;
    first += hc::mix64(pair);
    second += hc::mix64(uint64_t{pair} * 0xD1B54A32D192ED03ull + 1);
  }
  void add(const Sums& o) { count += o.count, first += o.first, second += o.second; }
  bool operator==(const Sums& o) const {
    return count == o.count && first == o.first && second == o.second;
  }
};

// f(begin, end, sums) over [0, n) on two threads.
Sums in_parallel(uint64_t n, const std::function<void(uint64_t, uint64_t, Sums&)>& f) {
  Sums halves[2];
  std::thread other([&] { f(n / 2, n, halves[1]); });
  f(0, n / 2, halves[0]);
  other.join();
  halves[0].add(halves[1]);
  return halves[0];
}

uint32_t pair_of(uint32_t a_register, uint32_t b_register, int lane) {
  return ((b_register >> (16 * lane)) & 0xFFFFu) << 16 | ((a_register >> (16 * lane)) & 0xFFFFu);
}

}  // namespace

int main() {
  constexpr uint64_t kPairs = uint64_t{1} << 32;
  const Sums every_pair = in_parallel(kPairs, [](uint64_t begin, uint64_t end, Sums& s) {
    for (uint64_t p = begin; p < end; ++p) s.add(static_cast<uint32_t>(p));
  });

  // Two-operand, scalar: instruction i is the pair i.
  check(hc::pair_instructions(false) == kPairs, "a scalar two-operand form runs 2^32 instructions");
  const Sums scalar = in_parallel(kPairs, [](uint64_t begin, uint64_t end, Sums& s) {
    for (uint64_t i = begin; i < end; ++i) {
      const hc::Registers r = hc::generated_registers(hc::Phase::Binary, false, false, i, 0);
      s.add(pair_of(r.a, r.b, 0));
    }
  });
  check(scalar == every_pair, "scalar: every (a, b) pair exactly once");

  // Two-operand, packed: the lanes of 2^31 instructions.
  check(hc::pair_instructions(true) == kPairs / 2, "a packed two-operand form runs 2^31 instructions");
  bool lanes_differ = true;
  const Sums packed = in_parallel(kPairs / 2, [&](uint64_t begin, uint64_t end, Sums& s) {
    bool differ = true;
    for (uint64_t i = begin; i < end; ++i) {
      const hc::Registers r = hc::generated_registers(hc::Phase::Binary, true, false, i, 0);
      const uint32_t lane0 = pair_of(r.a, r.b, 0), lane1 = pair_of(r.a, r.b, 1);
      differ &= lane0 != lane1;
      s.add(lane0);
      s.add(lane1);
    }
    if (!differ) lanes_differ = false;
  });
  check(packed == every_pair, "packed: every (a, b) lane pair exactly once, over both lanes");
  check(lanes_differ, "packed: the two lanes of an instruction never hold the same pair");

  // The fma planes use the same pairs; per plane, lane 1 takes the next plane's c, so over the
  // planes each lane meets every plane's c once.
  for (int format = 0; format < 2; ++format) {
    std::array<int, hc::kFmaPlanes> lane0_seen{}, lane1_seen{};
    for (int plane = 0; plane < hc::kFmaPlanes; ++plane) {
      const hc::Registers scalar_r =
          hc::generated_registers(hc::Phase::FmaPlane, false, format == 1, 12345, plane);
      const hc::Registers packed_r =
          hc::generated_registers(hc::Phase::FmaPlane, true, format == 1, 12345, plane);
      const hc::Registers pairs = hc::generated_registers(hc::Phase::Binary, true, false, 12345, 0);
      check(scalar_r.c == hc::fma_plane_c(format == 1, plane) && pair_of(scalar_r.a, scalar_r.b, 0) == 12345,
            "fma plane, scalar: c is the plane's and (a, b) the pair's");
      check(packed_r.a == pairs.a && packed_r.b == pairs.b, "fma plane, packed: (a, b) as the pairs'");
      for (int k = 0; k < hc::kFmaPlanes; ++k) {
        lane0_seen[static_cast<size_t>(k)] += (packed_r.c & 0xFFFF) == hc::fma_plane_c(format == 1, k);
        lane1_seen[static_cast<size_t>(k)] += (packed_r.c >> 16) == hc::fma_plane_c(format == 1, k);
      }
      check((packed_r.c & 0xFFFF) != (packed_r.c >> 16), "fma plane, packed: the lanes' c differ");
    }
    check(lane0_seen == std::array<int, hc::kFmaPlanes>{1, 1, 1, 1} &&
              lane1_seen == std::array<int, hc::kFmaPlanes>{1, 1, 1, 1},
          "fma planes: each lane meets every plane's c exactly once");
  }

  // One-operand: every input once in each lane (bitmaps).
  for (bool packed_form : {false, true}) {
    std::bitset<65536> lane0, lane1;
    for (uint64_t i = 0; i < 65536; ++i) {
      const hc::Registers r = hc::generated_registers(hc::Phase::Unary, packed_form, false, i, 0);
      lane0.set(r.a & 0xFFFF);
      if (packed_form) lane1.set(r.a >> 16);
    }
    check(lane0.all(), packed_form ? "one-operand, packed: lane 0 meets all 2^16 inputs"
                                   : "one-operand, scalar: all 2^16 inputs");
    if (packed_form) check(lane1.all(), "one-operand, packed: lane 1 meets all 2^16 inputs");
  }

  // Random triples are a function of the form and the index alone: the host regenerates them.
  const uint64_t key = hc::random_key(0x00003);
  check(key != hc::random_key(0x00083), "two forms draw different random triples");
  const hc::Registers first = hc::generated_registers(hc::Phase::FmaRandom, true, false, 7, key);
  const hc::Registers again = hc::generated_registers(hc::Phase::FmaRandom, true, false, 7, key);
  check(first.a == again.a && first.b == again.b && first.c == again.c,
        "random triples: the same index gives the same triple");
  const hc::Registers scalar_random = hc::generated_registers(hc::Phase::FmaRandom, false, false, 7, key);
  check(scalar_random.a <= 0xFFFF && scalar_random.b <= 0xFFFF && scalar_random.c <= 0xFFFF,
        "random triples, scalar: 16-bit registers");

  if (failures) std::printf("%d checks failed\n", failures);
  return failures ? 1 : 0;
}
