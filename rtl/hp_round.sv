// The one rounding stage (S4, S5, S6): round-to-nearest-even of an exact value into f16 or bf16,
// with gradual underflow and overflow to infinity, or the truncation of tanh.approx and ex2.approx
// (S19: toward zero, an overflow to the largest finite), and IEEE 754's tininess after rounding for
// the post-processor's .ftz (S8); the twin of ref::round_pack (model/ref/round.cpp). Results
// decided without rounding (classes, min/max, neg/abs) pass by, not tiny.
//
// Four steps, with the positions of hp_pipe_pkg between them (a register where Depth's cut set
// has one): the leading zeros; | Counted |  the result's last place; | Normalised |  the shift
// to that place and the round decision; | Shifted |  the increment and the overflow.
`include "hp_format_pkg.sv"
`include "hp_pipe_pkg.sv"

module hp_round #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0
) (
  input  logic                                      clk_i,
  input  logic                                      advance_i,
  // After the Operated position:
  input  logic                                      bf16_i,
  input  logic                                      toward_zero_i,   // truncate (S19)
  input  logic                                      bypass_i,        // take bypass_value_i
  input  logic [15:0]                               bypass_value_i,
  input  hp_format_pkg::exact_t                     exact_i,         // rounded unless bypass_i
  // Before the Rounded position:
  output logic [15:0]                               result_o,
  output logic                                      tiny_o           // S8: tiny after rounding
);

  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned SumWidth = hp_format_pkg::ExactWidth;
  localparam int unsigned LzWidth = $clog2(SumWidth + 1);
  localparam int unsigned ShiftWidth = $clog2(SumWidth + 2);
  localparam int unsigned QuotWidth = hp_format_pkg::FracWidth + 2;  // hidden bit and a carry
  localparam int unsigned BitsWidth = 24;                            // exponent and fraction

  typedef logic signed [ExpWidth-1:0] exp_t;

  // What every step passes on: the format, and a result decided upstream or the sign of this one.
  typedef struct packed {
    logic        bf16;
    logic        toward_zero;
    logic        bypass;
    logic [15:0] bypass_value;
    logic        sign;
  } carried_t;
  localparam int unsigned CarriedWidth = 4 + 16;

  // ---- Step 1: the leading zeros, and what the exponent alone decides ---------------------------
  // With lz leading zeros the value lies in [2^top, 2^(top+1)), top = exp + SumWidth-1 - lz, and
  // the weight of the result's last place is lsb = max(top - frac_bits, lsb_subnormal): frac_bits
  // below the leading bit, but never below the subnormals' last place (S6, gradual underflow).
  // Steps 2 and 3 need it as
  //   shift           = lsb - exp = max(SumWidth-1 - frac_bits - lz, lsb_subnormal - exp),
  //   exp_field_below = lsb + frac_bits + bias - 1 = max(exp + SumWidth-2 + bias - lz, 0)
  // (the exponent field minus one: 0 for subnormals), so the terms with exp are formed here,
  // beside the count, and only lz is subtracted after it.
  typedef struct packed {
    carried_t            carried;
    logic [SumWidth-1:0] sig;
    logic                sticky;
    logic [LzWidth-1:0]  leading_zeros;
    exp_t                subnormal_shift;  // lsb_subnormal - exp
    exp_t                field_at_top;     // exp + SumWidth-2 + bias: exp_field_below at lz = 0
  } counted_t;
  localparam int unsigned CountedWidth = CarriedWidth + SumWidth + 1 + LzWidth + 2 * ExpWidth;

  counted_t counted, counted_q;

  always_comb begin
    counted.carried.bf16         = bf16_i;
    counted.carried.toward_zero  = toward_zero_i;
    counted.carried.bypass       = bypass_i;
    counted.carried.bypass_value = bypass_value_i;
    counted.carried.sign         = exact_i.sign;
    counted.sig                  = exact_i.sig;
    counted.sticky               = exact_i.sticky;
    counted.subnormal_shift = $signed(ExpWidth'(1)) - $signed(ExpWidth'(hp_format_pkg::bias(bf16_i)))
                            - $signed(ExpWidth'(hp_format_pkg::frac_bits(bf16_i))) - exact_i.exp;
    counted.field_at_top = exact_i.exp + $signed(ExpWidth'(SumWidth - 2))
                         + $signed(ExpWidth'(hp_format_pkg::bias(bf16_i)));
  end

  hp_lzc #(
    .Width(SumWidth),
    .CountWidth(LzWidth)
  ) u_lzc (
    .value_i(exact_i.sig),
    .count_o(counted.leading_zeros)
  );

  hp_pipe_cut #(
    .Width (CountedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutCounted])
  ) u_cut_counted (
    .clk_i,
    .advance_i,
    .data_i(counted),
    .data_o(counted_q)
  );

  // ---- Step 2: where the result's last place lies ---------------------------------------------
  typedef struct packed {
    carried_t            carried;
    logic [SumWidth-1:0] sig;
    logic                sticky;
    exp_t                shift;            // the last place's weight less the exponent
    exp_t                exp_field_below;  // the exponent field minus one: 0 for subnormals
  } normalised_t;
  localparam int unsigned NormalisedWidth = CarriedWidth + SumWidth + 1 + 2 * ExpWidth;

  normalised_t normalised, normalised_q;
  exp_t normal_shift, subnormal_shift, field_below;

  always_comb begin
    normalised.carried = counted_q.carried;
    normalised.sig     = counted_q.sig;
    normalised.sticky  = counted_q.sticky;
    normal_shift = $signed(ExpWidth'(SumWidth - 1))
                 - $signed(ExpWidth'(hp_format_pkg::frac_bits(counted_q.carried.bf16)))
                 - $signed(ExpWidth'(counted_q.leading_zeros));
    subnormal_shift = counted_q.subnormal_shift;
    normalised.shift = (normal_shift > subnormal_shift) ? normal_shift : subnormal_shift;
    field_below = counted_q.field_at_top - $signed(ExpWidth'(counted_q.leading_zeros));
    normalised.exp_field_below = (field_below > 0) ? field_below : '0;
  end

  hp_pipe_cut #(
    .Width (NormalisedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutNormalised])
  ) u_cut_normalised (
    .clk_i,
    .advance_i,
    .data_i(normalised),
    .data_o(normalised_q)
  );

  // ---- Step 3: the significand at that place, and whether it rounds up -------------------------
  typedef struct packed {
    carried_t             carried;
    logic                 zero;             // the exact value is zero
    exp_t                 exp_field_below;
    logic [QuotWidth-1:0] quotient;
    logic                 round_up;
    logic                 tiny;             // S8: below 2^emin even rounded at full precision
  } shifted_t;
  localparam int unsigned ShiftedWidth = CarriedWidth + 1 + ExpWidth + QuotWidth + 2;

  shifted_t shifted, shifted_q;
  exp_t shift;
  logic [ShiftWidth-1:0] right_shift;
  logic [2*SumWidth-1:0] shifted_sig;
  logic round_bit, below_round, second_bit;
  logic [QuotWidth-1:0] all_subnormal_bits;

  always_comb begin
    shifted.carried         = normalised_q.carried;
    shifted.zero            = normalised_q.sig == '0;
    shifted.exp_field_below = normalised_q.exp_field_below;
    shift = normalised_q.shift;

    right_shift = '0;
    shifted_sig = '0;
    round_bit   = 1'b0;
    below_round = 1'b0;
    second_bit  = 1'b0;
    if (shift <= 0) begin
      // Exact: lsb >= top - frac_bits bounds the left shift by frac_bits.
      shifted.quotient = QuotWidth'(normalised_q.sig << (-shift));
    end else begin
      right_shift = (shift > $signed(ExpWidth'(SumWidth + 1))) ? ShiftWidth'(SumWidth + 1)
                                                   : shift[ShiftWidth-1:0];
      shifted_sig = {normalised_q.sig, {SumWidth{1'b0}}} >> right_shift;
      shifted.quotient = QuotWidth'(shifted_sig[2*SumWidth-1:SumWidth]);
      // Truncation (S19) ignores the bits below the last place: it never rounds up, and a value
      // below 2^emin stays tiny.
      round_bit   = shifted_sig[SumWidth-1] && !normalised_q.carried.toward_zero;
      second_bit  = shifted_sig[SumWidth-2];
      below_round = (shifted_sig[SumWidth-2:0] != '0) || normalised_q.sticky;
    end
    shifted.round_up = round_bit && (below_round || shifted.quotient[0]);  // S4: ties to even
    // S8: a value below 2^emin (field 0 and no hidden bit) is tiny unless, rounded at full
    // precision (one bit finer than the subnormals' last place), it reaches 2^emin: every
    // subnormal bit set and at least three quarters of a last place below them (with a sticky
    // bit, callers keep two guard bits, so the second bit is the value's own).
    all_subnormal_bits =
        QuotWidth'(hp_format_pkg::min_normal_magnitude(normalised_q.carried.bf16) - 15'd1);
    shifted.tiny = !shifted.zero && normalised_q.exp_field_below == '0
                 && shifted.quotient <= all_subnormal_bits
                 && !(shifted.quotient == all_subnormal_bits && round_bit && second_bit);
  end

  hp_pipe_cut #(
    .Width (ShiftedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutShifted])
  ) u_cut_shifted (
    .clk_i,
    .advance_i,
    .data_i(shifted),
    .data_o(shifted_q)
  );

  // ---- Step 4: the increment and the overflow --------------------------------------------------
  logic [BitsWidth-1:0] bits;
  carried_t carried;

  always_comb begin
    carried = shifted_q.carried;
    // The quotient carries the hidden bit of a normal, so adding it to (field - 1) lets a
    // rounding carry step into the next binade, and a subnormal that rounds up become the
    // smallest normal.
    bits = (BitsWidth'(shifted_q.exp_field_below) << hp_format_pkg::frac_bits(carried.bf16))
         + BitsWidth'(shifted_q.quotient) + BitsWidth'(shifted_q.round_up);

    tiny_o = shifted_q.tiny && !carried.bypass;
    if (carried.bypass) begin
      result_o = carried.bypass_value;
    end else if (shifted_q.zero) begin
      result_o = {carried.sign, 15'd0};
    end else if (bits >= BitsWidth'(hp_format_pkg::inf_magnitude(carried.bf16))) begin
      // S5: an overflow rounds to infinity; truncated, to the largest finite.
      result_o = {carried.sign, hp_format_pkg::inf_magnitude(carried.bf16)
                                - {14'd0, carried.toward_zero}};
    end else begin
      result_o = {carried.sign, bits[14:0]};
    end
  end

endmodule
