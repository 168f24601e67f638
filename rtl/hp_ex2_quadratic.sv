// ex2.approx's interpolator (S19), the chip's MUFU.EX2 datapath: the twin of ex2_interpolate()
// in model/ref/approx/datapath.h. One table entry {c2, c1, c0} (all unsigned) and the 17-bit
// offset d give
//   sum = c0 * 2^C0Shift + c1 * d * 2^C1Shift + c2 * sq(d) + Bias,   y = sum >> SumShift,
// where sq(d) is d^2 less every partial-product bit of a squarer below column SquareFirstColumn.
//
// Three steps, with the positions of hp_pipe_pkg between them (a register where Depth's cut set
// has one): the truncated square and c1 * d; | Products |  c2 * sq(d); | Quadratic |  the sum;
// | Interpolated |.
`include "hp_pipe_pkg.sv"

module hp_ex2_quadratic #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
  parameter int unsigned OffsetBits = 17,
  parameter int unsigned C0Bits = 26,
  parameter int unsigned C1Bits = 16,
  parameter int unsigned C2Bits = 10,
  parameter int unsigned C0Shift = 32,
  parameter int unsigned C1Shift = 19,
  parameter int unsigned SquareFirstColumn = 19,
  parameter logic [63:0] Bias = 64'h1_BF10_0000,
  parameter int unsigned SumShift = 34,
  parameter int unsigned YBits = 24,
  localparam int unsigned EntryBits = C0Bits + C1Bits + C2Bits
) (
  input  logic                  clk_i,
  input  logic                  advance_i,
  // After the Front position:
  input  logic                  enable_i, // the op reads this table; else y_o is zero
  input  logic [EntryBits-1:0]  entry_i,  // {c2, c1, c0}, as ex2.mem stores it
  input  logic [OffsetBits-1:0] offset_i,
  // After the Interpolated position:
  output logic [YBits-1:0]      y_o
);

  localparam int unsigned SquareBits = 2 * OffsetBits;
  localparam int unsigned LinearBits = C1Bits + OffsetBits;
  localparam int unsigned QuadBits = C2Bits + SquareBits;
  localparam int unsigned SumBits = SumShift + YBits;
  // The rows of the squarer's partial-product array: row i holds d_i at column 2i and d_i d_j
  // (j > i) at column i + j + 1, i.e. from column 2i + 2 on; the bits below SquareFirstColumn are
  // left out.
  localparam logic [SquareBits-1:0] Kept = {{(SquareBits - SquareFirstColumn){1'b1}},
                                            {SquareFirstColumn{1'b0}}};

  // ---- Step 1: the truncated square and the linear term ----------------------------------------
  typedef struct packed {
    logic                         enable;
    logic [C0Bits-1:0]            c0;
    logic [C2Bits-1:0]            c2;
    logic [SquareBits-1:0]        square;  // sq(d)
    logic [LinearBits-1:0]        linear;  // c1 * d
  } products_t;
  localparam int unsigned ProductsWidth = 1 + C0Bits + C2Bits + SquareBits + LinearBits;

  products_t products, products_q;
  logic [SquareBits-1:0] row, square;

  // Idle, each step stays in a branch that Verilator skips (see hp_lane_operate), and the enable
  // travels with the words. The square is the sum of the kept rows, not d * d less the dropped
  // bits: Yosys 0.23 synthesised that difference wrongly behind a register (the netlist's square
  // of d = 0 was -2^18).
  always_comb begin
    products = '0;
    row = '0;
    square = '0;
    products.enable = enable_i;
    if (enable_i) begin
      products.c0 = entry_i[C0Bits-1:0];
      products.c2 = entry_i[C0Bits + C1Bits +: C2Bits];
      products.linear = LinearBits'(entry_i[C0Bits +: C1Bits]) * LinearBits'(offset_i);
      for (int unsigned i = 0; i < OffsetBits; i++) begin
        row = offset_i[i] ? (((SquareBits'(1) << (2 * i))
                              | ((SquareBits'(offset_i) >> (i + 1)) << (2 * i + 2))) & Kept)
                          : '0;
        square = square + row;
      end
      products.square = square;
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

  // ---- Step 2: the quadratic term's product ----------------------------------------------------
  typedef struct packed {
    logic                         enable;
    logic [C0Bits-1:0]            c0;
    logic [LinearBits-1:0]        linear;
    logic [QuadBits-1:0]          quadratic;
  } terms_t;
  localparam int unsigned TermsWidth = 1 + C0Bits + LinearBits + QuadBits;

  terms_t terms, terms_q;

  always_comb begin
    terms = '0;
    terms.enable = products_q.enable;
    if (products_q.enable) begin
      terms.c0 = products_q.c0;
      terms.linear = products_q.linear;
      terms.quadratic = QuadBits'(products_q.c2) * QuadBits'(products_q.square);
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

  // ---- Step 3: the sum -------------------------------------------------------------------------
  logic [SumBits-1:0] sum;
  logic [YBits-1:0]   y;

  always_comb begin
    sum = '0;
    if (terms_q.enable) begin
      sum = (SumBits'(terms_q.c0) << C0Shift) + (SumBits'(terms_q.linear) << C1Shift)
          + SumBits'(terms_q.quadratic) + SumBits'(Bias);
    end
    y = sum[SumShift +: YBits];
  end

  logic unused_sum_low;
  assign unused_sum_low = ^sum[SumShift-1:0];

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
