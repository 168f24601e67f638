// PTX 9.7.4.5 neg and 9.7.4.6 abs, the twin of model/ref/negabs.cpp: sign-bit operations on
// every non-NaN value, the canonical NaN for a NaN input (S11). The operand arrives already
// flushed under .ftz (S7).
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_sign_op (
  input  logic        enable_i,  // neg or abs; else the output is zero (see hp_lane_operate)
  input  logic        bf16_i,
  input  logic        abs_i,  // abs, else neg
  input  logic [15:0] a_i,
  output logic [15:0] result_o
);

  always_comb begin
    if (!enable_i) begin
      result_o = '0;
    end else if (hp_format_pkg::is_nan(bf16_i, a_i[14:0])) begin
      result_o = hp_policy_pkg::CanonicalNan;
    end else if (abs_i) begin
      result_o = {1'b0, a_i[14:0]};
    end else begin
      result_o = {~a_i[15], a_i[14:0]};
    end
  end

endmodule
