// A test probe, not part of the design: packs Uop fields into a word with hp_uop_pkg's bit
// positions and exposes the package's op and format codes, so that tests/rtl/uop_encoding_test.cpp
// can compare them with model/uop/uop.h's encode() and enums.
`include "hp_uop_pkg.sv"

module hp_uop_probe (
  input  logic [hp_uop_pkg::OpWidth-1:0]     op_i,
  input  logic [hp_uop_pkg::FormatWidth-1:0] format_i,
  input  logic                               packed_i,
  input  logic                               ftz_i,
  input  logic                               sat_i,
  input  logic                               relu_i,
  input  logic                               oob_i,
  input  logic                               nan_i,
  input  logic                               xorsign_abs_i,
  input  logic                               nan_policy_i,
  input  logic                               src0_neg_i,
  input  logic                               src0_abs_i,
  input  logic                               src1_neg_i,
  input  logic                               src1_abs_i,
  output logic [hp_uop_pkg::UopWidth-1:0]    word_o,
  // In model/uop/uop.h's order: Add Sub Mul Fma Neg Abs Min Max Tanh Ex2.
  output logic [10*hp_uop_pkg::OpWidth-1:0]  op_codes_o,
  // F16 BF16 S16 U16 S8 U8.
  output logic [6*hp_uop_pkg::FormatWidth-1:0] format_codes_o,
  // Ptx VisaSrc1.
  output logic [1:0]                         nan_policy_codes_o
);

  always_comb begin
    word_o = '0;
    word_o[hp_uop_pkg::OpLsb +: hp_uop_pkg::OpWidth]         = op_i;
    word_o[hp_uop_pkg::FormatLsb +: hp_uop_pkg::FormatWidth] = format_i;
    word_o[hp_uop_pkg::PackedBit]     = packed_i;
    word_o[hp_uop_pkg::FtzBit]        = ftz_i;
    word_o[hp_uop_pkg::SatBit]        = sat_i;
    word_o[hp_uop_pkg::ReluBit]       = relu_i;
    word_o[hp_uop_pkg::OobBit]        = oob_i;
    word_o[hp_uop_pkg::NanBit]        = nan_i;
    word_o[hp_uop_pkg::XorsignAbsBit] = xorsign_abs_i;
    word_o[hp_uop_pkg::NanPolicyBit]  = nan_policy_i;
    word_o[hp_uop_pkg::Src0NegBit]    = src0_neg_i;
    word_o[hp_uop_pkg::Src0AbsBit]    = src0_abs_i;
    word_o[hp_uop_pkg::Src1NegBit]    = src1_neg_i;
    word_o[hp_uop_pkg::Src1AbsBit]    = src1_abs_i;
  end

  assign op_codes_o = {hp_uop_pkg::OpEx2, hp_uop_pkg::OpTanh, hp_uop_pkg::OpMax,
                       hp_uop_pkg::OpMin, hp_uop_pkg::OpAbs, hp_uop_pkg::OpNeg,
                       hp_uop_pkg::OpFma, hp_uop_pkg::OpMul, hp_uop_pkg::OpSub,
                       hp_uop_pkg::OpAdd};
  assign format_codes_o = {hp_uop_pkg::FormatU8, hp_uop_pkg::FormatS8, hp_uop_pkg::FormatU16,
                           hp_uop_pkg::FormatS16, hp_uop_pkg::FormatBf16,
                           hp_uop_pkg::FormatF16};
  assign nan_policy_codes_o = {hp_uop_pkg::NanPolicyVisaSrc1, hp_uop_pkg::NanPolicyPtx};

endmodule
