// The one datapath of add, sub, mul and fma (PTX 9.7.4.1-9.7.4.4): x1 * x2 + y computed exactly
// enough to be rounded once (S5), for both formats. add is a * 1.0 + b, sub a * 1.0 + (-b), mul
// a * b + 0 where the zero takes the product's sign (so an exact zero product keeps the XOR of
// the operand signs, S5), fma a * b + c.
//
// Both the product (2 * SigWidth bits) and the addend (shifted up to the same width) arrive
// normalised, so whenever the smaller addend is shifted by more than GuardBits its lost bits
// lie far below the result's last place: they only set a sticky bit, and borrow one unit when
// subtracted (value = sig + s with 0 < s < 1, as hp_round expects). Otherwise the sum is exact.
//
// Three steps, with the positions of hp_pipe_pkg between them (a register where Depth's cut set
// has one): select the operands, decide the classes' results, form the product's two partial
// products (the multiplier's reduction is split at the Front position) and the exponents;
// | Front |  sum the partial products, order and align the addends; | Products |  add them.
// The result then crosses Quadratic .. Scaled to arrive with tanh/ex2's.
`include "hp_format_pkg.sv"
`include "hp_pipe_pkg.sv"
`include "hp_policy_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_fma_core #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0
) (
  input  logic                     clk_i,
  input  logic                     advance_i,
  // After the Unpacked position:
  input  logic                     bf16_i,
  input  hp_uop_pkg::op_e          op_i,
  input  hp_format_pkg::unpacked_t a_i,  // the unpacked operands (hp_unpack)
  input  hp_format_pkg::unpacked_t b_i,
  input  hp_format_pkg::unpacked_t c_i,
  // Before the Operated position: either a result decided by the operands' classes ...
  output logic                     special_o,
  output logic [15:0]              special_value_o,
  // ... or the exact value.
  output hp_format_pkg::exact_t    exact_o
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

    x1_sign = a_i.sign;
    x1_exp  = a_i.exp;
    x1_sig  = a_i.sig;
    x1_zero = a_i.zero;
    x1_inf  = a_i.inf;

    // fma's x2 = b and y = c, which the other ops override. (Every variable is written whole
    // before any branch, which lets Verilator keep it in a C++ local rather than in the model.)
    x2_sign = b_i.sign;
    x2_exp  = b_i.exp;
    x2_sig  = b_i.sig;
    x2_zero = b_i.zero;
    x2_inf  = b_i.inf;
    y_sign  = c_i.sign;
    y_exp   = c_i.exp;
    y_sig   = c_i.sig;
    y_zero  = c_i.zero;
    y_inf   = c_i.inf;

    if (is_add_sub) begin  // x2 = +1.0
      x2_sign = 1'b0;
      x2_exp  = -$signed(ExpWidth'(hp_format_pkg::FracWidth));
      x2_sig  = {1'b1, {(SigWidth - 1){1'b0}}};
      x2_zero = 1'b0;
      x2_inf  = 1'b0;
    end
    product_sign = x1_sign ^ x2_sign;

    if (is_add_sub) begin  // y = b, negated for sub (S5: sub is a + (-b))
      y_sign = b_i.sign ^ (op_i == hp_uop_pkg::OpSub);
      y_exp  = b_i.exp;
      y_sig  = b_i.sig;
      y_zero = b_i.zero;
      y_inf  = b_i.inf;
    end else if (is_mul) begin  // y = a zero of the product's sign
      y_sign = product_sign;
      y_zero = 1'b1;
      y_inf  = 1'b0;
    end
    // An operand the op does not read never makes a NaN.
    any_nan = a_i.nan || (b_i.nan && (is_add_sub || is_mul || op_i == hp_uop_pkg::OpFma))
           || (c_i.nan && op_i == hp_uop_pkg::OpFma);
  end

  // ---- Results decided by classes ------------------------------------------------------------
  logic product_inf, product_zero, special;
  logic [15:0] special_value;

  always_comb begin
    product_inf   = x1_inf || x2_inf;
    product_zero  = x1_zero || x2_zero;
    special       = 1'b1;
    special_value = hp_policy_pkg::CanonicalNan;
    if (any_nan) begin
      special_value = hp_policy_pkg::CanonicalNan;
    end else if (product_inf) begin
      if (product_zero || (y_inf && y_sign != product_sign)) begin  // inf * 0, inf - inf
        special_value = hp_policy_pkg::CanonicalNan;
      end else begin
        special_value = {product_sign, hp_format_pkg::inf_magnitude(bf16_i)};
      end
    end else if (y_inf) begin
      special_value = {y_sign, hp_format_pkg::inf_magnitude(bf16_i)};
    end else if (product_zero && y_zero) begin
      // S5: an exact zero sum is +0 unless both addends are -0.
      special_value = {product_sign && y_sign, 15'd0};
    end else begin
      special = 1'b0;
    end
  end

  // ---- Step 1: the product's partial products, the exponents ---------------------------------
  // x1_sig * x2_sig as x1_sig times the low and the high part of x2_sig, added after the Front
  // position: the cut splits the multiplier's reduction in two.
  localparam int unsigned LowBits = SigWidth / 2;
  localparam int unsigned HighBits = SigWidth - LowBits;

  typedef struct packed {
    logic                         special;
    logic [15:0]                  special_value;
    logic                         product_sign;
    logic                         product_zero;
    logic                         y_sign;
    logic                         y_zero;
    logic [SigWidth+LowBits-1:0]  partial_low;   // x1_sig * x2_sig[LowBits-1:0]
    logic [SigWidth+HighBits-1:0] partial_high;  // x1_sig * x2_sig[SigWidth-1:LowBits]
    exp_t                         product_exp;
    logic [SigWidth-1:0]          y_sig;
    exp_t                         y_exp;
  } front_t;
  localparam int unsigned FrontWidth =
      1 + 16 + 4 + (SigWidth + LowBits) + (SigWidth + HighBits) + 2 * ExpWidth + SigWidth;

  front_t front, front_q;

  always_comb begin
    front.special       = special;
    front.special_value = special_value;
    front.product_sign  = product_sign;
    front.product_zero  = product_zero;
    front.y_sign        = y_sign;
    front.y_zero        = y_zero;
    front.partial_low   = (SigWidth + LowBits)'(x1_sig) * (SigWidth + LowBits)'(x2_sig[LowBits-1:0]);
    front.partial_high  = (SigWidth + HighBits)'(x1_sig)
                        * (SigWidth + HighBits)'(x2_sig[SigWidth-1:LowBits]);
    front.product_exp   = x1_exp + x2_exp;
    front.y_sig         = y_sig;
    front.y_exp         = y_exp;
  end

  hp_pipe_cut #(
    .Width (FrontWidth),
    .Enable(CutSet[hp_pipe_pkg::CutFront])
  ) u_cut_front (
    .clk_i,
    .advance_i,
    .data_i(front),
    .data_o(front_q)
  );

  // ---- Step 2: the product, and the addends in order and aligned -----------------------------
  typedef struct packed {
    logic                special;
    logic [15:0]         special_value;
    logic                hi_sign;
    logic                lo_sign;
    logic                lo_present;
    exp_t                exp;         // the exact value's: hi's exponent less the guard bits
    logic [SumWidth-1:0] hi_aligned;
    logic [SumWidth-1:0] lo_aligned;
    logic                lo_sticky;
  } aligned_t;
  localparam int unsigned AlignedWidth = 1 + 16 + 3 + ExpWidth + 2 * SumWidth + 1;

  aligned_t aligned, aligned_q;
  logic [ProdWidth-1:0] product_sig, addend_sig, hi_sig, lo_sig;
  exp_t addend_exp, hi_exp, lo_exp, distance;
  logic [$clog2(AlignWidth + 1)-1:0] shift;
  logic [2*AlignWidth-1:0] lo_shifted;

  always_comb begin
    product_sig = ProdWidth'(front_q.partial_low)
                + (ProdWidth'(front_q.partial_high) << LowBits);
    addend_sig  = {front_q.y_sig, {SigWidth{1'b0}}};
    addend_exp  = front_q.y_exp - $signed(ExpWidth'(SigWidth));

    // hi is the operand with the larger exponent; a zero operand leaves the other alone.
    aligned.special       = front_q.special;
    aligned.special_value = front_q.special_value;
    aligned.lo_present    = !front_q.product_zero && !front_q.y_zero;
    aligned.hi_sign = front_q.product_sign;  hi_exp = front_q.product_exp;  hi_sig = product_sig;
    aligned.lo_sign = front_q.y_sign;        lo_exp = addend_exp;           lo_sig = addend_sig;
    if (!front_q.y_zero && (front_q.product_zero || $signed(front_q.product_exp) < addend_exp)) begin
      aligned.hi_sign = front_q.y_sign;        hi_exp = addend_exp;           hi_sig = addend_sig;
      aligned.lo_sign = front_q.product_sign;  lo_exp = front_q.product_exp;  lo_sig = product_sig;
    end

    distance = hi_exp - lo_exp;
    shift = (distance > $signed(ExpWidth'(AlignWidth))) ? ($clog2(AlignWidth + 1))'(AlignWidth)
                                            : distance[$clog2(AlignWidth + 1)-1:0];
    lo_shifted = {lo_sig, {GuardBits{1'b0}}, {AlignWidth{1'b0}}} >> shift;
    aligned.exp        = hi_exp - $signed(ExpWidth'(GuardBits));
    aligned.hi_aligned = {1'b0, hi_sig, {GuardBits{1'b0}}};
    aligned.lo_aligned = aligned.lo_present ? {1'b0, lo_shifted[AlignWidth +: AlignWidth]} : '0;
    aligned.lo_sticky  = aligned.lo_present && (lo_shifted[AlignWidth-1:0] != '0);
  end

  hp_pipe_cut #(
    .Width (AlignedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutProducts])
  ) u_cut_products (
    .clk_i,
    .advance_i,
    .data_i(aligned),
    .data_o(aligned_q)
  );

  // ---- Step 3: the exact sum of finite values, at least one non-zero --------------------------
  // (The exact value's fields one by one, not an hp_format_pkg::exact_t: Yosys 0.23 finds no
  // package's type inside a module's struct.)
  typedef struct packed {
    logic                special;
    logic [15:0]         special_value;
    logic                sign;
    exp_t                exp;
    logic [SumWidth-1:0] sig;
    logic                sticky;
  } summed_t;
  localparam int unsigned SummedWidth = 1 + 16 + hp_format_pkg::ExactValueWidth;

  summed_t summed, summed_q;
  logic [SumWidth:0] difference;

  always_comb begin
    summed.special       = aligned_q.special;
    summed.special_value = aligned_q.special_value;
    summed.exp           = aligned_q.exp;
    summed.sticky        = aligned_q.lo_sticky;
    difference = {1'b0, aligned_q.hi_aligned} - {1'b0, aligned_q.lo_aligned}
               - {{SumWidth{1'b0}}, aligned_q.lo_sticky};
    if (aligned_q.hi_sign == aligned_q.lo_sign || !aligned_q.lo_present) begin
      summed.sign = aligned_q.hi_sign;
      summed.sig  = aligned_q.hi_aligned + aligned_q.lo_aligned;
    end else if (!difference[SumWidth]) begin
      // S5: x + (-x) is +0 under round-to-nearest.
      summed.sign = aligned_q.hi_sign && (difference[SumWidth-1:0] != '0);
      summed.sig  = difference[SumWidth-1:0];
    end else begin  // only without sticky: the shifted operand was the larger one
      summed.sign = aligned_q.lo_sign;
      summed.sig  = aligned_q.lo_aligned - aligned_q.hi_aligned;
    end
  end

  // Then in step with tanh/ex2's interpolation.
  hp_pipe_span #(
    .Width (SummedWidth),
    .CutSet(CutSet),
    .First (hp_pipe_pkg::CutQuadratic),
    .Last  (hp_pipe_pkg::CutScaled)
  ) u_span_summed (
    .clk_i,
    .advance_i,
    .data_i(summed),
    .data_o(summed_q)
  );

  always_comb begin
    special_o       = summed_q.special;
    special_value_o = summed_q.special_value;
    exact_o.sign    = summed_q.sign;
    exact_o.exp     = summed_q.exp;
    exact_o.sig     = summed_q.sig;
    exact_o.sticky  = summed_q.sticky;
  end

endmodule
