// `scripts/bench rtl-options`: one Verilated hp_alu (or its netlist) clocked alone, as
// tb/verilated_dut.h clocks it (inputs, an evaluation with the clock low, the outputs read, an
// evaluation after the rising edge), with add.f16 operands that change every cycle as an
// exhaustive sweep's do. The bench script Verilates the RTL under each option it measures and
// compiles this file with it (-DLANES=N, the model's class and header as VTOP and VHDR).
// Usage: clock_model CYCLES; prints the CPU seconds and lane operations per CPU second.
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include VHDR

int main(int argc, char** argv) {
  const long cycles = argc > 1 ? std::atol(argv[1]) : 1000000;
  VerilatedContext context;
  context.randReset(2);
  auto* m = new VTOP(&context, "hp_alu");
  m->clk_i = 0;
  m->rst_ni = 1;
  m->in_valid_i = 0;
  m->out_ready_i = 1;
  m->eval();
  m->rst_ni = 0;
  m->eval();
  for (int i = 0; i < 2; ++i) {
    m->clk_i = 1;
    m->eval();
    m->clk_i = 0;
    m->eval();
  }
  m->rst_ni = 1;
  m->eval();
  uint16_t a[LANES], b[LANES], c[LANES] = {};
  uint32_t pair = 0x3C000000u;  // a in the high half, b in the low; a steps every 65,536 pairs
  uint32_t checksum = 0;        // the results are used, so nothing is optimised away
  const std::clock_t start = std::clock();
  for (long i = 0; i < cycles; ++i) {
    for (int lane = 0; lane < LANES; ++lane, ++pair) {
      a[lane] = static_cast<uint16_t>(pair >> 16);
      b[lane] = static_cast<uint16_t>(pair);
    }
    m->in_valid_i = 1;
    m->in_uop_i = 0;  // add.f16 (halfpipe uop --table)
    m->in_lane_mask_i = (1u << LANES) - 1;
    m->in_tag_i = i & 0xFF;
    std::memcpy(&m->in_a_i, a, sizeof a);
    std::memcpy(&m->in_b_i, b, sizeof b);
    std::memcpy(&m->in_c_i, c, sizeof c);
    m->clk_i = 0;
    m->eval();
    if (m->out_valid_o) {
      uint16_t r[LANES];
      std::memcpy(r, &m->out_result_o, sizeof r);
      checksum += r[0];
    }
    m->clk_i = 1;
    m->eval();
  }
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  std::printf("%.3f s CPU, %.3f M lane-ops per CPU second (checksum %u)\n", seconds,
              static_cast<double>(cycles) * LANES / seconds / 1e6, checksum);
  m->final();
  delete m;
  return 0;
}
