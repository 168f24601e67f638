// Classify and unpack one operand into the common form of hp_format_pkg. With `.ftz` a subnormal
// input first becomes a zero of the same sign (S7). Subnormals are normalised here, so the
// arithmetic downstream sees every non-zero finite value with its leading one at the top of
// SigWidth bits and an exponent that may lie below the format's emin.
`include "hp_format_pkg.sv"

module hp_unpack (
  input  logic                     enable_i,    // the op reads unpacked_o, else it is all 0
  input  logic                     bf16_i,
  input  logic                     ftz_i,
  input  logic [15:0]              value_i,
  output logic [15:0]              flushed_o,   // the operand after S7, as min/max/neg/abs see it
  output hp_format_pkg::unpacked_t unpacked_o
);

  localparam int unsigned SigWidth = hp_format_pkg::SigWidth;
  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned LzWidth = $clog2(SigWidth + 1);

  logic                       sign, zero, inf, nan;
  logic signed [ExpWidth-1:0] exp;
  logic [SigWidth-1:0]        sig;  // normalised: sig[SigWidth-1] is set
  logic [7:0]                 exp_field;
  logic [SigWidth-1:0]        sig_raw;
  logic [LzWidth-1:0]         leading_zeros;

  always_comb begin
    // Nested, so that Verilator classifies the operand only under .ftz (hp_postprocess says why).
    flushed_o = value_i;
    if (ftz_i) begin
      if (hp_format_pkg::is_subnormal(bf16_i, value_i[14:0])) begin
        flushed_o = {value_i[15], 15'd0};
      end
    end
    {sign, zero, inf, nan, exp_field, sig_raw} = '0;
    if (enable_i) begin
      sign      = flushed_o[15];
      zero      = flushed_o[14:0] == 15'd0;
      inf       = hp_format_pkg::is_inf(bf16_i, flushed_o[14:0]);
      nan       = hp_format_pkg::is_nan(bf16_i, flushed_o[14:0]);
      exp_field = hp_format_pkg::exp_field(bf16_i, flushed_o[14:0]);
      // A subnormal has no hidden bit and the exponent of the smallest normal (field 1).
      sig_raw   = {exp_field != 8'd0, hp_format_pkg::frac_aligned(bf16_i, flushed_o[14:0])};
    end
  end

  hp_lzc #(
    .Width(SigWidth),
    .CountWidth(LzWidth)
  ) u_lzc (
    .value_i(sig_raw),
    .count_o(leading_zeros)
  );

  always_comb begin
    sig = '0;
    exp = '0;
    if (enable_i) begin
      sig = sig_raw << leading_zeros;
      // exp = max(field, 1) - bias - FracWidth - leading_zeros
      exp = $signed({4'd0, (exp_field == 8'd0) ? 8'd1 : exp_field})
            - $signed({4'd0, hp_format_pkg::bias(bf16_i)})
            - $signed(ExpWidth'(hp_format_pkg::FracWidth))
            - $signed({{(ExpWidth - LzWidth){1'b0}}, leading_zeros});
    end
  end

  always_comb begin
    unpacked_o.sign = sign;
    unpacked_o.exp  = exp;
    unpacked_o.sig  = sig;
    unpacked_o.zero = zero;
    unpacked_o.inf  = inf;
    unpacked_o.nan  = nan;
  end

endmodule
