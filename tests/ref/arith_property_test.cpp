// add, sub and mul of the reference against the independent oracle (oracle.h: host binary64
// arithmetic, then a separately written rounding into the format), S4-S8 and S10 together:
// special-class pairs crossed, >= 10^7 seeded random pairs per format in the default run, and
// all 2^32 pairs of add and mul for both formats in the exhaustive run.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdio>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/ref/oracle.h"
#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
namespace {

using oracle::Arith;
using oracle::Spec;

Format format_of(const Spec& s) { return s.exp_bits == 8 ? Format::BF16 : Format::F16; }

Op op_of(Arith op) { return op == Arith::Add ? Op::Add : op == Arith::Sub ? Op::Sub : Op::Mul; }

const char* name_of(Arith op) { return op == Arith::Add ? "add" : op == Arith::Sub ? "sub" : "mul"; }

// Collects the first few disagreements so a failure shows the operands, not just a count.
class Disagreements {
 public:
  void note(const char* what, uint16_t a, uint16_t b, uint16_t expected, uint16_t got) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (++count_ > 8) return;
    char line[160];
    std::snprintf(line, sizeof line, "%s 0x%04x 0x%04x: expected 0x%04x, reference 0x%04x\n",
                  what, a, b, expected, got);
    examples_ += line;
  }
  uint64_t count() const { return count_; }
  const std::string& examples() const { return examples_; }

 private:
  std::mutex mutex_;
  std::atomic<uint64_t> count_{0};
  std::string examples_;
};

// Every value whose neighbourhood is a corner of S4-S8, S10 for the format, both signs.
std::vector<uint16_t> special_values(const Spec& s) {
  const uint16_t one = static_cast<uint16_t>(s.bias() << s.frac_bits);
  const uint16_t min_normal = static_cast<uint16_t>(1 << s.frac_bits);
  const uint16_t inf = s.inf_bits();
  const uint16_t half_ulp_of_one = static_cast<uint16_t>((s.bias() - s.frac_bits - 1) << s.frac_bits);
  const uint16_t two = static_cast<uint16_t>((s.bias() + 1) << s.frac_bits);
  const uint16_t magnitudes[] = {
      0,                                     // zero
      1, 2, 3,                               // smallest subnormals (ties at half of them)
      static_cast<uint16_t>(min_normal / 2),  // a subnormal power of two
      static_cast<uint16_t>(min_normal - 1),  // largest subnormal
      min_normal, static_cast<uint16_t>(min_normal + 1),
      static_cast<uint16_t>(2 * min_normal),  // 2^(emin+1)
      static_cast<uint16_t>(one - 1), one, static_cast<uint16_t>(one + 1),
      static_cast<uint16_t>(one + 3),
      static_cast<uint16_t>(one | (1 << (s.frac_bits - 1))),  // 1.5
      two,
      half_ulp_of_one,                                    // 1 + this is a tie
      static_cast<uint16_t>(half_ulp_of_one + 1),         // just above that tie
      static_cast<uint16_t>(half_ulp_of_one - 1),         // just below it
      static_cast<uint16_t>(inf - (2 << s.frac_bits)),    // a quarter of the range's top binade
      static_cast<uint16_t>(inf - (1 << s.frac_bits)),    // largest power of two
      static_cast<uint16_t>(inf - 2), static_cast<uint16_t>(inf - 1),  // largest finite
      inf,
      static_cast<uint16_t>(inf | 1),                           // NaN, smallest payload
      static_cast<uint16_t>(inf | (1 << (s.frac_bits - 1))),    // NaN, top fraction bit
      0x7FF7,                                                   // the OOB-NaN (S14)
      0x7FFF,                                                   // the canonical NaN
  };
  std::vector<uint16_t> values;
  for (uint16_t m : magnitudes) {
    values.push_back(m);
    values.push_back(static_cast<uint16_t>(m | 0x8000));
  }
  return values;
}

// Operands that reach every rounding path: one fully random, the other either random too or
// within a few binades of it (cancellation, ties, carries), which uniform bf16 pairs rarely are.
struct OperandSource {
  explicit OperandSource(const Spec& s, uint64_t seed) : spec(s), rng(seed) {}
  uint16_t any() { return static_cast<uint16_t>(rng()); }
  uint16_t near(uint16_t a) {
    if (rng() & 1) return any();
    const int exp_field = (a >> spec.frac_bits) & spec.exp_all_ones();
    const int delta = static_cast<int>(rng() % 25) - 12;
    int e = exp_field + delta;
    if (e < 0) e = 0;
    if (e > spec.exp_all_ones()) e = spec.exp_all_ones();
    const uint16_t frac = static_cast<uint16_t>(rng() & ((1u << spec.frac_bits) - 1));
    const uint16_t sign = (rng() & 1) ? 0x8000 : 0;
    return static_cast<uint16_t>(sign | (e << spec.frac_bits) | frac);
  }
  const Spec& spec;
  std::mt19937_64 rng;
};

