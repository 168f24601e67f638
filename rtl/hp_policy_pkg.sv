// The choices doc/semantics.md makes where the PTX ISA is silent, each in one named place,
// mirroring model/ref/policy.h. A hardware measurement that overturns one of them changes one
// function here (and the reference's twin).
`ifndef HP_POLICY_PKG_SV
`define HP_POLICY_PKG_SV

`include "hp_format_pkg.sv"

package hp_policy_pkg;

  // S10: every NaN a PTX half-precision instruction produces, f16 and bf16 alike.
  localparam logic [15:0] CanonicalNan = 16'h7FFF;

  // S14: the OOB-NaN a tensor load writes into out-of-bound elements: 0x7FF7 in a 16-bit lane,
  // sign ignored, f16 and bf16 alike. The one place the RTL knows this pattern.
  /* verilator lint_off UNUSEDSIGNAL */  // the sign bit is ignored by definition
  function automatic logic is_oob_nan(logic [15:0] x);
    is_oob_nan = x[14:0] == 15'h7FF7;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // S8 (and S9), measured on an H100 (silicon/results/sm_90/): `.ftz` flushes a result that is
  // tiny after rounding in IEEE 754's sense, judged with an unbounded exponent range, to a zero
  // of the same sign. `tiny` is hp_round's verdict: a value rounded up to the smallest normal
  // only by the subnormal range's coarser last place is tiny. A subnormal encoding always is.
  function automatic logic [15:0] flush_tiny_result(logic bf16, logic [15:0] rounded, logic tiny);
    flush_tiny_result = (tiny || hp_format_pkg::is_subnormal(bf16, rounded[14:0]))
                      ? {rounded[15], 15'd0} : rounded;
  endfunction

  // S12: `.sat` clamps to [+0.0, 1.0]; a NaN becomes +0.0, every negative value (-0.0 and
  // -infinity included) becomes +0.0.
  function automatic logic [15:0] saturate(logic bf16, logic [15:0] x);
    if (hp_format_pkg::is_nan(bf16, x[14:0]) || x[15]) begin
      saturate = 16'h0000;
    end else if (x[14:0] > hp_format_pkg::one_magnitude(bf16)) begin
      saturate = {1'b0, hp_format_pkg::one_magnitude(bf16)};
    end else begin
      saturate = x;
    end
  endfunction

  // S13: `.relu` turns every negative value (-0.0 and -infinity included) into +0.0; a NaN
  // stays the canonical NaN.
  function automatic logic [15:0] relu(logic bf16, logic [15:0] x);
    if (hp_format_pkg::is_nan(bf16, x[14:0])) begin
      relu = CanonicalNan;
    end else begin
      relu = x[15] ? 16'h0000 : x;
    end
  endfunction

endpackage

`endif  // HP_POLICY_PKG_SV
