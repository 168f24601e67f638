// The piecewise-quadratic evaluator of the tanh.approx/ex2.approx unit (S19), the twin of
// evaluate() in model/ref/approx/datapath.h: one table entry {c2, c1, c0} and a D-bit offset d
// give, in units of 2^-Y,
//   y = c0 + floor(c1 * d / 2^D) + floor(c2 * s^2 / 2^(2Q)),   s = d >> (D - Q).
// Written once, parameterised by the table layout, instantiated for each table.
//
// Three steps, with the positions of hp_pipe_pkg between them (a register where Depth's cut set
// has one): s^2, and c1 * d as two partial products (c1 times the offset's low and high bits);
// | Products |  c2 * s^2 and c1 * d; | Quadratic |  the sum; | Interpolated |.
`include "hp_pipe_pkg.sv"

module hp_quadratic #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
  parameter int unsigned OffsetBits = 18,  // D
  parameter int unsigned SquareBits = 12,  // Q
  parameter int unsigned C0Bits = 23,      // unsigned
  parameter int unsigned C1Bits = 20,      // two's complement
  parameter int unsigned C2Bits = 14,      // two's complement
  parameter int unsigned YBits = 24,       // width of the (non-negative) result
  localparam int unsigned EntryBits = C0Bits + C1Bits + C2Bits
) (
  input  logic                  clk_i,
  input  logic                  advance_i,
  // After the Front position:
  input  logic                  enable_i, // the op reads this table; else y_o is zero
  input  logic [EntryBits-1:0]  entry_i,  // {c2, c1, c0}, as the .mem files store it
  input  logic [OffsetBits-1:0] offset_i,
  // After the Interpolated position:
  output logic [YBits-1:0]      y_o
);

  localparam int unsigned LinearBits = C1Bits + OffsetBits + 1;
  localparam int unsigned LowOffsetBits = OffsetBits / 2;
  localparam int unsigned HighOffsetBits = OffsetBits - LowOffsetBits;
  localparam int unsigned LowPartialBits = C1Bits + LowOffsetBits + 1;
  localparam int unsigned HighPartialBits = C1Bits + HighOffsetBits + 1;
  localparam int unsigned QuadBits = C2Bits + 2 * SquareBits + 1;
  localparam int unsigned SumBits = 48;

  // The offset bits below the square's top Q bits feed only the linear term.
  logic unused_offset_low;
  assign unused_offset_low = ^offset_i[OffsetBits-SquareBits-1:0];

  // Idle, each step stays in a branch that Verilator skips (see hp_lane_operate), and the enable
  // travels with the words.

  // ---- Step 1: s^2 and the linear term's partial products -------------------------------------
  typedef struct packed {
    logic                         enable;
    logic [C0Bits-1:0]            c0;
    logic [C2Bits-1:0]            c2;  // signed, as every product below
    logic [2*SquareBits-1:0]      s_squared;
    logic [LowPartialBits-1:0]    linear_low;   // c1 * d[LowOffsetBits-1:0]
    logic [HighPartialBits-1:0]   linear_high;  // c1 * d[OffsetBits-1:LowOffsetBits]
  } products_t;
  localparam int unsigned ProductsWidth =
      1 + C0Bits + C2Bits + 2 * SquareBits + LowPartialBits + HighPartialBits;

  products_t products, products_q;
  logic [SquareBits-1:0] s;

  always_comb begin
    products = '0;
    s = '0;
    products.enable = enable_i;
    if (enable_i) begin
      products.c0 = entry_i[C0Bits-1:0];
      products.c2 = entry_i[C0Bits + C1Bits +: C2Bits];
      s = offset_i[OffsetBits-1 -: SquareBits];
      products.s_squared = {{SquareBits{1'b0}}, s} * {{SquareBits{1'b0}}, s};
      products.linear_low = LowPartialBits'($signed(entry_i[C0Bits +: C1Bits]))
                          * $signed({1'b0, offset_i[LowOffsetBits-1:0]});
      products.linear_high = HighPartialBits'($signed(entry_i[C0Bits +: C1Bits]))
                           * $signed({1'b0, offset_i[OffsetBits-1:LowOffsetBits]});
    end
  end

  hp_pipe_cut #(
    .Width (ProductsWidth),
    .Enable(CutSet[hp_pipe_pkg::CutProducts])
  ) u_cut_products (
    .clk_i,
    .advance_i,
    .data_i(products),
    .data_o(products_q)
  );

  // ---- Step 2: the quadratic term's product, the linear term's sum ----------------------------
  typedef struct packed {
    logic                         enable;
    logic [C0Bits-1:0]            c0;
    logic [LinearBits-1:0]        linear_product;
    logic [QuadBits-1:0]          quadratic_product;
  } terms_t;
  localparam int unsigned TermsWidth = 1 + C0Bits + LinearBits + QuadBits;

  terms_t terms, terms_q;

  always_comb begin
    terms = '0;
    terms.enable = products_q.enable;
    if (products_q.enable) begin
      terms.c0 = products_q.c0;
      terms.linear_product = LinearBits'($signed(products_q.linear_low))
                           + (LinearBits'($signed(products_q.linear_high)) << LowOffsetBits);
      terms.quadratic_product = QuadBits'($signed(products_q.c2))
                              * $signed({1'b0, products_q.s_squared});
    end
  end

  hp_pipe_cut #(
    .Width (TermsWidth),
    .Enable(CutSet[hp_pipe_pkg::CutQuadratic])
  ) u_cut_quadratic (
    .clk_i,
    .advance_i,
    .data_i(terms),
    .data_o(terms_q)
  );

  // ---- Step 3: the sum ------------------------------------------------------------------------
  logic signed [LinearBits-1:0] linear;
  logic signed [QuadBits-1:0]   quadratic;
  logic signed [SumBits-1:0]    sum;
  logic [YBits-1:0]             y;

  always_comb begin
    {linear, quadratic, sum} = '0;
    if (terms_q.enable) begin
      // Arithmetic right shifts are floors, as the reference's shifts of int64 are.
      linear = $signed(terms_q.linear_product) >>> OffsetBits;
      quadratic = $signed(terms_q.quadratic_product) >>> (2 * SquareBits);
      sum = $signed({{(SumBits - C0Bits){1'b0}}, terms_q.c0})
          + SumBits'(linear) + SumBits'(quadratic);
    end
    y = sum[YBits-1:0];
  end

  logic unused_sum_high;
  assign unused_sum_high = ^sum[SumBits-1:YBits];

  hp_pipe_cut #(
    .Width (YBits),
    .Enable(CutSet[hp_pipe_pkg::CutInterpolated])
  ) u_cut_interpolated (
    .clk_i,
    .advance_i,
    .data_i(y),
    .data_o(y_o)
  );

endmodule
