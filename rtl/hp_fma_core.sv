// The one datapath of add, sub, mul and fma (PTX 9.7.4.1-9.7.4.4): x1 * x2 + y computed exactly
// enough to be rounded once (S5), for both formats. add is a * 1.0 + b, sub a * 1.0 + (-b), mul
// a * b + 0 where the zero takes the product's sign (so an exact zero product keeps the XOR of
// the operand signs, S5), fma a * b + c.
//
// Both the product (2 * SigWidth bits) and the addend (shifted up to the same width) arrive
// normalised, so whenever the smaller addend is shifted by more than GuardBits its lost bits
// lie far below the result's last place: they only set a sticky bit, and borrow one unit when
// subtracted (value = sig + s with 0 < s < 1, as hp_round expects). Otherwise the sum is exact.
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_fma_core (
  input  logic                                      bf16_i,
  input  logic [hp_uop_pkg::OpWidth-1:0]            op_i,
  // The unpacked operands a, b, c (hp_unpack).
  input  logic                                      a_sign_i,
  input  logic signed [hp_format_pkg::ExpWidth-1:0] a_exp_i,
  input  logic [hp_format_pkg::SigWidth-1:0]        a_sig_i,
  input  logic                                      a_zero_i,
  input  logic                                      a_inf_i,
  input  logic                                      a_nan_i,
  input  logic                                      b_sign_i,
  input  logic signed [hp_format_pkg::ExpWidth-1:0] b_exp_i,
  input  logic [hp_format_pkg::SigWidth-1:0]        b_sig_i,
  input  logic                                      b_zero_i,
  input  logic                                      b_inf_i,
  input  logic                                      b_nan_i,
  input  logic                                      c_sign_i,
  input  logic signed [hp_format_pkg::ExpWidth-1:0] c_exp_i,
  input  logic [hp_format_pkg::SigWidth-1:0]        c_sig_i,
  input  logic                                      c_zero_i,
  input  logic                                      c_inf_i,
  input  logic                                      c_nan_i,
  // Either a result decided by the operands' classes ...
  output logic                                      special_o,
  output logic [15:0]                               special_value_o,
  // ... or the exact value (-1)^sign * (sig + s) * 2^exp, s in (0,1) when sticky, else 0.
  output logic                                      exact_sign_o,
  output logic signed [hp_format_pkg::ExpWidth-1:0] exact_exp_o,
  output logic [hp_format_pkg::ExactWidth-1:0]      exact_sig_o,
  output logic                                      exact_sticky_o
);

  localparam int unsigned GuardBits = hp_format_pkg::GuardBits;
  localparam int unsigned SigWidth = hp_format_pkg::SigWidth;
  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned ProdWidth = 2 * SigWidth;
  localparam int unsigned AlignWidth = ProdWidth + GuardBits;  // one operand with guard bits
  localparam int unsigned SumWidth = hp_format_pkg::ExactWidth;  // and a carry

  typedef logic signed [ExpWidth-1:0] exp_t;

  // ---- Operand selection -------------------------------------------------------------------
  logic is_add_sub, is_mul;
  logic x1_sign, x2_sign, y_sign;
  exp_t x1_exp, x2_exp, y_exp;
  logic [SigWidth-1:0] x1_sig, x2_sig, y_sig;
  logic x1_zero, x2_zero, y_zero, x1_inf, x2_inf, y_inf, any_nan;
  logic product_sign;

  always_comb begin
    is_add_sub = (op_i == hp_uop_pkg::OpAdd) || (op_i == hp_uop_pkg::OpSub);
    is_mul     = op_i == hp_uop_pkg::OpMul;

    x1_sign = a_sign_i;
    x1_exp  = a_exp_i;
    x1_sig  = a_sig_i;
    x1_zero = a_zero_i;
    x1_inf  = a_inf_i;

    // fma's x2 = b and y = c, which the other ops override. (Every variable is written whole
    // before any branch, which lets Verilator keep it in a C++ local rather than in the model.)
    x2_sign = b_sign_i;
    x2_exp  = b_exp_i;
    x2_sig  = b_sig_i;
    x2_zero = b_zero_i;
    x2_inf  = b_inf_i;
    y_sign  = c_sign_i;
    y_exp   = c_exp_i;
    y_sig   = c_sig_i;
    y_zero  = c_zero_i;
    y_inf   = c_inf_i;

    if (is_add_sub) begin  // x2 = +1.0
      x2_sign = 1'b0;
      x2_exp  = -$signed(ExpWidth'(hp_format_pkg::FracWidth));
      x2_sig  = {1'b1, {(SigWidth - 1){1'b0}}};
      x2_zero = 1'b0;
      x2_inf  = 1'b0;
    end
    product_sign = x1_sign ^ x2_sign;

    if (is_add_sub) begin  // y = b, negated for sub (S5: sub is a + (-b))
      y_sign = b_sign_i ^ (op_i == hp_uop_pkg::OpSub);
      y_exp  = b_exp_i;
      y_sig  = b_sig_i;
      y_zero = b_zero_i;
      y_inf  = b_inf_i;
    end else if (is_mul) begin  // y = a zero of the product's sign
      y_sign = product_sign;
      y_zero = 1'b1;
      y_inf  = 1'b0;
    end
    // An operand the op does not read never makes a NaN.
    any_nan = a_nan_i || (b_nan_i && (is_add_sub || is_mul || op_i == hp_uop_pkg::OpFma))
           || (c_nan_i && op_i == hp_uop_pkg::OpFma);
  end

  // ---- Results decided by classes ------------------------------------------------------------
  logic product_inf, product_zero;

  always_comb begin
    product_inf  = x1_inf || x2_inf;
    product_zero = x1_zero || x2_zero;
    special_o       = 1'b1;
    special_value_o = hp_policy_pkg::CanonicalNan;
    if (any_nan) begin
      special_value_o = hp_policy_pkg::CanonicalNan;
    end else if (product_inf) begin
      if (product_zero || (y_inf && y_sign != product_sign)) begin  // inf * 0, inf - inf
        special_value_o = hp_policy_pkg::CanonicalNan;
      end else begin
        special_value_o = {product_sign, hp_format_pkg::inf_magnitude(bf16_i)};
      end
    end else if (y_inf) begin
      special_value_o = {y_sign, hp_format_pkg::inf_magnitude(bf16_i)};
    end else if (product_zero && y_zero) begin
      // S5: an exact zero sum is +0 unless both addends are -0.
      special_value_o = {product_sign && y_sign, 15'd0};
    end else begin
      special_o = 1'b0;
    end
  end

  // ---- The exact sum of finite values, at least one non-zero ---------------------------------
  logic [ProdWidth-1:0] product_sig, addend_sig, hi_sig, lo_sig;
  exp_t product_exp, addend_exp, hi_exp, lo_exp, distance;
  logic hi_sign, lo_sign, lo_present;
  logic [$clog2(AlignWidth + 1)-1:0] shift;
  logic [2*AlignWidth-1:0] lo_shifted;
  logic [SumWidth-1:0] hi_aligned, lo_aligned;
  logic lo_sticky;
  logic [SumWidth:0] difference;

  always_comb begin
    product_sig = x1_sig * x2_sig;
    product_exp = x1_exp + x2_exp;
    addend_sig  = {y_sig, {SigWidth{1'b0}}};
    addend_exp  = y_exp - $signed(ExpWidth'(SigWidth));

    // hi is the operand with the larger exponent; a zero operand leaves the other alone.
    lo_present = !product_zero && !y_zero;
    hi_sign = product_sign;  hi_exp = product_exp;  hi_sig = product_sig;
    lo_sign = y_sign;        lo_exp = addend_exp;   lo_sig = addend_sig;
    if (!y_zero && (product_zero || product_exp < addend_exp)) begin
      hi_sign = y_sign;        hi_exp = addend_exp;   hi_sig = addend_sig;
      lo_sign = product_sign;  lo_exp = product_exp;  lo_sig = product_sig;
    end

    distance = hi_exp - lo_exp;
    shift = (distance > $signed(ExpWidth'(AlignWidth))) ? ($clog2(AlignWidth + 1))'(AlignWidth)
                                            : distance[$clog2(AlignWidth + 1)-1:0];
    lo_shifted = {lo_sig, {GuardBits{1'b0}}, {AlignWidth{1'b0}}} >> shift;
    hi_aligned = {1'b0, hi_sig, {GuardBits{1'b0}}};
    lo_aligned = lo_present ? {1'b0, lo_shifted[AlignWidth +: AlignWidth]} : '0;
    lo_sticky  = lo_present && (lo_shifted[AlignWidth-1:0] != '0);

    exact_exp_o    = hi_exp - $signed(ExpWidth'(GuardBits));
    exact_sticky_o = lo_sticky;
    difference     = {1'b0, hi_aligned} - {1'b0, lo_aligned} - {{SumWidth{1'b0}}, lo_sticky};
    if (hi_sign == lo_sign || !lo_present) begin
      exact_sign_o = hi_sign;
      exact_sig_o  = hi_aligned + lo_aligned;
    end else if (!difference[SumWidth]) begin
      // S5: x + (-x) is +0 under round-to-nearest.
      exact_sign_o = hi_sign && (difference[SumWidth-1:0] != '0);
      exact_sig_o  = difference[SumWidth-1:0];
    end else begin  // only without sticky: the shifted operand was the larger one
      exact_sign_o = lo_sign;
      exact_sig_o  = lo_aligned - hi_aligned;
    end
  end

endmodule
