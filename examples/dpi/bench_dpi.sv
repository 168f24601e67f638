// scripts/bench dpi: HP_DPI_CALLS calls of hp_dpi_exec (fma.rn.f16x2, random operands) from
// SystemVerilog with +dpi, or the same loop with the operands drawn and no call without it; the
// script times both and divides the difference by the calls.
`include "halfpipe_dpi_pkg.sv"

`ifndef HP_DPI_CALLS
`define HP_DPI_CALLS 1000000
`endif

module bench_dpi;
  import halfpipe_dpi_pkg::*;
  initial begin
    chandle fma = hp_dpi_decode("fma.rn.f16x2");
    int unsigned r, sum = 0;
    bit dpi = $test$plusargs("dpi");
    if (fma == null) $fatal(1, "%s", hp_dpi_last_error());
    for (int i = 0; i < `HP_DPI_CALLS; ++i) begin
      int unsigned a = $urandom, b = $urandom, c = $urandom;
      if (!dpi) r = a ^ b ^ c;
      else if (hp_dpi_exec(fma, 3, a, b, c, r) != HpOk) $fatal(1, "%s", hp_dpi_last_error());
      sum += r;
    end
    $display("%0d iterations, DPI %0d, checksum %h", `HP_DPI_CALLS, dpi, sum);
    $finish;
  end
endmodule
