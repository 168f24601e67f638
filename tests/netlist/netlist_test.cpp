// The gate-level netlist (rtl/netlist.sh: hp_alu synthesised by Yosys, Verilated) behind the RTL's
// cycle interface, and the commands that run it: `sweep --netlist`, `check FILE --netlist`, a
// `netlist` SPEC line of `plan`. The corner sets of every form on the netlist are the CTest tests
// "netlist: sweep --netlist ..." (tests/CMakeLists.txt). Expected values are worked out by hand
// from the formats' encodings, not taken from either implementation.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "model/uop/uop.h"
#include "tb/dut_factory.h"
#include "tests/cluster/temp_dir.h"
#include "tests/support/run_halfpipe.h"

namespace {

using namespace halfpipe;
using halfpipe::test::Run;
using halfpipe::test::run_halfpipe;
using halfpipe::test::TempDir;

// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 7.0 = 0x4700; bf16: 1.0 = 0x3f80, 2.0 = 0x4000,
// 4.0 = 0x4080. A packed operand carries lane 1 in its high half (S2).
const std::string kGoodVectors =
    "add.rn.f16 0x3c00 0x3c00 0x4000\n"                 // 1 + 1 = 2
    "fma.rn.f16 0x4000 0x4200 0x3c00 0x4700\n"          // 2 * 3 + 1 = 7, S5
    "mul.rn.bf16x2 0x40003f80 0x40004000 0x40804000\n"  // (2*2, 1*2) = (4, 2)
    "max.NaN.f16 0x7e00 0x3c00 0x7fff\n"                // S15: .NaN gives the canonical NaN
    "ex2.approx.f16 0x0000 0x3c00\n";                   // 2^0 = 1: the ex2 table, as synthesised

// Line 2 expects 3 for 1 + 1.
const std::string kOneWrongVector =
    "fma.rn.f16 0x4000 0x4200 0x3c00 0x4700\n"
    "add.rn.f16 0x3c00 0x3c00 0x4200\n";

// The 16 hex digits of the first "rtl_config" value at or after `from` in plan.json.
std::string rtl_config_at(const std::string& plan, size_t from) {
  const size_t key = plan.find("\"rtl_config\"", from);
  REQUIRE(key != std::string::npos);
  const size_t open = plan.find('"', plan.find(':', key));
  return plan.substr(open + 1, 16);
}

}  // namespace

TEST_CASE("model: this build has the netlist model, and only at Lanes=2 Depth=4") {
  REQUIRE(tb::netlist_available());  // Yosys is a build dependency (scripts/deps.sh)
  auto dut = tb::make_netlist_dut();
  CHECK(dut->lanes() == 2);
  CHECK(dut->depth() == 4);
  CHECK_THROWS_WITH(tb::make_netlist_dut(4, 4),
                    Catch::Contains("no hp_alu netlist with Lanes=4 Depth=4 (synthesised: Lanes=2 Depth=4)"));
}

TEST_CASE("model: a transaction leaves Depth cycles after it is accepted, as the RTL's (rtl/TIMING.md)") {
  // add.rn.f16 on both lanes: lane 0 1 + 1 = 2, lane 1 2 + 2 = 4 (0x4400).
  Uop u;
  u.op = Op::Add;
  u.format = Format::F16;
  tb::InBeat in;
  in.uop_word = encode(u);
  in.lane_mask = 0b11;
  in.tag = 0x5a;
  in.a[0] = in.b[0] = 0x3c00;
  in.a[1] = in.b[1] = 0x4000;
  for (const bool netlist : {false, true}) {
    INFO((netlist ? "netlist" : "RTL"));
    auto dut = tb::make_dut(netlist, 2, 4);
    tb::OutBeat out;
    REQUIRE(dut->cycle(true, in, true, out).accepted);
    int cycles = 1;
    while (!dut->cycle(false, in, true, out).consumed) REQUIRE(++cycles < 20);
    CHECK(cycles == 4);
    CHECK(out.tag == 0x5a);
    CHECK(out.lane_mask == 0b11);
    CHECK(out.result[0] == 0x4000);
    CHECK(out.result[1] == 0x4400);
  }
}

