#include "tb/dut.h"

#include <stdexcept>
#include <string>

#include "tb/verilated_dut.h"
#include "Vhp_alu_l2_d2.h"
#include "Vhp_alu_l2_d3.h"
#include "Vhp_alu_l2_d4.h"
#include "Vhp_alu_l2_d6.h"
#include "Vhp_alu_l2_d8.h"
#include "Vhp_alu_l2_d13.h"
#include "Vhp_alu_l4_d4.h"
#include "Vhp_alu_l8_d4.h"
#include "Vhp_alu_l8_d8.h"
#include "Vhp_alu_cov_l2_d4.h"
#if HALFPIPE_RTL_COVERAGE_ALL
#include "Vhp_alu_cov_l2_d2.h"
#include "Vhp_alu_cov_l4_d4.h"
#include "Vhp_alu_cov_l8_d4.h"
#include "Vhp_alu_cov_l2_d3.h"
#include "Vhp_alu_cov_l2_d6.h"
#include "Vhp_alu_cov_l2_d8.h"
#include "Vhp_alu_cov_l8_d8.h"
#include "Vhp_alu_cov_l2_d13.h"
#endif
#include "tb/rtl_coverage.h"
#if HALFPIPE_NETLIST
#include "Vhp_alu_netlist_l2_d4.h"
#endif

namespace halfpipe::tb {
namespace {

std::string config_list(const std::vector<std::pair<int, int>>& configs) {
  std::string known;
  for (const auto& [l, d] : configs) {
    known += (known.empty() ? "" : ", ") + std::string("Lanes=") + std::to_string(l) +
             " Depth=" + std::to_string(d);
  }
  return known;
}

// While an RTL coverage session is open (tb/rtl_coverage.h): the instrumented model.
std::unique_ptr<Dut> make_coverage_dut(int lanes, int depth, uint64_t x_seed) {
  if (lanes == 2 && depth == 4)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d4, 2, 4>>(x_seed, true);
#if HALFPIPE_RTL_COVERAGE_ALL
  if (lanes == 4 && depth == 4)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l4_d4, 4, 4>>(x_seed, true);
  if (lanes == 8 && depth == 4)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l8_d4, 8, 4>>(x_seed, true);
  if (lanes == 2 && depth == 2)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d2, 2, 2>>(x_seed, true);
  if (lanes == 2 && depth == 3)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d3, 2, 3>>(x_seed, true);
  if (lanes == 2 && depth == 6)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d6, 2, 6>>(x_seed, true);
  if (lanes == 2 && depth == 8)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d8, 2, 8>>(x_seed, true);
  if (lanes == 8 && depth == 8)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l8_d8, 8, 8>>(x_seed, true);
  if (lanes == 2 && depth == 13)
    return std::make_unique<VerilatedDut<Vhp_alu_cov_l2_d13, 2, 13>>(x_seed, true);
#endif
  throw std::invalid_argument(
      "no coverage-instrumented hp_alu with Lanes=" + std::to_string(lanes) + " Depth=" +
      std::to_string(depth) + " (built: " + config_list(coverage_configs()) +
      "; configure with -DHALFPIPE_RTL_COVERAGE=ON for every configuration, scripts/coverage)");
}

}  // namespace

bool Dut::peek(OutBeat&) const {
  throw std::logic_error("this unit cannot show its outputs between cycles");
}

void Dut::trace_to(const std::string&) {
  throw std::logic_error("this unit cannot write waveforms");
}

const std::vector<std::pair<int, int>>& available_configs() {
  static const std::vector<std::pair<int, int>> configs{{2, 4}, {4, 4}, {8, 4}, {2, 2},
                                                                {2, 3}, {2, 6}, {2, 8}, {8, 8},
                                                                {2, 13}};
  return configs;
}

const std::vector<std::pair<int, int>>& coverage_configs() {
#if HALFPIPE_RTL_COVERAGE_ALL
  return available_configs();
#else
  static const std::vector<std::pair<int, int>> configs{{2, 4}};
  return configs;
#endif
}

std::unique_ptr<Dut> make_dut(int lanes, int depth, uint64_t x_seed) {
  if (active_rtl_coverage()) return make_coverage_dut(lanes, depth, x_seed);
  if (lanes == 2 && depth == 4) return std::make_unique<VerilatedDut<Vhp_alu_l2_d4, 2, 4>>(x_seed);
  if (lanes == 4 && depth == 4) return std::make_unique<VerilatedDut<Vhp_alu_l4_d4, 4, 4>>(x_seed);
  if (lanes == 8 && depth == 4) return std::make_unique<VerilatedDut<Vhp_alu_l8_d4, 8, 4>>(x_seed);
  if (lanes == 2 && depth == 2) return std::make_unique<VerilatedDut<Vhp_alu_l2_d2, 2, 2>>(x_seed);
  if (lanes == 2 && depth == 3) return std::make_unique<VerilatedDut<Vhp_alu_l2_d3, 2, 3>>(x_seed);
  if (lanes == 2 && depth == 6) return std::make_unique<VerilatedDut<Vhp_alu_l2_d6, 2, 6>>(x_seed);
  if (lanes == 2 && depth == 8) return std::make_unique<VerilatedDut<Vhp_alu_l2_d8, 2, 8>>(x_seed);
  if (lanes == 8 && depth == 8) return std::make_unique<VerilatedDut<Vhp_alu_l8_d8, 8, 8>>(x_seed);
  if (lanes == 2 && depth == 13)
    return std::make_unique<VerilatedDut<Vhp_alu_l2_d13, 2, 13>>(x_seed);
  throw std::invalid_argument("no Verilated hp_alu with Lanes=" + std::to_string(lanes) +
                              " Depth=" + std::to_string(depth) + " (built: " +
                              config_list(available_configs()) + ")");
}

bool netlist_available() {
#if HALFPIPE_NETLIST
  return true;
#else
  return false;
#endif
}

std::unique_ptr<Dut> make_netlist_dut(int lanes, int depth, uint64_t x_seed) {
  if (lanes != kNetlistLanes || depth != kNetlistDepth) {
    throw std::invalid_argument("no hp_alu netlist with Lanes=" + std::to_string(lanes) +
                                " Depth=" + std::to_string(depth) + " (synthesised: Lanes=" +
                                std::to_string(kNetlistLanes) +
                                " Depth=" + std::to_string(kNetlistDepth) + ")");
  }
#if HALFPIPE_NETLIST
  static_assert(kNetlistLanes == 2 && kNetlistDepth == 4, "rtl/CMakeLists.txt HP_NETLIST_*");
  return std::make_unique<VerilatedDut<Vhp_alu_netlist_l2_d4, 2, 4>>(x_seed);
#else
  (void)x_seed;
  throw std::invalid_argument(
      "this build has no hp_alu netlist: it was configured with HALFPIPE_NETLIST=OFF (the "
      "sanitizer build), or Yosys was not found (install it, scripts/deps.sh, and configure "
      "again)");
#endif
}

std::unique_ptr<Dut> make_dut(bool netlist, int lanes, int depth, uint64_t x_seed) {
  return netlist ? make_netlist_dut(lanes, depth, x_seed) : make_dut(lanes, depth, x_seed);
}

}  // namespace halfpipe::tb
