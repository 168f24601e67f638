// The timing configuration of the SystemC model: what an architect varies. The configuration
// the RTL implements (rtl/TIMING.md) is rtl_configuration(lanes, depth); everything else is
// exploration, with the meaning documented in model/sc/README.md.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "model/uop/uop.h"

namespace halfpipe::sc {

// Ops that share a datapath share a latency.
enum class OpFamily : int {
  Arith = 0,           // add sub mul fma
  MinMax = 1,          // min max
  Sign = 2,            // neg abs
  Transcendental = 3,  // tanh.approx ex2.approx
};
inline constexpr int kFamilyCount = 4;

OpFamily family_of(Op op);
const char* family_name(OpFamily family);
std::optional<OpFamily> parse_family(std::string_view name);
// "arith, minmax, sign, transcendental": for error messages and help text.
std::string family_names();
// An op's PTX opcode ("add", "ex2": the op table's ptx column), as latency settings name it;
// "add, sub, ...": every op's.
const char* op_name(Op op);
std::string op_names();

// A 32-bit lane mask bounds the lane count.
inline constexpr int kMaxLanes = 32;

struct PipelineConfig {
  int lanes = 2;
  // Cycles from acceptance to departure with no back-pressure, per family.
  std::array<int, kFamilyCount> latency{4, 4, 4, 4};
  int initiation_interval = 1;  // cycles from one accepted issue group to the next, at least
  // Per family, cycles from one accepted op of the family to the next of the same family, at
  // least: a family whose datapath takes a new op less often than the line does (a GPU's
  // special-function pipe beside its FMA pipe; model/dse/README.md, "Calibration").
  std::array<int, kFamilyCount> family_interval{1, 1, 1, 1};
  int issue_width = 1;          // transactions accepted per cycle, and results leaving per cycle
  int output_queue = 0;         // results buffered after the line; 0 is the global-stall line

  // Per op, where one op of a family takes its own time (0: the family's): a unit that times add
  // and mul apart, as a user's unit may declare (`--latency add=2`, doc/your-unit.md).
  std::array<int, kOpCount> op_latency{};

  int latency_of(Op op) const {
    const int own = op_latency[static_cast<int>(op)];
    return own ? own : latency[static_cast<int>(family_of(op))];
  }
  int max_latency() const;
};

// The configuration whose timing rtl/hp_alu.sv implements: every family takes Depth cycles,
// II=1, one transaction per cycle, no output queue.
PipelineConfig rtl_configuration(int lanes, int depth);

// Empty when the configuration is usable; otherwise what is wrong with it.
std::string validate(const PipelineConfig& config);

// The settings that give `config`'s latencies ("arith=4 ... add=2"): a family each, then each op
// that differs from its family.
std::string latency_settings(const PipelineConfig& config);

// Applies one "NAME=N" setting, NAME a family, `all`, or one op (add, sub, mul, fma, neg, abs,
// min, max, tanh, ex2); a later setting overrides an earlier one for the ops it names. Empty on
// success, else the problem.
std::string apply_latency_setting(PipelineConfig& config, std::string_view setting);

}  // namespace halfpipe::sc