TEST_CASE("sweep --netlist: runs the netlist and names it, another unit is a usage error") {
  const Run r = run_halfpipe("sweep add.f16x2 --vector 0x40003c00,0x40003c00 --netlist");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find(", netlist)\n") != std::string::npos);
  CHECK(r.output.find("2 passed, 0 failed\n") != std::string::npos);
  for (const char* unit : {"--lanes 4", "--depth 2", "--lanes 8 --depth 4"}) {
    const Run refused = run_halfpipe(std::string("sweep add.rn.f16 --corner --netlist ") + unit);
    INFO(unit << "\n" << refused.output);
    CHECK(refused.status == 2);
    CHECK(refused.output.find("halfpipe sweep: --netlist: the netlist is synthesised for Lanes=2 "
                              "Depth=4 only") != std::string::npos);
  }
}

TEST_CASE("check FILE --netlist: replays a vector file through the netlist, naming FILE:LINE") {
  TempDir dir;
  const std::string good = dir.write("good.vec", kGoodVectors);
  const Run pass = run_halfpipe("check --netlist " + good);
  INFO(pass.output);
  CHECK(pass.status == 0);
  CHECK(pass.output == "5 passed, 0 failed\n");

  const std::string bad = dir.write("bad.vec", kOneWrongVector);
  const Run fail = run_halfpipe("check " + bad + " --netlist");
  INFO(fail.output);
  CHECK(fail.status == 1);
  CHECK(fail.output.find(bad + ":2: mismatch: add.rn.f16 0x3c00 0x3c00: expected 0x4200") != std::string::npos);
  CHECK(fail.output.find("netlist (Lanes=2, Depth=4) gives 0x4000") != std::string::npos);
  // Its reproduce command replays that line on the netlist again, writing its waveform.
  CHECK(fail.output.find("reproduce: halfpipe check " + bad + " --line 2 --netlist --wave bad-2.fst\n") !=
        std::string::npos);
  CHECK(fail.output.find("1 passed, 1 failed\n") != std::string::npos);

  const Run refused = run_halfpipe("check --netlist --lanes 4 " + good);
  INFO(refused.output);
  CHECK(refused.status == 2);
  CHECK(refused.output.find("halfpipe check: no hp_alu netlist with Lanes=4 Depth=4") != std::string::npos);
}

TEST_CASE("plan: a netlist line runs sweep --netlist at Lanes=2 Depth=4, and merges") {
  TempDir dir;
  const std::string spec = dir.write("netlist.spec", "neg.f16 corner netlist\nneg.f16 corner lanes=2\n");
  const Run r = run_halfpipe("plan '" + spec + "' -o '" + dir.path + "/out' --job-minutes 100000");
  INFO(r.output);
  REQUIRE(r.status == 0);
  const std::string jobs = dir.read("out/jobs.txt");
  CHECK_THAT(jobs, Catch::Contains(" sweep neg.f16 --corner --shard 1/1 --seed 1 --lanes 2 --depth 4 --threads 1 "
                                   "--netlist --record "));
  // The RTL line at the same unit is another piece of hardware: its job has no --netlist, and
  // the plan tells the two apart (rtl_config), so a record of one cannot stand for the other.
  CHECK(jobs.find("--netlist") == jobs.rfind("--netlist"));
  const std::string plan = dir.read("out/plan.json");
  const size_t first = plan.find("\"rtl_config\"");
  CHECK(rtl_config_at(plan, first) != rtl_config_at(plan, first + 1));
  REQUIRE(std::system(("bash '" + dir.path + "/out/jobs.txt' >/dev/null 2>&1").c_str()) == 0);
  const Run merged = run_halfpipe("merge '" + dir.path + "/out'");
  INFO(merged.output);
  CHECK(merged.status == 0);
  CHECK(merged.output.find(" 0 failed\n") != std::string::npos);

  const std::string other = dir.write("other.spec", "neg.f16 corner netlist lanes=8\n");
  const Run refused = run_halfpipe("plan '" + other + "' -o '" + dir.path + "/out2'");
  INFO(refused.output);
  CHECK(refused.status == 2);
  CHECK(refused.output.find("other.spec:1: netlist: the netlist is synthesised for lanes=2 depth=4 only") !=
        std::string::npos);
}
