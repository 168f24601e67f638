// A test probe, not part of the design: packs Uop fields into hp_uop_pkg's uop_t and exposes
// the package's format codes, so that tests/rtl/uop_encoding_test.cpp can compare them with
// model/uop/uop.h's encode() and enums. The op codes are checked against the op table
// (model/uop/ops.def) by tests/isa/op_table_test.cpp.
`include "hp_uop_pkg.sv"

module hp_uop_probe (
  input  hp_uop_pkg::op_e                    op_i,
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
  // F16 BF16 S16 U16 S8 U8 S32 U32 F32 S64 U64 F64.
  output logic [12*hp_uop_pkg::FormatWidth-1:0] format_codes_o,
  // Ptx VisaSrc1.
  output logic [1:0]                         nan_policy_codes_o
);

  // Written field by field into a uop_t; word_o has UopWidth bits, so a struct of another width
  // is a Verilator width warning.
  hp_uop_pkg::uop_t word;
  always_comb begin
    word.op           = op_i;
    word.format_low   = format_i[hp_uop_pkg::FormatLowWidth-1:0];
    word.format_high  = format_i[hp_uop_pkg::FormatWidth-1];
    word.packed_x2    = packed_i;
    word.ftz          = ftz_i;
    word.sat          = sat_i;
    word.relu         = relu_i;
    word.oob          = oob_i;
    word.nan          = nan_i;
    word.xorsign_abs  = xorsign_abs_i;
    word.nan_policy   = nan_policy_i;
    word.src0_mod.neg = src0_neg_i;
    word.src0_mod.abs = src0_abs_i;
    word.src1_mod.neg = src1_neg_i;
    word.src1_mod.abs = src1_abs_i;
  end
  assign word_o = word;

  assign format_codes_o = {hp_uop_pkg::FormatF64, hp_uop_pkg::FormatU64, hp_uop_pkg::FormatS64,
                           hp_uop_pkg::FormatF32, hp_uop_pkg::FormatU32, hp_uop_pkg::FormatS32,
                           hp_uop_pkg::FormatU8, hp_uop_pkg::FormatS8, hp_uop_pkg::FormatU16,
                           hp_uop_pkg::FormatS16, hp_uop_pkg::FormatBf16,
                           hp_uop_pkg::FormatF16};
  assign nan_policy_codes_o = {hp_uop_pkg::NanPolicyVisaSrc1, hp_uop_pkg::NanPolicyPtx};

endmodule
