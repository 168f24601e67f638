// The piecewise-quadratic evaluator of the tanh.approx/ex2.approx unit (S19), the twin of
// evaluate() in model/ref/approx/datapath.h: one table entry {c2, c1, c0} and a D-bit offset d
// give, in units of 2^-Y,
//   y = c0 + floor(c1 * d / 2^D) + floor(c2 * s^2 / 2^(2Q)),   s = d >> (D - Q).
// Written once, parameterised by the table layout, instantiated for each table.
module hp_quadratic #(
  parameter int unsigned OffsetBits = 18,  // D
  parameter int unsigned SquareBits = 12,  // Q
  parameter int unsigned C0Bits = 23,      // unsigned
  parameter int unsigned C1Bits = 20,      // two's complement
  parameter int unsigned C2Bits = 14,      // two's complement
  parameter int unsigned YBits = 24,       // width of the (non-negative) result
  localparam int unsigned EntryBits = C0Bits + C1Bits + C2Bits
) (
  input  logic                  enable_i, // the op reads this table; else y_o is zero
  input  logic [EntryBits-1:0]  entry_i,  // {c2, c1, c0}, as the .mem files store it
  input  logic [OffsetBits-1:0] offset_i,
  output logic [YBits-1:0]      y_o
);

  localparam int unsigned LinearBits = C1Bits + OffsetBits + 1;
  localparam int unsigned QuadBits = C2Bits + 2 * SquareBits + 1;
  localparam int unsigned SumBits = 48;

  logic signed [C1Bits-1:0]     c1;
  logic signed [C2Bits-1:0]     c2;
  logic [SquareBits-1:0]        s;
  logic [2*SquareBits-1:0]      s_squared;
  logic signed [LinearBits-1:0] linear_product;
  logic signed [QuadBits-1:0]   quadratic_product;
  logic signed [LinearBits-1:0] linear;
  logic signed [QuadBits-1:0]   quadratic;
  logic signed [SumBits-1:0]    sum;

  // The offset bits below the square's top Q bits feed only the linear term.
  logic unused_offset_low;
  assign unused_offset_low = ^offset_i[OffsetBits-SquareBits-1:0];

  // Idle, the evaluator stays in a branch that Verilator skips (see hp_lane_operate).
  always_comb begin
    {c1, c2, s, s_squared, linear_product, quadratic_product, linear, quadratic, sum} = '0;
    if (enable_i) begin
      c1 = entry_i[C0Bits +: C1Bits];
      c2 = entry_i[C0Bits + C1Bits +: C2Bits];
      s = offset_i[OffsetBits-1 -: SquareBits];
      s_squared = {{SquareBits{1'b0}}, s} * {{SquareBits{1'b0}}, s};
      linear_product = LinearBits'(c1) * $signed({1'b0, offset_i});
      quadratic_product = QuadBits'(c2) * $signed({1'b0, s_squared});
      // Arithmetic right shifts are floors, as the reference's shifts of int64 are.
      linear = linear_product >>> OffsetBits;
      quadratic = quadratic_product >>> (2 * SquareBits);
      sum = $signed({{(SumBits - C0Bits){1'b0}}, entry_i[C0Bits-1:0]})
          + SumBits'(linear) + SumBits'(quadratic);
    end
    y_o = sum[YBits-1:0];
  end

  logic unused_sum_high;
  assign unused_sum_high = ^sum[SumBits-1:YBits];

endmodule
