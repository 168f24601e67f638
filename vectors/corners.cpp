#include "vectors/corners.h"

#include "model/ref/format.h"
#include "model/ref/policy.h"

namespace halfpipe::vectors {
namespace {

using ref::FloatFormat;

constexpr uint16_t kSign = 0x8000;

// A finite encoding from its fields: sign, biased exponent field, fraction field.
uint16_t encode_fields(const FloatFormat& f, bool negative, unsigned exp_field, unsigned frac) {
  return static_cast<uint16_t>((negative ? kSign : 0) | (exp_field << f.frac_bits) | frac);
}
// 2^e as an encoding (a normal: emin <= e <= emax).
uint16_t power_of_two(const FloatFormat& f, int e) {
  return encode_fields(f, false, static_cast<unsigned>(e + f.bias()), 0);
}
uint16_t min_subnormal(const FloatFormat&) { return 1; }
uint16_t max_subnormal(const FloatFormat& f) { return f.frac_mask(); }
uint16_t min_normal(const FloatFormat& f) { return encode_fields(f, false, 1, 0); }
uint16_t max_normal(const FloatFormat& f) {
  return encode_fields(f, false, f.exp_field_max() - 1u, f.frac_mask());
}
// Largest exponent of a finite value (15 for f16, 127 for bf16).
int emax(const FloatFormat& f) { return f.bias(); }
// The next encoding towards zero / away from zero: for positive finite values, the neighbour.
uint16_t below(uint16_t x) { return static_cast<uint16_t>(x - 1); }
uint16_t above(uint16_t x) { return static_cast<uint16_t>(x + 1); }
uint16_t negated(uint16_t x) { return x ^ kSign; }

// A positive integer as an encoding; n must have at most frac_bits + 1 significant bits.
uint16_t integer_value(const FloatFormat& f, int n) {
  int e = 0;
  while ((n >> (e + 1)) != 0) ++e;  // n = 1.xxx * 2^e
  const int shift = f.frac_bits - e;
  const unsigned frac = static_cast<unsigned>(n - (1 << e));
  return encode_fields(f, false, static_cast<unsigned>(e + f.bias()),
                       shift >= 0 ? frac << shift : frac >> -shift);
}

// 1.5 = 1 + 2^-1.
uint16_t one_and_a_half(const FloatFormat& f) {
  return static_cast<uint16_t>(f.one() | (1u << (f.frac_bits - 1)));
}

std::vector<CornerValue> signed_pair(uint16_t positive, const char* plus, const char* minus) {
  return {{positive, plus}, {negated(positive), minus}};
}

// Tuples (a, b) whose exact sum is a known corner of the add datapath.
std::vector<LaneOperands> constructed_sums(const FloatFormat& f) {
  const int p = f.frac_bits;
  const uint16_t half_ulp_of_one = power_of_two(f, -(p + 1));
  const uint16_t half_ulp_of_max = power_of_two(f, emax(f) - p - 1);
  std::vector<LaneOperands> sums = {
      // 1 + 2^-(p+1): half-way between 1 (even) and 1 + ulp: rounds down to 1.
      {f.one(), half_ulp_of_one, 0},
      // (1 + ulp) + 2^-(p+1): half-way between 1 + ulp (odd) and 1 + 2 ulp: rounds up.
      {above(f.one()), half_ulp_of_one, 0},
      // max + half an ulp of max: a tie whose even neighbour is 2^(emax+1), so it overflows.
      {max_normal(f), half_ulp_of_max, 0},
      // max + just under half an ulp: rounds back to max, the last sum that does not overflow.
      {max_normal(f), below(half_ulp_of_max), 0},
      // min normal - min subnormal = max subnormal: just below the smallest normal (S8 flushes).
      {min_normal(f), negated(min_subnormal(f)), 0},
      // max subnormal + min subnormal = min normal exactly.
      {max_subnormal(f), min_subnormal(f), 0},
      // min normal + min subnormal: just above the smallest normal.
      {min_normal(f), min_subnormal(f), 0},
      // Two normals whose sum is subnormal (what .ftz flushes although no input is flushed):
      // (2^emin + ulp) - 2^emin = min subnormal, 2^(emin+1) - (2^emin + ulp) = max subnormal.
      {above(min_normal(f)), negated(min_normal(f)), 0},
      {power_of_two(f, f.emin() + 1), negated(above(min_normal(f))), 0},
      // 1 - 1: an exact zero sum is +0 (S5).
      {f.one(), negated(f.one()), 0},
  };
  const size_t n = sums.size();
  for (size_t i = 0; i < n; ++i) sums.push_back({negated(sums[i].a), negated(sums[i].b), 0});
  return sums;
}

// Tuples (a, b) whose exact product is a known corner of the multiplier.
std::vector<LaneOperands> constructed_products(const FloatFormat& f) {
  const uint16_t half = power_of_two(f, -1);
  const uint16_t three_halves = one_and_a_half(f);
  std::vector<LaneOperands> products = {
      // (1 + ulp) * 1.5 = 1.5 + ulp + ulp/2: half-way, the lower neighbour is odd: rounds up.
      {above(f.one()), three_halves, 0},
      // (1 + 3 ulp) * 1.5 = 1.5 + 4 ulp + ulp/2: the lower neighbour is even: rounds down.
      {static_cast<uint16_t>(f.one() + 3), three_halves, 0},
      // (1 - 2^-(p+1)) * 2^emin: half-way between max subnormal (odd) and min normal: rounds up
      // to the smallest normal, which S8 keeps under .ftz.
      {below(f.one()), min_normal(f), 0},
      // (1 - 2^-p) * 2^emin = max subnormal exactly: just below the smallest normal.
      {below(below(f.one())), min_normal(f), 0},
      // (1 + ulp) * 2^emin: just above the smallest normal.
      {above(f.one()), min_normal(f), 0},
      // 0.5 * min subnormal: half-way between 0 (even) and min subnormal: rounds down to 0.
      {half, min_subnormal(f), 0},
      // 1.5 * min subnormal: half-way between min subnormal (odd) and 2 min subnormal: up.
      {three_halves, min_subnormal(f), 0},
      // max * (1 + ulp): overflows to infinity.
      {max_normal(f), above(f.one()), 0},
      // max * (1 - 2^-(p+1)): the largest product below max, no overflow.
      {max_normal(f), below(f.one()), 0},
  };
  const size_t n = products.size();
  for (size_t i = 0; i < n; ++i) products.push_back({negated(products[i].a), products[i].b, 0});
  return products;
}

void cross_pairs(const std::vector<CornerValue>& xs, const std::vector<CornerValue>& ys,
                 std::vector<LaneOperands>& out) {
  for (const auto& x : xs)
    for (const auto& y : ys) out.push_back({x.bits, y.bits, 0});
}

// A partner list for the secondary corner values: one zero, a normal of the other sign, an
// infinity and the canonical NaN.
std::vector<CornerValue> partners(const FloatFormat& f) {
  return {{0, "+0"},
          {negated(f.one()), "-1"},
          {f.infinity(false), "+inf"},
          {ref::policy::kCanonicalNan, "canonical-nan"}};
}

std::vector<LaneOperands> unary_tuples(const FloatFormat& f, Format format) {
  std::vector<LaneOperands> out;
  for (const auto& v : all_corner_values(format)) out.push_back({v.bits, 0, 0});
  // Every power of two of the format (every eighth for bf16's wide range, plus the ends), both
  // signs: where tanh saturates and where ex2 overflows or underflows.
  const int stride = f.exp_bits > 5 ? 8 : 1;
  for (int e = f.emin(); e <= emax(f); e += stride) {
    out.push_back({power_of_two(f, e), 0, 0});
    out.push_back({negated(power_of_two(f, e)), 0, 0});
  }
  out.push_back({power_of_two(f, emax(f)), 0, 0});
  out.push_back({negated(power_of_two(f, emax(f))), 0, 0});
  // The integers where ex2 leaves the normal range, both signs: 2^(emax+1) overflows, 2^emin
  // is the smallest normal, 2^(emin-1) the first subnormal below it, 2^(emin-frac_bits) the
  // smallest subnormal and 2^(emin-frac_bits-1) half of it, a tie that rounds to zero.
  for (int n : {emax(f), emax(f) + 1, -f.emin(), 1 - f.emin(), f.frac_bits - f.emin(),
                f.frac_bits + 1 - f.emin()}) {
    out.push_back({integer_value(f, n), 0, 0});
    out.push_back({negated(integer_value(f, n)), 0, 0});
  }
  // Half-way values between the powers: 1.5 * 2^e for small e, both signs.
  for (int e = -4; e <= 4; ++e) {
    const uint16_t x = static_cast<uint16_t>(one_and_a_half(f) + e * (1 << f.frac_bits));
    out.push_back({x, 0, 0});
    out.push_back({negated(x), 0, 0});
  }
  return out;
}

std::vector<LaneOperands> binary_tuples(const FloatFormat& f, Format format, Op op) {
  std::vector<LaneOperands> out;
  const auto primary = primary_corner_values(format);
  cross_pairs(primary, primary, out);
  const auto secondary = secondary_corner_values(format);
  cross_pairs(secondary, partners(f), out);
  cross_pairs(partners(f), secondary, out);
  if (op == Op::Add || op == Op::Sub) {
    for (auto t : constructed_sums(f)) {
      if (op == Op::Sub) t.b = negated(t.b);  // sub is a + (-b) (S5): same exact values
      out.push_back(t);
    }
  } else if (op == Op::Mul) {
    for (const auto& t : constructed_products(f)) out.push_back(t);
  }
  return out;
}

std::vector<LaneOperands> fma_tuples(const FloatFormat& f, Format format) {
  std::vector<LaneOperands> out;
  // Latin square: (a_i, b_j, c_(i+j) mod n) holds every pair of corner values in each of the
  // three pairs of positions (a,b), (a,c), (b,c), in n^2 tuples instead of n^3.
  const auto primary = primary_corner_values(format);
  const size_t n = primary.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      out.push_back({primary[i].bits, primary[j].bits, primary[(i + j) % n].bits});
  // Triple-wise cross of a, b in {+-0, +-1, +-inf} and c in {+-0, +-inf}: the zero-sign rule
  // of (a*b) + c (S5), inf * 0, and an infinite product meeting an infinite c.
  const std::vector<uint16_t> factors = {0,       kSign,   f.one(), negated(f.one()),
                                         f.inf(), negated(f.inf())};
  const std::vector<uint16_t> addends = {0, kSign, f.inf(), negated(f.inf())};
  for (uint16_t a : factors)
    for (uint16_t b : factors)
      for (uint16_t c : addends) out.push_back({a, b, c});
  for (const auto& s : secondary_corner_values(format))
    for (const auto& p : partners(f)) {
      out.push_back({s.bits, p.bits, p.bits});
      out.push_back({p.bits, s.bits, p.bits});
      out.push_back({p.bits, p.bits, s.bits});
    }
  // The sum corners as a * 1 + b, the product corners as a * b + 0 and a * b - 0.
  for (const auto& t : constructed_sums(f)) out.push_back({t.a, f.one(), t.b});
  for (const auto& t : constructed_products(f)) {
    out.push_back({t.a, t.b, 0});
    out.push_back({t.a, t.b, kSign});
  }
  return out;
}

}  // namespace

std::vector<CornerValue> primary_corner_values(Format format) {
  const FloatFormat& f = ref::float_format(format);
  std::vector<CornerValue> values;
  auto add = [&values](std::vector<CornerValue> pair) {
    values.insert(values.end(), pair.begin(), pair.end());
  };
  add(signed_pair(0, "+0", "-0"));
  add(signed_pair(min_subnormal(f), "+min-subnormal", "-min-subnormal"));
  add(signed_pair(max_subnormal(f), "+max-subnormal", "-max-subnormal"));
  add(signed_pair(min_normal(f), "+min-normal", "-min-normal"));
  add(signed_pair(max_normal(f), "+max-normal", "-max-normal"));
  add(signed_pair(f.one(), "+1", "-1"));
  add(signed_pair(f.inf(), "+inf", "-inf"));
  values.push_back({ref::policy::kCanonicalNan, "canonical-nan"});
  values.push_back({0x7FF7, "oob-nan"});  // S14's pattern
  return values;
}

std::vector<CornerValue> secondary_corner_values(Format format) {
  const FloatFormat& f = ref::float_format(format);
  return {
      {below(f.one()), "below-1"},
      {above(f.one()), "above-1"},
      {negated(ref::policy::kCanonicalNan), "nan-sign-set"},
      {static_cast<uint16_t>(f.inf() | 1), "nan-min-payload"},
      {negated(0x7FF7), "oob-nan-sign-set"},  // S14: the sign bit is ignored
  };
}

std::vector<CornerValue> all_corner_values(Format format) {
  auto values = primary_corner_values(format);
  for (const auto& v : secondary_corner_values(format)) values.push_back(v);
  return values;
}

std::vector<LaneOperands> corner_lane_tuples(const Uop& u) {
  const FloatFormat& f = ref::float_format(u.format);
  switch (operand_count(u.op)) {
    case 1: return unary_tuples(f, u.format);
    case 3: return fma_tuples(f, u.format);
    default: return binary_tuples(f, u.format, u.op);
  }
}

}  // namespace halfpipe::vectors
