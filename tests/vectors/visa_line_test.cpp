// The vISA batch line (vectors/line.h) parsed into instruction, mask and elements, and spelled
// back.
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/visa.h"
#include "vectors/line.h"

using namespace halfpipe;
using namespace halfpipe::isa::visa;
using Catch::Matchers::Contains;

TEST_CASE("batch line: parsed into instruction, mask and elements, and spelled back", "[visa][batch]") {
  const auto b =
      isa::visa::parse_batch_line("max (2, m2) w 0x1234 7,8 -(abs)8000,3 (abs)ffff,0 # note");
  INFO(b.error);
  REQUIRE(b);
  CHECK(b->instruction.max);
  CHECK(b->instruction.src0_mod == SourceModifier{true, true});
  CHECK(b->instruction.src1_mod == SourceModifier{false, true});
  CHECK(b->exec_mask == 0x1234u);
  CHECK(b->dst[1] == 8u);
  CHECK(b->src0[0] == 0x8000u);
  CHECK(b->src1[0] == 0xFFFFu);
  const std::string canonical = isa::visa::format_batch_line(*b);
  CHECK(canonical == "MAX (2, M2) w 0x00001234 0x0007,0x0008 -(abs)0x8000,0x0003 (abs)0xffff,0x0000");
  const auto again = isa::visa::parse_batch_line(canonical);
  REQUIRE(again);
  CHECK(isa::visa::format_batch_line(*again) == canonical);
  const auto short_line = isa::visa::parse_batch_line("MAX (2) w 3 1,2 3,4");
  CHECK_FALSE(short_line);
  CHECK_THAT(short_line.error, Contains("missing SRC1"));
}
