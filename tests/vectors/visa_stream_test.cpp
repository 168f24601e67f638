// vISA instruction streams: the corner stream crosses every pair of corner elements under every
// source-modifier combination; random streams are deterministic and shard like the PTX ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "model/isa/visa.h"
#include "vectors/line.h"
#include "vectors/visa_stream.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
using isa::visa::BatchLine;

namespace {

isa::visa::Instruction form(const char* text) {
  std::string error;
  const auto i = isa::visa::parse_form(text, error);
  REQUIRE(i);
  return *i;
}

std::vector<BatchLine> drain(VisaStream s) {
  std::vector<BatchLine> out;
  for (BatchLine b; s.next(b);) out.push_back(b);
  return out;
}

unsigned modifier_code(const isa::visa::Instruction& i) {
  return (i.src0_mod.neg ? 1u : 0u) | (i.src0_mod.abs ? 2u : 0u) | (i.src1_mod.neg ? 4u : 0u) |
         (i.src1_mod.abs ? 8u : 0u);
}

}  // namespace

TEST_CASE("vISA corner stream: every corner pair under all 16 source-modifier pairs (S27), "
          "plus sparse execution masks (S25)") {
  for (const char* text : {"MIN (1) w", "MAX.sat (8, M2) hf", "MIN (32, M1_NM) ub"}) {
    INFO(text);
    const auto f = form(text);
    const auto corners = visa_corner_elements(f.type);
    std::set<std::tuple<unsigned, uint64_t, uint64_t>> seen;
    std::set<uint32_t> masks;
    for (const BatchLine& b : drain(VisaStream(f, isa::visa::form_name(f), {}))) {
      masks.insert(b.exec_mask);
      if (b.exec_mask != 0xFFFFFFFFu) continue;
      for (int ch = 0; ch < f.exec_size; ++ch)
        seen.insert({modifier_code(b.instruction), b.src0[ch], b.src1[ch]});
    }
    CHECK(seen.size() == 16 * corners.size() * corners.size());
    CHECK(masks.count(0x00000000u) == 1);
    CHECK(masks.count(0x55555555u) == 1);
  }
}

TEST_CASE("vISA corner elements: the integer extremes and the S26 float classes") {
  const auto w = visa_corner_elements(isa::visa::Type::W);
  for (uint16_t v : {0x0000, 0x7FFF, 0x8000, 0xFFFF}) CHECK(std::count(w.begin(), w.end(), v) == 1);
  const auto b = visa_corner_elements(isa::visa::Type::B);
  for (uint16_t v : {0x00, 0x7F, 0x80, 0xFF}) CHECK(std::count(b.begin(), b.end(), v) == 1);
  for (uint16_t v : b) CHECK(v <= 0xFF);
  const auto hf = visa_corner_elements(isa::visa::Type::HF);
  for (uint16_t v : {0x0000, 0x8000, 0x0001, 0x7C00, 0xFC00, 0x7FFF})
    CHECK(std::count(hf.begin(), hf.end(), v) == 1);
  const auto d = visa_corner_elements(isa::visa::Type::D);
  for (uint64_t v : {0x00000000u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x00010000u})
    CHECK(std::count(d.begin(), d.end(), v) == 1);
  const auto q = visa_corner_elements(isa::visa::Type::UQ);
  for (uint64_t v : {uint64_t{0}, uint64_t{0x7FFFFFFFFFFFFFFF}, uint64_t{0x8000000000000000},
                     ~uint64_t{0}, uint64_t{0x0000000100000000}})
    CHECK(std::count(q.begin(), q.end(), v) == 1);
  // F and DF: the zeros, infinities and a NaN whose payload is in the lowest 16-bit slice alone.
  const auto f = visa_corner_elements(isa::visa::Type::F);
  for (uint64_t v : {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7F800001u})
    CHECK(std::count(f.begin(), f.end(), v) == 1);
  const auto df = visa_corner_elements(isa::visa::Type::DF);
  for (uint64_t v : {uint64_t{0}, uint64_t{0x8000000000000000}, uint64_t{0x7FF0000000000000},
                     uint64_t{0x7FF0000000000001}})
    CHECK(std::count(df.begin(), df.end(), v) == 1);
  for (isa::visa::Type t : {isa::visa::Type::D, isa::visa::Type::UD, isa::visa::Type::F,
                            isa::visa::Type::Q, isa::visa::Type::UQ, isa::visa::Type::DF}) {
    const uint64_t mask = element_mask(traits(t).bits);
    for (uint64_t v : visa_corner_elements(t)) CHECK((v & ~mask) == 0);
  }
}

TEST_CASE("vISA random stream: one seed gives one stream, shards concatenate to it") {
  const auto f = form("MAX (16, M3) b");
  StreamSpec spec;
  spec.kind = StreamKind::Random;
  spec.random_count = 101;
  spec.seed = 9;
  const auto whole = drain(VisaStream(f, "MAX (16, M3) b", spec));
  REQUIRE(whole.size() == 101);
  std::vector<std::string> joined;
  for (uint64_t k = 1; k <= 3; ++k) {
    spec.shard = {k, 3};
    for (const auto& b : drain(VisaStream(f, "MAX (16, M3) b", spec)))
      joined.push_back(halfpipe::isa::visa::format_batch_line(b));
  }
  std::vector<std::string> expected;
  for (const auto& b : whole) expected.push_back(halfpipe::isa::visa::format_batch_line(b));
  CHECK(joined == expected);
  std::set<uint32_t> masks;
  std::set<unsigned> modifiers;
  for (const auto& b : whole) {
    masks.insert(b.exec_mask);
    modifiers.insert(modifier_code(b.instruction));
    for (int ch = 0; ch < 16; ++ch) CHECK(b.src0[ch] <= 0xFF);  // elements of a byte type
  }
  CHECK(masks.size() > 20);      // all-ones, uniform and sparse masks
  CHECK(modifiers.size() == 16);  // every modifier pair turns up in 101 draws
}
