// `halfpipe sweep` as users run it: the closing lines.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/run_halfpipe.h"

using halfpipe::test::run_halfpipe;

namespace {

std::string line_before_last(const std::string& text) {
  const size_t last = text.rfind('\n', text.size() - 2);
  const size_t before = text.rfind('\n', last - 1);
  return text.substr(before + 1, last - before - 1);
}

}  // namespace

// --vector pins the count: 3 explicit instructions (a 16-bit value fills both lanes of a packed
// register) and 5 random ones of a packed form are 8 instructions, 16 lane results.
TEST_CASE("sweep: a coverage summary of the instructions run stands before the closing line") {
  const auto r = run_halfpipe(
      "sweep add.f16x2 --vector 3c00,3c00 --vector 0001,8001 --vector 7c00,fc00 --random 5");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.substr(r.output.rfind('\n', r.output.size() - 2) + 1) == "16 passed, 0 failed\n");
  CHECK(line_before_last(r.output).rfind("coverage: 8 vectors, ", 0) == 0);
}

TEST_CASE("sweep: a packed --vector takes 32-bit registers, lane 1 in bits [31:16] (S2)") {
  // Lane 0: 1 + 1 = 2; lane 1: 2 + 2 = 4. Two lane results.
  const auto r = run_halfpipe("sweep add.f16x2 --vector 0x40003c00,0x40003c00");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("2 passed, 0 failed") != std::string::npos);
  const auto wide = run_halfpipe("sweep add.f16 --vector 0x40003c00,0x3c00");
  CHECK(wide.status == 2);
  CHECK(wide.output.find("'0x40003c00' is not a 16-bit hex value") != std::string::npos);
}

TEST_CASE("sweep: vISA forms run as beats, --vector takes the batch line's EMASK DST SRC0 SRC1") {
  // 8 channels under M3 read execution-mask bits 8..15 = 0x0F: channels 0..3 enabled.
  const auto r = run_halfpipe(
      "sweep 'max.sat (8, M3) uw' --vector '0x00000F00 0,0,0,0,0,0,0,0 1,2,3,4,5,6,7,8 "
      "-(abs)8,7,6,5,4,3,2,1' --lanes 4");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("4 passed, 0 failed") != std::string::npos);
  const auto streams = run_halfpipe("sweep 'MIN (16, M5_NM) b' --corner --random 50 --lanes 4");
  INFO(streams.output);
  CHECK(streams.status == 0);
  CHECK(streams.output.find(" 0 failed") != std::string::npos);
}

TEST_CASE("sweep: vISA forms the RTL cannot run are refused, naming the problem") {
  auto refused = [](const char* args, const char* message) {
    const auto r = run_halfpipe(std::string("sweep ") + args);
    INFO(args << "\n" << r.output);
    CHECK(r.status == 2);
    CHECK(r.output.find(message) != std::string::npos);
  };
  refused("'MIN (16, M6) w' --corner", "runs past execution-mask bit 31 (S25)");
  // A 64-bit element spans four 16-bit lanes: not at the default Lanes=2 (rtl/README.md).
  refused("'MIN (4) q' --corner",
          "'MIN (4) q': type q needs a lane count that is a multiple of 4 (a 64-bit element spans "
          "4 16-bit lanes); the unit has 2");
  refused("'MAX.sat (8) df' --corner", "type df needs a lane count that is a multiple of 4");
  refused("'MIN (4) hf' --exhaustive", "vISA forms have no --exhaustive stream");
  refused("'MIN (4) hf w' --corner", "unexpected 'w' after TYPE");
  refused("'MIN (2) w' --vector '0x3 0,0 1,2'", "missing SRC1");
}

TEST_CASE("sweep: the wide vISA types run on the lanes their elements fit") {
  // D on Lanes=2: one element a beat. The batch line's 2 channels, both enabled: 2 elements,
  // each two lanes: 4 lane results. Q on Lanes=4: one element, four lanes, a beat each.
  const auto d = run_halfpipe("sweep 'MIN (2) d' --vector '0x3 0,0 0x10000,0xFFFFFFFB -(abs)0xFFFF,7'");
  INFO(d.output);
  CHECK(d.status == 0);
  CHECK(d.output.find("4 passed, 0 failed") != std::string::npos);
  const auto q = run_halfpipe("sweep 'MAX.sat (4) df' 'MIN (2, M2) uq' --corner --random 20 --lanes 4");
  INFO(q.output);
  CHECK(q.status == 0);
  CHECK(q.output.find(" 0 failed") != std::string::npos);
}

TEST_CASE("sweep --all-visa: at Lanes=2 the 64-bit types are skipped, counted and explained") {
  const auto r = run_halfpipe("sweep --all-visa --random 1");
  INFO(r.output.substr(0, 2000));
  CHECK(r.status == 0);
  CHECK(r.output.rfind("--all-visa at Lanes=2: 2368 vISA forms, 888 skipped (296 a type):\n"
                       "  type q needs a lane count that is a multiple of 4", 0) == 0);
  const auto four = run_halfpipe("sweep --all-visa --random 1 --lanes 4");
  CHECK(four.status == 0);
  CHECK(four.output.find("skipped") == std::string::npos);
}

TEST_CASE("sweep: an exhaustive sweep goes without coverage") {
  const auto r = run_halfpipe("sweep neg.f16 --exhaustive");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("coverage:") == std::string::npos);
  CHECK(r.output.find("65536 passed, 0 failed") != std::string::npos);
}

TEST_CASE("sweep --bare: the benchmark baseline clocks the bare model and prints its rate") {
  const auto r = run_halfpipe("sweep add.rn.f16 --bare --lanes 4 --bare-cycles 1000");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("bare model add.rn.f16 Lanes=4 Depth=4: ") == 0);
  CHECK(r.output.find("1000 cycles, constant inputs") != std::string::npos);
}

TEST_CASE("sweep --threads: one thread and two print the same coverage and closing lines") {
  // The coverage counts every instruction drawn, on whichever thread draws it.
  const char* run = "sweep add.f16 fma.rn.bf16x2 --corner --random 3000 --seed 7 --lanes 4";
  const auto one = run_halfpipe(std::string(run) + " --threads 1");
  const auto two = run_halfpipe(std::string(run) + " --threads 2");
  INFO(one.output << "\n" << two.output);
  CHECK(one.status == 0);
  CHECK(two.status == 0);
  CHECK(line_before_last(one.output).rfind("coverage: ", 0) == 0);
  CHECK(line_before_last(two.output) == line_before_last(one.output));
  CHECK(two.output.substr(two.output.rfind('\n', two.output.size() - 2) + 1) ==
        one.output.substr(one.output.rfind('\n', one.output.size() - 2) + 1));
  const auto three = run_halfpipe("sweep add.f16 --corner --threads 3");
  CHECK(three.status == 2);  // a usage error (sim/exit_status.h)
  CHECK(three.output.find("--threads") != std::string::npos);
}
