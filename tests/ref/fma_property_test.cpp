// fma of the reference against the oracle's exact wide-integer a*b + c, rounded once by the
// oracle's own rounding (S5): crossed special values, corner triples built to land on the
// rounding's hard cases, and >= 10^6 seeded random triples per format.
#include <catch2/catch.hpp>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "tests/ref/oracle.h"
#include "tests/ref/uops.h"

namespace halfpipe::ref_test {
namespace {

using oracle::Spec;

Format format_of(const Spec& s) { return s.exp_bits == 8 ? Format::BF16 : Format::F16; }

struct Triple {
  uint16_t a, b, c;
};

// Counts disagreements and keeps the first few for the failure message.
struct Disagreements {
  uint64_t count = 0;
  std::string examples;
  void check(const Spec& s, bool ftz, Triple t) {
    Uop u = make_uop(Op::Fma, format_of(s));
    u.ftz = ftz;
    const uint16_t expected = oracle::fma(s, t.a, t.b, t.c, ftz);
    const uint16_t got = run(u, t.a, t.b, t.c);
    if (got == expected || ++count > 8) return;
    char line[160];
    std::snprintf(line, sizeof line, "fma%s 0x%04x 0x%04x 0x%04x: expected 0x%04x, reference 0x%04x\n",
                  ftz ? ".ftz" : "", t.a, t.b, t.c, expected, got);
    examples += line;
  }
};

uint16_t negate(uint16_t x) { return x ^ 0x8000; }

// Magnitudes at the corners of the format, both signs (the same classes as the add/mul test).
std::vector<uint16_t> special_values(const Spec& s) {
  const uint16_t one = static_cast<uint16_t>(s.bias() << s.frac_bits);
  const uint16_t min_normal = static_cast<uint16_t>(1 << s.frac_bits);
  const uint16_t inf = s.inf_bits();
  const uint16_t magnitudes[] = {
      0, 1, 3, static_cast<uint16_t>(min_normal - 1), min_normal,
      static_cast<uint16_t>(min_normal + 1), static_cast<uint16_t>(one - 1), one,
      static_cast<uint16_t>(one + 1), static_cast<uint16_t>(one | (1 << (s.frac_bits - 1))),
      static_cast<uint16_t>((s.bias() - s.frac_bits - 1) << s.frac_bits),  // half an ulp of 1
      static_cast<uint16_t>(inf - (1 << s.frac_bits)), static_cast<uint16_t>(inf - 1), inf,
      static_cast<uint16_t>(inf | 1), 0x7FF7,
  };
  std::vector<uint16_t> values;
  for (uint16_t m : magnitudes) {
    values.push_back(m);
    values.push_back(negate(m));
  }
  return values;
}

std::vector<bool> ftz_choices(const Spec& s) {
  return s.exp_bits == 5 ? std::vector<bool>{false, true} : std::vector<bool>{false};
}

// Random finite values with their exponent field in [lo, hi].
struct Source {
  Source(const Spec& s, uint64_t seed) : spec(s), rng(seed) {}
  uint16_t any() { return static_cast<uint16_t>(rng()); }
  uint16_t with_exp(int exp_field) {
    if (exp_field < 0) exp_field = 0;
    if (exp_field >= spec.exp_all_ones()) exp_field = spec.exp_all_ones() - 1;
    const uint16_t frac = static_cast<uint16_t>(rng() & ((1u << spec.frac_bits) - 1));
    const uint16_t sign = (rng() & 1) ? 0x8000 : 0;
    return static_cast<uint16_t>(sign | (exp_field << spec.frac_bits) | frac);
  }
  int exp_field(uint16_t x) const { return (x >> spec.frac_bits) & spec.exp_all_ones(); }
  // c within a few binades of a*b, where cancellation and carries happen.
  uint16_t near_product(uint16_t a, uint16_t b) {
    const int product_exp = exp_field(a) + exp_field(b) - spec.bias();
    return with_exp(product_exp + static_cast<int>(rng() % 31) - 15);
  }
  const Spec& spec;
  std::mt19937_64 rng;
};

}  // namespace

TEST_CASE("S5 S6 S10: fma of every triple of special values matches the exact oracle") {
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    const std::vector<uint16_t> values = special_values(*s);
    for (bool ftz : ftz_choices(*s)) {
      Disagreements bad;
      for (uint16_t a : values)
        for (uint16_t b : values)
          for (uint16_t c : values) bad.check(*s, ftz, {a, b, c});
      INFO(s->name << (ftz ? " .ftz" : "") << ":\n" << bad.examples);
      CHECK(bad.count == 0);
    }
  }
}

