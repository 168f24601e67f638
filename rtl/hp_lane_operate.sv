// The first half of one lane: unpack and classify the operands (with the input flush of S7),
// then the operation units: the shared add/sub/mul/fma datapath, the sign ops and the table +
// interpolation unit of tanh/ex2. Min/max (PTX and vISA MIN_MAX, the only op that sees the
// integer and wide formats) is hp_alu's hp_minmax, one unit across the lanes because a 32- or
// 64-bit element spans several of them: this lane hands it its flushed operands and takes back
// its slice of the result. Its result is either final (bypass) or an exact value for the
// rounding stage; oob_hit_o carries S14's decision, taken on the raw operands, to the
// post-processor.
//
// The approximations' results are truncated by the rounding stage (S19): toward_zero_o says so.
//
// Every lane evaluates every unit each cycle in simulation, so the sign ops, the tanh/ex2 unit
// and the unpacking of c (which only fma reads) have enables decoded from the op: an idle unit
// holds its output at zero (an AND in hardware) and keeps its datapath in a branch that the
// simulator skips.
//
// Positions of hp_pipe_pkg (a register where Depth's cut set has one): the operands are unpacked;
// | Unpacked |  then every unit's first step, hp_minmax's included (it reads the flushed operands
// after this position, and its result is due before the next); | Front | .. | Scaled |
// lie inside hp_fma_core and hp_approx, which hand over at the Operated position, where the
// results of min/max and neg/abs, the op and S14's decision arrive beside them.
`include "hp_format_pkg.sv"
`include "hp_pipe_pkg.sv"
`include "hp_policy_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_lane_operate #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic                                      clk_i,
  input  logic                                      advance_i,
  // The Uop fields and operands of stage 0:
  input  hp_uop_pkg::op_e                           op_i,
  input  logic                                      bf16_i,
  input  logic                                      ftz_i,
  input  logic                                      oob_i,
  input  logic [15:0]                               a_i,
  input  logic [15:0]                               b_i,
  input  logic [15:0]                               c_i,
  // After the Unpacked position: the flushed operands to hp_minmax, and this lane's slice of
  // its result back.
  output logic [15:0]                               minmax_a_o,
  output logic [15:0]                               minmax_b_o,
  input  logic [15:0]                               minmax_value_i,
  // Before the Operated position:
  output logic                                      bf16_o,
  output logic                                      oob_hit_o,
  output logic                                      bypass_o,
  output logic [15:0]                               bypass_value_o,
  output hp_format_pkg::exact_t                     exact_o,
  output logic                                      toward_zero_o
);

  // ---- Unpack -----------------------------------------------------------------------------------
  // The stage words hold the op and the unpacked operands as plain bits, typed again at the units'
  // ports (hp_uop_pkg::op_e, hp_format_pkg::unpacked_t): Yosys 0.23 finds no package's type
  // inside a module's struct.
  typedef struct packed {
    logic [hp_uop_pkg::OpWidth-1:0]          op;
    logic                                    bf16;
    logic                                    oob_hit;    // S14, decided on the raw operands
    logic [15:0]                             a_flushed;  // after S7, for min/max, neg/abs, tanh
    logic [15:0]                             b_flushed;
    logic [hp_format_pkg::UnpackedWidth-1:0] a;
    logic [hp_format_pkg::UnpackedWidth-1:0] b;
    logic [hp_format_pkg::UnpackedWidth-1:0] c;
  } unpacked_word_t;
  localparam int unsigned UnpackedWordWidth =
      hp_uop_pkg::OpWidth + 2 + 2 * 16 + 3 * hp_format_pkg::UnpackedWidth;

  unpacked_word_t unpacked, unpacked_q;
  logic [15:0] c_flushed;

  hp_unpack u_unpack_a (
    .enable_i (1'b1),
    .bf16_i,
    .ftz_i,
    .value_i  (a_i),
    .flushed_o (unpacked.a_flushed),
    .unpacked_o(unpacked.a)
  );

  hp_unpack u_unpack_b (
    .enable_i (1'b1),
    .bf16_i,
    .ftz_i,
    .value_i  (b_i),
    .flushed_o (unpacked.b_flushed),
    .unpacked_o(unpacked.b)
  );

  hp_unpack u_unpack_c (
    .enable_i (op_i == hp_uop_pkg::OpFma),
    .bf16_i,
    .ftz_i,
    .value_i  (c_i),
    .flushed_o (c_flushed),
    .unpacked_o(unpacked.c)
  );

  logic unused_flushed_c;
  assign unused_flushed_c = ^c_flushed;

  always_comb begin
    unpacked.op      = op_i;
    unpacked.bf16    = bf16_i;
    unpacked.oob_hit = oob_i && (hp_policy_pkg::is_oob_nan(a_i) || hp_policy_pkg::is_oob_nan(b_i));
  end

  hp_pipe_cut #(
    .Width (UnpackedWordWidth),
    .Enable(CutSet[hp_pipe_pkg::CutUnpacked])
  ) u_cut_unpacked (
    .clk_i,
    .advance_i,
    .data_i(unpacked),
    .data_o(unpacked_q)
  );

  // ---- | Unpacked |: the units ------------------------------------------------------------------
  logic [hp_uop_pkg::OpWidth-1:0] op;
  logic                           bf16;
  assign op   = unpacked_q.op;
  assign bf16 = unpacked_q.bf16;

  assign minmax_a_o = unpacked_q.a_flushed;
  assign minmax_b_o = unpacked_q.b_flushed;

  logic                  arith_special;
  logic [15:0]           arith_special_value, sign_op_value;
  hp_format_pkg::exact_t arith_exact;

  hp_fma_core #(
    .CutSet(CutSet)
  ) u_fma_core (
    .clk_i,
    .advance_i,
    .bf16_i         (bf16),
    .op_i           (op),
    .a_i            (unpacked_q.a),
    .b_i            (unpacked_q.b),
    .c_i            (unpacked_q.c),
    .special_o      (arith_special),
    .special_value_o(arith_special_value),
    .exact_o        (arith_exact)
  );

  hp_sign_op u_sign_op (
    .enable_i(op == hp_uop_pkg::OpNeg || op == hp_uop_pkg::OpAbs),
    .bf16_i  (bf16),
    .abs_i   (op == hp_uop_pkg::OpAbs),
    .a_i     (unpacked_q.a_flushed),
    .result_o(sign_op_value)
  );

  logic                  approx_special;
  logic [15:0]           approx_special_value;
  hp_format_pkg::exact_t approx_exact;

  hp_approx #(
    .CutSet     (CutSet),
    .TanhMemFile(TanhMemFile),
    .Ex2MemFile (Ex2MemFile)
  ) u_approx (
    .clk_i,
    .advance_i,
    .tanh_i         (op == hp_uop_pkg::OpTanh),
    .ex2_i          (op == hp_uop_pkg::OpEx2),
    .bf16_i         (bf16),
    .a_i            (unpacked_q.a_flushed),
    .a_unpacked_i   (unpacked_q.a),
    .special_o      (approx_special),
    .special_value_o(approx_special_value),
    .exact_o        (approx_exact)
  );

  // What arrives at the Operated position beside the units: the op, the format, S14's decision,
  // and the results of min/max and neg/abs, decided in this step.
  typedef struct packed {
    logic [hp_uop_pkg::OpWidth-1:0] op;
    logic                           bf16;
    logic                           oob_hit;
    logic [15:0]                    decided_value;
  } beside_t;
  localparam int unsigned BesideWidth = hp_uop_pkg::OpWidth + 2 + 16;

  beside_t beside, beside_q;

  always_comb begin
    beside.op            = op;
    beside.bf16          = bf16;
    beside.oob_hit       = unpacked_q.oob_hit;
    beside.decided_value = (op == hp_uop_pkg::OpMin || op == hp_uop_pkg::OpMax) ? minmax_value_i
                                                                                : sign_op_value;
  end

  hp_pipe_span #(
    .Width (BesideWidth),
    .CutSet(CutSet),
    .First (hp_pipe_pkg::CutFront),
    .Last  (hp_pipe_pkg::CutScaled)
  ) u_span_beside (
    .clk_i,
    .advance_i,
    .data_i(beside),
    .data_o(beside_q)
  );

  // ---- The result at the Operated position ------------------------------------------------------
  assign bf16_o    = beside_q.bf16;
  assign oob_hit_o = beside_q.oob_hit;

  // A continuous assignment: Yosys 0.23 drops the driver of an output that the always_comb
  // assigning it also reads (the netlist then rounded tanh and ex2 to nearest).
  assign toward_zero_o = beside_q.op == hp_uop_pkg::OpTanh || beside_q.op == hp_uop_pkg::OpEx2;

  always_comb begin
    if (toward_zero_o) begin
      exact_o = approx_exact;
    end else begin
      exact_o = arith_exact;
    end
    unique case (beside_q.op)
      hp_uop_pkg::OpMin, hp_uop_pkg::OpMax, hp_uop_pkg::OpNeg, hp_uop_pkg::OpAbs: begin
        bypass_o       = 1'b1;
        bypass_value_o = beside_q.decided_value;
      end
      hp_uop_pkg::OpTanh, hp_uop_pkg::OpEx2: begin
        bypass_o       = approx_special;
        bypass_value_o = approx_special_value;
      end
      default: begin  // add, sub, mul, fma
        bypass_o       = arith_special;
        bypass_value_o = arith_special_value;
      end
    endcase
  end

endmodule
