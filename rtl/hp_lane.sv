// One lane's column of hp_alu: its operand register (stage 0), the units of every stage
// (hp_lane_operate, hp_round, hp_postprocess) and the payload registers between them, which
// hp_alu's Depth decides. hp_alu drives the control line beside it and hands each stage the Uop
// fields that stage reads. Every lane computes the same Uop on its own 16 bits (S2).
//
// A module of its own, not the body of hp_alu's lane loop, because the words between the stages
// are packed structs read and written by field, and Yosys 0.23 resolves no field of a struct
// declared inside a generate block. Verilator inlines it, as it inlined that loop body.
`include "hp_format_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_lane #(
  parameter bit RegisterAfterOperate = 1'b1,
  parameter bit RegisterAfterRound = 1'b1,
  parameter int unsigned TailStages = 1,  // result stages after the post-processor's
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic                     clk_i,
  input  logic                     advance_i,
  input  logic [15:0]              a_i,                // into stage 0
  input  logic [15:0]              b_i,
  input  logic [15:0]              c_i,
  input  hp_uop_pkg::uop_t         operate_uop_i,      // the Uop in stage 0
  input  logic                     operate_bf16_i,
  input  logic                     round_bf16_i,       // the format of the Uop being rounded
  input  hp_uop_pkg::result_ctrl_t post_ctrl_i,        // and of the one being post-processed
  output logic [15:0]              operate_a_o,        // the flushed operands, to hp_minmax
  output logic [15:0]              operate_b_o,
  input  logic [15:0]              operate_minmax_i,   // and this lane's slice of its result
  input  logic                     post_enable_i,      // its lane mask bit
  output logic [15:0]              result_o            // the last stage
);
  /*verilator inline_module*/

  // The words between the stages. Local types, not a package's: they need hp_format_pkg's
  // widths, and Yosys 0.23 reads no other package's constant inside a package. Each width is
  // written beside its struct (Yosys takes no $bits of a type); every struct meets a payload
  // register of that width, so a mismatch is a Verilator width warning.
  typedef struct packed {
    logic [15:0] c;
    logic [15:0] b;
    logic [15:0] a;
  } operands_t;
  localparam int unsigned OperandsWidth = 3 * 16;

  // Either final (bypass) or the exact value (-1)^sign * (sig + s) * 2^exp, 0 < s < 1 when
  // sticky, for hp_round; with S14's decision, taken on the raw operands, for the post-processor.
  typedef struct packed {
    logic                                      oob_hit;
    logic                                      bypass;
    logic [15:0]                               bypass_value;
    logic                                      sign;
    logic signed [hp_format_pkg::ExpWidth-1:0] exp;
    logic [hp_format_pkg::ExactWidth-1:0]      sig;
    logic                                      sticky;
  } operated_t;
  localparam int unsigned OperatedWidth =
      2 + 16 + 1 + hp_format_pkg::ExpWidth + hp_format_pkg::ExactWidth + 1;

  typedef struct packed {
    logic        oob_hit;
    logic [15:0] value;
  } rounded_t;
  localparam int unsigned RoundedWidth = 1 + 16;

  // Each word is named after the stage that reads it (operate, round, post): a register's output
  // or, when Depth leaves that register out, the previous stage's wire.

  // Stage 0: the operands.
  operands_t in_operands, operate_in;
  always_comb begin
    in_operands.a = a_i;
    in_operands.b = b_i;
    in_operands.c = c_i;
  end

  hp_pipe_data #(.Width(OperandsWidth)) u_operands (
    .clk_i,
    .advance_i,
    .data_i   (in_operands),
    .data_o   (operate_in)
  );

  // Operate.
  operated_t operated, round_in;

  hp_lane_operate #(
    .TanhMemFile(TanhMemFile),
    .Ex2MemFile (Ex2MemFile)
  ) u_lane_operate (
    .op_i          (operate_uop_i.op),
    .bf16_i        (operate_bf16_i),
    .ftz_i         (operate_uop_i.ftz),
    .oob_i         (operate_uop_i.oob),
    .a_i           (operate_in.a),
    .b_i           (operate_in.b),
    .c_i           (operate_in.c),
    .a_flushed_o   (operate_a_o),
    .b_flushed_o   (operate_b_o),
    .minmax_value_i(operate_minmax_i),
    .oob_hit_o     (operated.oob_hit),
    .bypass_o      (operated.bypass),
    .bypass_value_o(operated.bypass_value),
    .sign_o        (operated.sign),
    .exp_o         (operated.exp),
    .sig_o         (operated.sig),
    .sticky_o      (operated.sticky)
  );

  // The remaining Uop fields are hp_alu's: `packed` only tells a PTX decoder how many lanes to
  // enable (the lane mask carries it); sat and relu reach the post-processor through the line;
  // the format, the NaN policy, .NaN, .xorsign.abs and the source modifiers are hp_minmax's.
  logic unused_operate_uop;
  assign unused_operate_uop = ^{operate_uop_i.packed_x2, operate_uop_i.sat, operate_uop_i.relu,
                                operate_uop_i.format_high, operate_uop_i.format_low,
                                operate_uop_i.nan, operate_uop_i.xorsign_abs,
                                operate_uop_i.nan_policy, operate_uop_i.src0_mod,
                                operate_uop_i.src1_mod};

  if (RegisterAfterOperate) begin : g_register_after_operate
    hp_pipe_data #(.Width(OperatedWidth)) u_operated (
      .clk_i,
      .advance_i,
      .data_i   (operated),
      .data_o   (round_in)
    );
  end else begin : g_no_register_after_operate
    assign round_in = operated;
  end

  // Round.
  rounded_t rounded, post_in;

  hp_round u_round (
    .bf16_i        (round_bf16_i),
    .bypass_i      (round_in.bypass),
    .bypass_value_i(round_in.bypass_value),
    .sign_i        (round_in.sign),
    .exp_i         (round_in.exp),
    .sig_i         (round_in.sig),
    .sticky_i      (round_in.sticky),
    .result_o      (rounded.value)
  );
  assign rounded.oob_hit = round_in.oob_hit;

  if (RegisterAfterRound) begin : g_register_after_round
    hp_pipe_data #(.Width(RoundedWidth)) u_rounded (
      .clk_i,
      .advance_i,
      .data_i   (rounded),
      .data_o   (post_in)
    );
  end else begin : g_no_register_after_round
    assign post_in = rounded;
  end

  // Post-process, then the remaining stages: result[16*s +: 16] is tail stage s, 0 being the
  // post-process stage itself.
  logic [(TailStages+1)*16-1:0] result;

  hp_postprocess u_postprocess (
    .bf16_i   (post_ctrl_i.bf16),
    .ftz_i    (post_ctrl_i.ftz),
    .sat_i    (post_ctrl_i.sat),
    .relu_i   (post_ctrl_i.relu),
    .oob_hit_i(post_in.oob_hit),
    .enable_i (post_enable_i),
    .rounded_i(post_in.value),
    .result_o (result[0 +: 16])
  );

  for (genvar s = 0; s < TailStages; s++) begin : g_tail
    hp_pipe_data #(.Width(16)) u_result (
      .clk_i,
      .advance_i,
      .data_i   (result[16*s +: 16]),
      .data_o   (result[16*(s+1) +: 16])
    );
  end

  assign result_o = result[16*TailStages +: 16];

endmodule
