// The one rounding stage (S4, S5, S6): round-to-nearest-even of an exact value into f16 or bf16,
// with gradual underflow and overflow to infinity; the twin of ref::round_pack
// (model/ref/round.cpp). Results decided without rounding (classes, min/max, neg/abs) pass by.
`include "hp_format_pkg.sv"

module hp_round (
  input  logic                                      bf16_i,
  input  logic                                      bypass_i,        // take bypass_value_i
  input  logic [15:0]                               bypass_value_i,
  // (-1)^sign * (sig + s) * 2^exp with 0 < s < 1 when sticky, s = 0 otherwise.
  input  logic                                      sign_i,
  input  logic signed [hp_format_pkg::ExpWidth-1:0] exp_i,
  input  logic [hp_format_pkg::ExactWidth-1:0]      sig_i,
  input  logic                                      sticky_i,
  output logic [15:0]                               result_o
);

  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned SumWidth = hp_format_pkg::ExactWidth;
  localparam int unsigned LzWidth = $clog2(SumWidth + 1);
  localparam int unsigned ShiftWidth = $clog2(SumWidth + 2);
  localparam int unsigned QuotWidth = hp_format_pkg::FracWidth + 2;  // hidden bit and a carry
  localparam int unsigned BitsWidth = 24;                            // exponent and fraction

  typedef logic signed [ExpWidth-1:0] exp_t;

  logic [LzWidth-1:0] leading_zeros;

  hp_lzc #(
    .Width(SumWidth),
    .CountWidth(LzWidth)
  ) u_lzc (
    .value_i(sig_i),
    .count_o(leading_zeros)
  );

  exp_t frac_bits, top, lsb, lsb_subnormal, shift;
  exp_t exp_field_below;  // the exponent field minus one: 0 for subnormals
  logic [ShiftWidth-1:0] right_shift;
  logic [2*SumWidth-1:0] shifted;
  logic [QuotWidth-1:0] quotient;
  logic round_bit, below_round, round_up;
  logic [BitsWidth-1:0] bits;

  always_comb begin
    frac_bits = $signed(ExpWidth'(hp_format_pkg::frac_bits(bf16_i)));
    // The value lies in [2^top, 2^(top+1)).
    top = exp_i + $signed(ExpWidth'(SumWidth - 1)) - $signed(ExpWidth'(leading_zeros));
    // The weight of the result's last place: frac_bits below the leading bit, but never below
    // the last place of the subnormals (S6, gradual underflow).
    lsb_subnormal = $signed(ExpWidth'(1)) - $signed(ExpWidth'(hp_format_pkg::bias(bf16_i))) - frac_bits;
    lsb = (top - frac_bits > lsb_subnormal) ? top - frac_bits : lsb_subnormal;
    shift = lsb - exp_i;

    right_shift = '0;
    shifted     = '0;
    round_bit   = 1'b0;
    below_round = 1'b0;
    if (shift <= 0) begin
      // Exact: lsb >= top - frac_bits bounds the left shift by frac_bits.
      quotient = QuotWidth'(sig_i << (-shift));
    end else begin
      right_shift = (shift > $signed(ExpWidth'(SumWidth + 1))) ? ShiftWidth'(SumWidth + 1)
                                                   : shift[ShiftWidth-1:0];
      shifted     = {sig_i, {SumWidth{1'b0}}} >> right_shift;
      quotient    = QuotWidth'(shifted[2*SumWidth-1:SumWidth]);
      round_bit   = shifted[SumWidth-1];
      below_round = (shifted[SumWidth-2:0] != '0) || sticky_i;
    end
    round_up = round_bit && (below_round || quotient[0]);  // S4: ties to even

    // The quotient carries the hidden bit of a normal, so adding it to (field - 1) lets a
    // rounding carry step into the next binade, and a subnormal that rounds up become the
    // smallest normal.
    exp_field_below = lsb + frac_bits + $signed(ExpWidth'(hp_format_pkg::bias(bf16_i))) - $signed(ExpWidth'(1));
    bits = (BitsWidth'(exp_field_below) << frac_bits) + BitsWidth'(quotient)
         + BitsWidth'(round_up);

    if (bypass_i) begin
      result_o = bypass_value_i;
    end else if (sig_i == '0) begin
      result_o = {sign_i, 15'd0};
    end else if (bits >= BitsWidth'(hp_format_pkg::inf_magnitude(bf16_i))) begin
      result_o = {sign_i, hp_format_pkg::inf_magnitude(bf16_i)};  // S5: overflow to infinity
    end else begin
      result_o = {sign_i, bits[14:0]};
    end
  end

endmodule
