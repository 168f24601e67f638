// Waveforms from the traced twins (rtl/CMakeLists.txt, "Tracing"): runs of the configurations in
// HALFPIPE_RTL_TRACE_FREE_CONFIGS (2:4 by default) use trace-free models, and a run that asks for
// --wave gets the traced twin of the same configuration. A waveform is never silently empty.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>

#include <gtkwave/fstapi.h>

#include "hp_rtl_configs.h"  // HP_RTL_PLAIN_CONFIGS
#include "tb/dut_factory.h"
#include "tests/support/run_halfpipe.h"

using halfpipe::test::run_halfpipe;
namespace tb = halfpipe::tb;

namespace {

// Whether the model runs of Lanes=l Depth=d use is traced (rtl/CMakeLists.txt's list).
bool plain_model_traced(int l, int d) {
#define HP_TRACED_IF(L, D, TRACED) \
  if (l == L && d == D) return TRACED;
  HP_RTL_PLAIN_CONFIGS(HP_TRACED_IF)
#undef HP_TRACED_IF
  FAIL("Lanes=" << l << " Depth=" << d << " is not built");
  return true;
}

std::string scratch_dir() {
  char name[] = "/tmp/halfpipe-waves-test-XXXXXX";
  REQUIRE(mkdtemp(name) != nullptr);
  return name;
}

// The scopes of an FST file and in how many cycles out_valid_o is 1 at the sampling time, 10c + 1
// (tb/dut.h: cycle c drives its inputs at 10c ns).
struct FstContents {
  std::set<std::string> scopes;
  int valid_cycles = 0;
};

FstContents read_fst(const std::string& path) {
  void* fst = fstReaderOpen(path.c_str());
  REQUIRE(fst != nullptr);
  FstContents c;
  fstHandle valid = 0;
  for (fstHier* h; (h = fstReaderIterateHier(fst)) != nullptr;) {
    if (h->htyp == FST_HT_SCOPE) c.scopes.emplace(h->u.scope.name, h->u.scope.name_length);
    if (h->htyp == FST_HT_VAR && valid == 0 &&
        std::string(h->u.var.name, h->u.var.name_length) == "out_valid_o")
      valid = h->u.var.handle;
  }
  REQUIRE(valid != 0);
  fstReaderSetFacProcessMaskAll(fst);
  char value[64];
  const uint64_t cycles = fstReaderGetEndTime(fst) / 10 + 1;  // the last cycle ends at 10c + 5
  for (uint64_t cycle = 0; cycle < cycles; ++cycle)
    c.valid_cycles += fstReaderGetValueFromHandleAtTime(fst, 10 * cycle + 1, valid, value)[0] == '1';
  fstReaderClose(fst);
  return c;
}

}  // namespace

TEST_CASE("waves: a model built without tracing refuses a waveform instead of writing an empty one") {
  auto dut = tb::make_dut(2, 4);
  const std::string dir = scratch_dir();
  if (plain_model_traced(2, 4)) {
    // The sanitizer build Verilates each configuration once, traced.
    CHECK_NOTHROW(dut->trace_to(dir + "/plain.fst"));
  } else {
    CHECK_THROWS_WITH(dut->trace_to(dir + "/plain.fst"),
                      "the Lanes=2 Depth=4 model in use was built without tracing; "
                      "make_dut(..., Waves::Yes) gives its traced twin");
    CHECK_FALSE(std::filesystem::exists(dir + "/plain.fst"));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("waves: make_dut with Waves::Yes gives a model whose waveform holds every lane") {
  // 2:4 has a traced twin by default; 8:8 is traced itself.
  const int lanes = GENERATE(2, 8);
  const int depth = lanes == 2 ? 4 : 8;
  CAPTURE(lanes, depth);
  auto dut = tb::make_dut(lanes, depth, 0, tb::Waves::Yes);
  const std::string dir = scratch_dir();
  dut->trace_to(dir + "/twin.fst");
  tb::InBeat in;
  in.lane_mask = (1u << lanes) - 1;
  tb::OutBeat out;
  for (int cycle = 0; cycle < 20; ++cycle) dut->cycle(cycle < 4, in, true, out);
  dut->close_trace();
  const FstContents c = read_fst(dir + "/twin.fst");
  CHECK(c.scopes.count("hp_alu") == 1);
  CHECK(c.scopes.count("u_lane") == 1);  // the lanes' scopes, under the generate blocks
  CHECK(c.valid_cycles == 4);            // four beats in, four out, Depth cycles later
  std::filesystem::remove_all(dir);
}

TEST_CASE("waves: sweep --wave runs on the traced twin and records the run") {
  const std::string dir = scratch_dir();
  const auto r = run_halfpipe("sweep add.rn.f16 --vector 3c00,4000 --vector 0001,8001 --wave " +
                              dir + "/sweep.fst");
  INFO(r.output);
  REQUIRE(r.status == 0);
  const FstContents c = read_fst(dir + "/sweep.fst");
  CHECK(c.scopes.count("u_lane") == 1);
  CHECK(c.valid_cycles == 1);  // both vectors fit one beat of the default two lanes
  std::filesystem::remove_all(dir);
}
