// The Uop bit encoding of model/uop/uop.h, written once for the RTL as the packed struct uop_t:
// the RTL reads its fields by name. tests/rtl/uop_encoding_test.cpp proves the two agree through
// a Verilated probe (tb/hp_uop_probe.sv) that writes each field of a uop_t.
`ifndef HP_UOP_PKG_SV
`define HP_UOP_PKG_SV

package hp_uop_pkg;

  // The package mirrors the whole contract; the RTL reads only the fields it executes.
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned OpWidth = 4;
  // The format is split: its low FormatLowWidth bits at [6:4], its top bit at [19] (uop.h says
  // why); hp_alu joins the two once, and every unit reads the joined FormatWidth-bit code.
  localparam int unsigned FormatWidth = 4;
  localparam int unsigned FormatLowWidth = 3;

  // The ops, coded as the op table (model/uop/ops.def) codes them, one per row: generated from
  // the table by `halfpipe uop --ops --sv`.
`include "hp_op_e.svh"

  // A source modifier of vISA MIN_MAX (S27): |x| first, then the negation.
  typedef struct packed {
    logic abs;
    logic neg;
  } src_mod_t;

  // The Uop word, most significant field first (the bit positions are uop.h's). `packed` is a
  // keyword, hence `packed_x2`.
  typedef struct packed {
    logic                    format_high;  // [19] format[3]
    src_mod_t                src1_mod;     // [18] abs, [17] neg
    src_mod_t                src0_mod;     // [16] abs, [15] neg
    logic                    nan_policy;   // [14] NanPolicy*
    logic                    xorsign_abs;  // [13]
    logic                    nan;          // [12]
    logic                    oob;          // [11]
    logic                    relu;         // [10]
    logic                    sat;          // [9]
    logic                    ftz;          // [8]
    logic                    packed_x2;    // [7] .f16x2 / .bf16x2
    logic [FormatLowWidth-1:0] format_low; // [6:4] format[2:0]
    op_e                     op;           // [3:0]
  } uop_t;
  // Each struct's width beside it (Yosys 0.23 takes no $bits of a type): every use connects the
  // struct to a bus of this width, so a mismatch is a Verilator width warning.
  localparam int unsigned UopWidth = 20;

  // The Uop fields that the round and post-process stages still read, as hp_alu hands them on.
  typedef struct packed {
    logic bf16;
    logic ftz;
    logic sat;  // never set on an integer format (S29)
    logic relu;
  } result_ctrl_t;
  localparam int unsigned ResultCtrlWidth = 4;

  localparam logic [FormatWidth-1:0] FormatF16 = 4'd0;
  localparam logic [FormatWidth-1:0] FormatBf16 = 4'd1;
  localparam logic [FormatWidth-1:0] FormatS16 = 4'd2;
  localparam logic [FormatWidth-1:0] FormatU16 = 4'd3;
  localparam logic [FormatWidth-1:0] FormatS8 = 4'd4;
  localparam logic [FormatWidth-1:0] FormatU8 = 4'd5;
  // The wide vISA types, an element on a group of 2 (32-bit) or 4 (64-bit) lanes, its least
  // significant 16 bits in the group's lowest lane (rtl/README.md, "Wide elements").
  localparam logic [FormatWidth-1:0] FormatS32 = 4'd6;
  localparam logic [FormatWidth-1:0] FormatU32 = 4'd7;
  localparam logic [FormatWidth-1:0] FormatF32 = 4'd8;
  localparam logic [FormatWidth-1:0] FormatS64 = 4'd9;
  localparam logic [FormatWidth-1:0] FormatU64 = 4'd10;
  localparam logic [FormatWidth-1:0] FormatF64 = 4'd11;

  localparam logic NanPolicyPtx = 1'b0;
  localparam logic NanPolicyVisaSrc1 = 1'b1;

  /* verilator lint_on UNUSEDPARAM */

endpackage

`endif  // HP_UOP_PKG_SV
