// The streams: determinism, sharding, lane layout, the exhaustive index order and the mix of
// the random draws.
#include <catch2/catch.hpp>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "model/ref/format.h"
#include "vectors/exact.h"
#include "vectors/stream.h"
#include "tests/vectors/decoded.h"

#include <cmath>
#include <cstdlib>

using namespace halfpipe;
using namespace halfpipe::vectors;
using halfpipe::vectors_test::uop;

namespace {

std::vector<Operands> drain(OperandStream s) {
  std::vector<Operands> out;
  for (Operands o; s.next(o);) out.push_back(o);
  return out;
}

StreamSpec random_spec(uint64_t n, uint64_t seed, Shard shard = {}) {
  StreamSpec s;
  s.kind = StreamKind::Random;
  s.random_count = n;
  s.seed = seed;
  s.shard = shard;
  return s;
}

}  // namespace

TEST_CASE("parse_shard takes K/N with 1 <= K <= N and explains everything else") {
  std::string error;
  const auto s = parse_shard("3/8", error);
  REQUIRE(s);
  CHECK(s->index == 3);
  CHECK(s->count == 8);
  for (const char* bad : {"0/4", "5/4", "1/0", "1", "a/b", "1/2/3", "", "/4", "-1/4"}) {
    INFO(bad);
    error.clear();
    CHECK_FALSE(parse_shard(bad, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("shard slices are contiguous, cover the stream once and differ by at most one") {
  for (uint64_t total : {0ull, 1ull, 7ull, 100ull, 1ull << 32, (1ull << 48) + 5}) {
    for (uint64_t n : {1ull, 2ull, 3ull, 7ull, 64ull}) {
      uint64_t expected_begin = 0, smallest = UINT64_MAX, largest = 0;
      for (uint64_t k = 1; k <= n; ++k) {
        const Slice s = shard_slice(total, {k, n});
        CHECK(s.begin == expected_begin);
        expected_begin = s.end;
        smallest = std::min(smallest, s.end - s.begin);
        largest = std::max(largest, s.end - s.begin);
      }
      CHECK(expected_begin == total);
      CHECK(largest - smallest <= 1);
    }
  }
}

TEST_CASE("concatenated shards give the unsharded stream, corner and random") {
  const Uop u = uop("fma.rn.relu.f16x2");
  for (StreamSpec spec : {StreamSpec{}, random_spec(1000, 42)}) {
    const auto whole = drain(OperandStream(u, "fma.rn.relu.f16x2", spec));
    // Empty shards of an empty stream concatenate to it too. The random stream holds its 1000
    // vectors; the corner one at least the 16 x 16 pairs of primary values (S1) in a and b.
    CHECK(whole.size() >= (spec.kind == StreamKind::Random ? 1000u : 16u * 16u));
    std::vector<Operands> joined;
    for (uint64_t k = 1; k <= 3; ++k) {
      spec.shard = {k, 3};
      for (const auto& o : drain(OperandStream(u, "fma.rn.relu.f16x2", spec))) joined.push_back(o);
    }
    CHECK(joined == whole);
  }
}

TEST_CASE("the same seed gives the same stream, another seed or form a different one") {
  const Uop u = uop("add.f16");
  const auto first = drain(OperandStream(u, "add.f16", random_spec(200, 7)));
  CHECK(first == drain(OperandStream(u, "add.f16", random_spec(200, 7))));
  CHECK(first != drain(OperandStream(u, "add.f16", random_spec(200, 8))));
  CHECK(first != drain(OperandStream(u, "add.ftz.f16", random_spec(200, 7))));
  // A longer stream begins with the shorter one: each vector depends on its index only.
  const auto longer = drain(OperandStream(u, "add.f16", random_spec(400, 7)));
  CHECK(std::vector<Operands>(longer.begin(), longer.begin() + 200) == first);
}

TEST_CASE("S2: lane 1 of a packed form runs the lane-0 stream rotated by half") {
  const Uop u = uop("mul.bf16x2");
  OperandStream s(u, "mul.bf16x2", StreamSpec{});
  const uint64_t n = s.total();
  REQUIRE(n > 10);
  for (uint64_t k = 0; k < n; ++k) {
    const Operands here = s.at(k), there = s.at((k + n / 2) % n);
    CHECK((here.a >> 16) == (there.a & 0xFFFF));
    CHECK((here.b >> 16) == (there.b & 0xFFFF));
  }
  // Scalar forms leave the upper half zero; unary forms leave b and c zero.
  const Operands scalar = OperandStream(uop("mul.bf16"), "mul.bf16", random_spec(5, 1)).at(3);
  CHECK((scalar.a >> 16) == 0);
  const Operands unary = OperandStream(uop("neg.f16x2"), "neg.f16x2", random_spec(5, 1)).at(3);
  CHECK(unary.b == 0);
  CHECK(unary.c == 0);
}

TEST_CASE("exhaustive streams enumerate every operand combination, A the slower index") {
  StreamSpec spec;
  spec.kind = StreamKind::Exhaustive;
  OperandStream unary(uop("abs.bf16"), "abs.bf16", spec);
  CHECK(unary.total() == 65536);
  CHECK(unary.at(0x1234).a == 0x1234);
  OperandStream binary(uop("max.f16"), "max.f16", spec);
  CHECK(binary.total() == (1ull << 32));
  CHECK(binary.at(0x12345678) == Operands{0x1234, 0x5678, 0});
  spec.exhaustive_c_values = {0x0000, 0x8000, 0x7c00};
  OperandStream fma(uop("fma.rn.f16"), "fma.rn.f16", spec);
  CHECK(fma.total() == 3 * (1ull << 32));
  CHECK(fma.at((2ull << 32) | 0xabcd0123) == Operands{0xabcd, 0x0123, 0x7c00});
  spec.exhaustive_c_values.clear();
  CHECK(OperandStream(uop("fma.rn.f16"), "fma.rn.f16", spec).total() == (1ull << 48));
  // A shard of an exhaustive stream starts where it should: 2^32 / 4 pairs in, a = 0x4000.
  spec.shard = {2, 4};
  OperandStream quarter(uop("add.f16"), "add.f16", spec);
  CHECK(quarter.size() == (1ull << 30));
  Operands first;
  REQUIRE(quarter.next(first));
  CHECK(first == Operands{0x4000, 0x0000, 0});
}

TEST_CASE("random draws mix uniform bits with class-weighted values") {
  // Among uniform 16-bit patterns, NaNs are ~3% and zeros ~0.003%; the class-weighted half
  // must lift both well above that.
  const Uop u = uop("neg.f16");
  const ref::FloatFormat& f = ref::kF16;
  OperandStream s(u, "neg.f16", random_spec(20000, 3));
  int nan = 0, zero = 0, subnormal = 0, oob = 0, near_one = 0;
  for (Operands o; s.next(o);) {
    const auto x = static_cast<uint16_t>(o.a);
    nan += f.is_nan(x);
    zero += f.is_zero(x);
    subnormal += f.is_subnormal(x);
    oob += (x & 0x7FFF) == 0x7FF7;
    near_one += (x & 0x7FFF) >= 0x3bf8 && (x & 0x7FFF) <= 0x3c08;
  }
  CHECK(nan > 20000 * 0.08);
  CHECK(zero > 20000 * 0.02);
  CHECK(subnormal > 20000 * 0.06);
  CHECK(oob > 20000 * 0.02);
  CHECK(near_one > 20000 * 0.04);
}

TEST_CASE("random add and fma vectors often (nearly) cancel") {
  // Independent draws almost never give |a + b| far below |a|; a quarter of the add vectors
  // are built to: b within 4 encodings of -a.
  const ref::FloatFormat& f = ref::kF16;
  OperandStream add(uop("add.f16"), "add.f16", random_spec(4000, 5));
  int cancelling = 0;
  for (Operands o; add.next(o);) {
    const auto a = static_cast<uint16_t>(o.a), b = static_cast<uint16_t>(o.b);
    cancelling += !f.is_nan(a) && !f.is_inf(a) && (a ^ 0x8000) != 0 &&
                  std::abs(int{static_cast<uint16_t>(a ^ 0x8000)} - int{b}) <= 4;
  }
  CHECK(cancelling > 4000 / 8);
  // fma: c close to -(a * b).
  OperandStream fma(uop("fma.rn.bf16"), "fma.rn.bf16", random_spec(4000, 5));
  int near_zero = 0;
  for (Operands o; fma.next(o);) {
    const auto a = static_cast<uint16_t>(o.a), b = static_cast<uint16_t>(o.b),
               c = static_cast<uint16_t>(o.c);
    const ref::FloatFormat& g = ref::kBF16;
    if (g.is_nan(a) || g.is_nan(b) || g.is_nan(c) || g.is_inf(a) || g.is_inf(b) || g.is_inf(c))
      continue;
    const double product = to_double(g, a) * to_double(g, b), sum = product + to_double(g, c);
    near_zero += product != 0 && std::fabs(sum) <= std::fabs(product) * std::ldexp(1.0, -4);
  }
  CHECK(near_zero > 4000 / 10);
}

TEST_CASE("VectorStream pairs each operand set with the reference's result") {
  const Uop u = uop("add.f16");
  VectorStream s(u, "add.f16", random_spec(50, 9));
  OperandStream o(u, "add.f16", random_spec(50, 9));
  CHECK(s.size() == 50);
  Vector v;
  Operands expected_operands;
  int drawn = 0;
  while (s.next(v)) {
    ++drawn;
    REQUIRE(o.next(expected_operands));
    CHECK(v.operands == expected_operands);
    CHECK(v.expected == ref::execute(u, v.operands.a, v.operands.b));
  }
  CHECK(drawn == 50);  // size() is a promise; the vectors handed out are what was checked
}

TEST_CASE("streams: next_batch hands out what next() does, in batches of any size") {
  for (const char* form : {"add.rn.f16", "fma.rn.bf16x2", "neg.f16"}) {
    for (StreamKind kind : {StreamKind::Corner, StreamKind::Random, StreamKind::Exhaustive}) {
      INFO(form << " " << stream_kind_name(kind));
      StreamSpec spec;
      spec.kind = kind;
      spec.random_count = 1000;
      spec.exhaustive_c_values = {0x3C00};
      spec.shard = {2, 5000};  // a slice that does not start at zero, for exhaustive sizes
      if (kind != StreamKind::Exhaustive) spec.shard = {1, 1};
      const std::vector<Operands> one_by_one = drain(OperandStream(uop(form), form, spec));
      REQUIRE_FALSE(one_by_one.empty());  // two empty streams would compare equal
      OperandStream batched(uop(form), form, spec);
      std::vector<Operands> joined;
      Operands buffer[7];
      for (size_t n; (n = batched.next_batch(buffer, 1 + joined.size() % 7)) > 0;)
        joined.insert(joined.end(), buffer, buffer + n);
      CHECK(joined == one_by_one);
    }
  }
}