void check_pair(const Spec& s, Arith op, bool ftz, uint16_t a, uint16_t b, Disagreements& bad) {
  Uop u = make_uop(op_of(op), format_of(s));
  u.ftz = ftz;
  const uint16_t expected = oracle::arith(s, op, a, b, ftz);
  const uint16_t got = run(u, a, b);
  if (got != expected) bad.note(name_of(op), a, b, expected, got);
}

// .ftz exists only on f16 add/sub/mul (S22).
std::vector<bool> ftz_choices(const Spec& s) {
  return s.exp_bits == 5 ? std::vector<bool>{false, true} : std::vector<bool>{false};
}

}  // namespace

TEST_CASE("S4 S5 S6 S10: add sub mul of every pair of special values match the oracle") {
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    for (bool ftz : ftz_choices(*s)) {
      Disagreements bad;
      const std::vector<uint16_t> values = special_values(*s);
      for (Arith op : {Arith::Add, Arith::Sub, Arith::Mul})
        for (uint16_t a : values)
          for (uint16_t b : values) check_pair(*s, op, ftz, a, b, bad);
      INFO(s->name << (ftz ? " .ftz" : "") << ":\n" << bad.examples());
      CHECK(bad.count() == 0);
    }
  }
}

TEST_CASE("S4 S5 S6 S7 S8 S10: add sub mul of 10^7 random pairs per format match the oracle") {
  constexpr int kPairs = 10'000'000;
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    OperandSource source(*s, s->exp_bits == 5 ? 0x16'16'16 : 0xBF'16'16);
    const bool has_ftz = s->exp_bits == 5;
    Disagreements bad;
    for (int i = 0; i < kPairs; ++i) {
      const uint16_t a = source.any();
      const uint16_t b = source.near(a);
      // Every pair through add, sub and mul; the f16 ones alternate with and without .ftz.
      const bool ftz = has_ftz && (i & 1);
      for (Arith op : {Arith::Add, Arith::Sub, Arith::Mul}) check_pair(*s, op, ftz, a, b, bad);
    }
    INFO(s->name << ":\n" << bad.examples());
    CHECK(bad.count() == 0);
  }
}

TEST_CASE("S2: packed add sub mul compute each lane as the oracle's scalar operation") {
  constexpr int kPairs = 200'000;
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    OperandSource source(*s, 0x5'2'2);
    Disagreements bad;
    for (int i = 0; i < kPairs; ++i) {
      const uint16_t a0 = source.any(), a1 = source.any();
      const uint16_t b0 = source.near(a0), b1 = source.near(a1);
      for (Arith op : {Arith::Add, Arith::Sub, Arith::Mul}) {
        const uint32_t d = ref::execute(make_uop(op_of(op), format_of(*s), true), pack(a1, a0),
                                        pack(b1, b0));
        const uint32_t expected = pack(oracle::arith(*s, op, a1, b1), oracle::arith(*s, op, a0, b0));
        if (d != expected) {
          bad.note(name_of(op), a0, b0, static_cast<uint16_t>(expected), static_cast<uint16_t>(d));
          bad.note(name_of(op), a1, b1, static_cast<uint16_t>(expected >> 16),
                   static_cast<uint16_t>(d >> 16));
        }
      }
    }
    INFO(s->name << "x2:\n" << bad.examples());
    CHECK(bad.count() == 0);
  }
}

// All 2^32 operand pairs of add and of mul, f16 and bf16, split over the host's cores by the
// first operand. Run with `ctest -L exhaustive` or `test_ref "[exhaustive]"`.
TEST_CASE("S4 S5 S6 S10: add and mul of all 2^32 operand pairs match the oracle",
          "[.exhaustive]") {
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    // The oracle's decoded operands, once: to_double is exact, so a table changes nothing.
    std::vector<double> value(65536);
    for (uint32_t x = 0; x < 65536; ++x) value[x] = oracle::to_double(*s, static_cast<uint16_t>(x));
    for (Arith op : {Arith::Add, Arith::Mul}) {
      const Uop u = make_uop(op_of(op), format_of(*s));
      Disagreements bad;
      std::atomic<uint32_t> next_a{0};
      auto work = [&] {
        for (uint32_t a; (a = next_a.fetch_add(1)) < 65536;) {
          const double x = value[a];
          for (uint32_t b = 0; b < 65536; ++b) {
            const double r = op == Arith::Add ? x + value[b] : x * value[b];
            const uint16_t expected = oracle::from_double(*s, r);
            const uint16_t got = run(u, static_cast<uint16_t>(a), static_cast<uint16_t>(b));
            if (got != expected)
              bad.note(name_of(op), static_cast<uint16_t>(a), static_cast<uint16_t>(b), expected, got);
          }
        }
      };
      std::vector<std::thread> pool;
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
      for (std::thread& t : pool) t.join();
      INFO(s->name << " " << name_of(op) << ":\n" << bad.examples());
      CHECK(bad.count() == 0);
    }
  }
}

}  // namespace halfpipe::ref_test
