// PTX 9.7.4.7 min and 9.7.4.8 max, the twin of model/ref/minmax.cpp: IEEE order with
// -0 < +0 (S15), one NaN returns the other input and two the canonical NaN (S15), .NaN makes any
// NaN input the canonical NaN, and .xorsign.abs compares magnitudes and then gives the result
// the XOR of the input signs (S16, S17). Operands arrive already flushed under .ftz (S18).
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_minmax (
  input  logic        bf16_i,
  input  logic        max_i,          // max, else min
  input  logic        nan_i,          // .NaN
  input  logic        xorsign_abs_i,  // .xorsign.abs
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  output logic [15:0] result_o
);

  logic        xorsign, a_nan, b_nan, a_below_b;
  logic [15:0] a, b, picked;

  // A key that orders every non-NaN value as IEEE does, with -0 below +0 (S15).
  function automatic logic signed [16:0] order_key(logic [15:0] x);
    order_key = x[15] ? -$signed({2'b00, x[14:0]}) - 17'sd1 : $signed({2'b00, x[14:0]});
  endfunction

  always_comb begin
    xorsign = a_i[15] ^ b_i[15];  // S16: signs taken before .abs
    a = xorsign_abs_i ? {1'b0, a_i[14:0]} : a_i;
    b = xorsign_abs_i ? {1'b0, b_i[14:0]} : b_i;
    a_nan = hp_format_pkg::is_nan(bf16_i, a[14:0]);
    b_nan = hp_format_pkg::is_nan(bf16_i, b[14:0]);
    a_below_b = order_key(a) < order_key(b);
    if (a_nan) begin
      picked = b;
    end else if (b_nan) begin
      picked = a;
    end else begin
      picked = (a_below_b != max_i) ? a : b;
    end
    if ((a_nan && b_nan) || (nan_i && (a_nan || b_nan))) begin
      result_o = hp_policy_pkg::CanonicalNan;
    end else if (xorsign_abs_i) begin
      result_o = {xorsign, picked[14:0]};  // picked is not a NaN here (S16)
    end else begin
      result_o = picked;
    end
  end

endmodule
