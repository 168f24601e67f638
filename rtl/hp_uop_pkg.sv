// The Uop bit encoding of model/uop/uop.h, written once for the RTL. tests/rtl/uop_encoding_test.cpp
// proves the two agree through a Verilated probe (tb/hp_uop_probe.sv).
//
//   [3:0]   op            [6:4]  format        [7]  packed
//   [8]     ftz           [9]    sat           [10] relu          [11] oob
//   [12]    nan           [13]   xorsign_abs   [14] nan_policy
//   [15]    src0 neg      [16]   src0 abs      [17] src1 neg      [18] src1 abs
`ifndef HP_UOP_PKG_SV
`define HP_UOP_PKG_SV

package hp_uop_pkg;

  // The package mirrors the whole contract; hp_alu reads only the fields it executes.
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned UopWidth = 19;

  localparam int unsigned OpLsb = 0;
  localparam int unsigned OpWidth = 4;
  localparam int unsigned FormatLsb = 4;
  localparam int unsigned FormatWidth = 3;
  localparam int unsigned PackedBit = 7;
  localparam int unsigned FtzBit = 8;
  localparam int unsigned SatBit = 9;
  localparam int unsigned ReluBit = 10;
  localparam int unsigned OobBit = 11;
  localparam int unsigned NanBit = 12;
  localparam int unsigned XorsignAbsBit = 13;
  localparam int unsigned NanPolicyBit = 14;
  localparam int unsigned Src0NegBit = 15;
  localparam int unsigned Src0AbsBit = 16;
  localparam int unsigned Src1NegBit = 17;
  localparam int unsigned Src1AbsBit = 18;

  localparam logic [OpWidth-1:0] OpAdd = 4'd0;
  localparam logic [OpWidth-1:0] OpSub = 4'd1;
  localparam logic [OpWidth-1:0] OpMul = 4'd2;
  localparam logic [OpWidth-1:0] OpFma = 4'd3;
  localparam logic [OpWidth-1:0] OpNeg = 4'd4;
  localparam logic [OpWidth-1:0] OpAbs = 4'd5;
  localparam logic [OpWidth-1:0] OpMin = 4'd6;
  localparam logic [OpWidth-1:0] OpMax = 4'd7;
  localparam logic [OpWidth-1:0] OpTanh = 4'd8;
  localparam logic [OpWidth-1:0] OpEx2 = 4'd9;

  localparam logic [FormatWidth-1:0] FormatF16 = 3'd0;
  localparam logic [FormatWidth-1:0] FormatBf16 = 3'd1;
  localparam logic [FormatWidth-1:0] FormatS16 = 3'd2;
  localparam logic [FormatWidth-1:0] FormatU16 = 3'd3;
  localparam logic [FormatWidth-1:0] FormatS8 = 3'd4;
  localparam logic [FormatWidth-1:0] FormatU8 = 3'd5;

  localparam logic NanPolicyPtx = 1'b0;
  localparam logic NanPolicyVisaSrc1 = 1'b1;

  /* verilator lint_on UNUSEDPARAM */

endpackage

`endif  // HP_UOP_PKG_SV