TEST_CASE("S5: fma corner triples (exact cancellation, far addends, subnormal boundary, "
          "overflow, ties) match the exact oracle") {
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    Source source(*s, 0xF3A);
    const uint16_t one = static_cast<uint16_t>(s->bias() << s->frac_bits);
    const uint16_t min_normal = static_cast<uint16_t>(1 << s->frac_bits);
    const uint16_t max_finite = static_cast<uint16_t>(s->inf_bits() - 1);
    std::vector<Triple> triples;
    for (int i = 0; i < 20000; ++i) {
      const uint16_t a = source.with_exp(static_cast<int>(source.rng() % s->exp_all_ones()));
      const uint16_t b = source.with_exp(static_cast<int>(source.rng() % s->exp_all_ones()));
      // The product rounded to the format, negated: c cancels a*b to within its rounding error,
      // exactly when the product is representable.
      const uint16_t product = oracle::arith(*s, oracle::Arith::Mul, a, b);
      triples.push_back({a, b, negate(product)});
      triples.push_back({a, b, product});
      // Neighbours of the rounded product: the result is the product's rounding error plus or
      // minus one ulp, often a subnormal or a tie.
      triples.push_back({a, b, static_cast<uint16_t>(negate(product) + 1)});
      triples.push_back({a, b, static_cast<uint16_t>(negate(product) - 1)});
      // c far below the product (only sticky) and far above it (the product only sticky).
      triples.push_back({a, b, source.with_exp(source.exp_field(a) + source.exp_field(b) - s->bias() -
                                                2 * s->frac_bits - 5)});
      triples.push_back({a, b, source.with_exp(source.exp_field(a) + source.exp_field(b) - s->bias() +
                                                2 * s->frac_bits + 5)});
      // A product near the smallest normal, with a tiny c: results on the subnormal boundary.
      const uint16_t x = source.with_exp(static_cast<int>(source.rng() % (s->bias() + 1)));
      const int y_exp = 1 + s->bias() - source.exp_field(x) + static_cast<int>(source.rng() % 3) - 1;
      triples.push_back({x, source.with_exp(y_exp), source.with_exp(static_cast<int>(source.rng() % 3))});
      // Products near the top of the range, with c pulling back below overflow or pushing over.
      const uint16_t big = source.with_exp(s->exp_all_ones() - 1 - static_cast<int>(source.rng() % 3));
      triples.push_back({big, source.with_exp(s->bias() + static_cast<int>(source.rng() % 3)),
                         source.with_exp(s->exp_all_ones() - 1 - static_cast<int>(source.rng() % 4))});
    }
    // Fixed ones worth naming: max*2 - max is back in range although max*2 alone overflows;
    // max*1 + half an ulp of max is a tie between max (odd) and 2^(emax+1), so overflows.
    const uint16_t two = static_cast<uint16_t>((s->bias() + 1) << s->frac_bits);
    const uint16_t half_ulp_of_max =
        static_cast<uint16_t>((s->exp_all_ones() - 2 - s->frac_bits) << s->frac_bits);
    triples.push_back({max_finite, two, negate(max_finite)});
    triples.push_back({max_finite, one, half_ulp_of_max});
    triples.push_back({max_finite, one, static_cast<uint16_t>(half_ulp_of_max - 1)});
    triples.push_back({negate(max_finite), one, negate(half_ulp_of_max)});
    triples.push_back({min_normal, one, negate(1)});  // 2^emin minus the smallest subnormal
    for (bool ftz : ftz_choices(*s)) {
      Disagreements bad;
      for (const Triple& t : triples) bad.check(*s, ftz, t);
      INFO(s->name << (ftz ? " .ftz" : "") << ":\n" << bad.examples);
      CHECK(bad.count == 0);
    }
  }
}

TEST_CASE("S5 S7 S8: fma of 10^6 random triples per format matches the exact oracle") {
  constexpr int kTriples = 1'000'000;
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    Source source(*s, s->exp_bits == 5 ? 0xF16 : 0xBF16);
    const bool has_ftz = s->exp_bits == 5;
    Disagreements bad;
    for (int i = 0; i < kTriples; ++i) {
      const uint16_t a = source.any(), b = source.any();
      // Half the addends anywhere, half near the product.
      const uint16_t c = (i & 2) ? source.any() : source.near_product(a, b);
      bad.check(*s, has_ftz && (i & 1), {a, b, c});
    }
    INFO(s->name << ":\n" << bad.examples);
    CHECK(bad.count == 0);
  }
}

TEST_CASE("S2: packed fma computes each lane as the exact oracle's scalar fma") {
  for (const Spec* s : {&oracle::kHalf, &oracle::kBfloat}) {
    Source source(*s, 0xF2);
    const Uop u = make_uop(Op::Fma, format_of(*s), true);
    uint64_t bad = 0;
    for (int i = 0; i < 100'000; ++i) {
      const uint16_t a0 = source.any(), a1 = source.any(), b0 = source.any(), b1 = source.any();
      const uint16_t c0 = source.near_product(a0, b0), c1 = source.near_product(a1, b1);
      const uint32_t expected = pack(oracle::fma(*s, a1, b1, c1), oracle::fma(*s, a0, b0, c0));
      if (ref::execute(u, pack(a1, a0), pack(b1, b0), pack(c1, c0)) != expected) ++bad;
    }
    INFO(s->name << "x2");
    CHECK(bad == 0);
  }
}

}  // namespace halfpipe::ref_test
