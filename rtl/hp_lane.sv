// One lane's column of hp_alu: its operand register (stage 0), the units (hp_lane_operate,
// hp_round, hp_postprocess), the payload registers that Depth's cut set (hp_pipe_pkg) places
// between and inside them, and the result registers. hp_alu drives the control line beside it;
// the Uop fields the datapath reads travel inside it, in step with its words. Every lane computes
// the same Uop on its own 16 bits (S2).
//
// A module of its own, not the body of hp_alu's lane loop, because the words between the stages
// are packed structs read and written by field, and Yosys 0.23 resolves no field of a struct
// declared inside a generate block. Verilator inlines it, as it inlined that loop body.
`include "hp_format_pkg.sv"
`include "hp_pipe_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_lane #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
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
  input  hp_uop_pkg::result_ctrl_t post_ctrl_i,        // the Uop being post-processed
  output logic [15:0]              minmax_a_o,         // the flushed operands, to hp_minmax
  output logic [15:0]              minmax_b_o,         // (after the Unpacked position)
  input  logic [15:0]              minmax_value_i,     // and this lane's slice of its result
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

  // Either final (bypass) or the exact value for hp_round (an hp_format_pkg::exact_t, held as
  // bits: Yosys 0.23 finds no package's type inside a module's struct); with S14's decision,
  // taken on the raw operands, for the post-processor.
  typedef struct packed {
    logic                                      bf16;
    logic                                      toward_zero;  // S19: truncate
    logic                                      oob_hit;
    logic                                      bypass;
    logic [15:0]                               bypass_value;
    logic [hp_format_pkg::ExactValueWidth-1:0] exact;
  } operated_t;
  localparam int unsigned OperatedWidth = 4 + 16 + hp_format_pkg::ExactValueWidth;

  typedef struct packed {
    logic        oob_hit;
    logic        tiny;   // S8, for .ftz
    logic [15:0] value;
  } rounded_t;
  localparam int unsigned RoundedWidth = 2 + 16;

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
    .CutSet     (CutSet),
    .TanhMemFile(TanhMemFile),
    .Ex2MemFile (Ex2MemFile)
  ) u_lane_operate (
    .clk_i,
    .advance_i,
    .op_i          (operate_uop_i.op),
    .bf16_i        (operate_bf16_i),
    .ftz_i         (operate_uop_i.ftz),
    .oob_i         (operate_uop_i.oob),
    .a_i           (operate_in.a),
    .b_i           (operate_in.b),
    .c_i           (operate_in.c),
    .minmax_a_o,
    .minmax_b_o,
    .minmax_value_i,
    .bf16_o        (operated.bf16),
    .oob_hit_o     (operated.oob_hit),
    .bypass_o      (operated.bypass),
    .bypass_value_o(operated.bypass_value),
    .exact_o       (operated.exact),
    .toward_zero_o (operated.toward_zero)
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

  hp_pipe_cut #(
    .Width (OperatedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutOperated])
  ) u_cut_operated (
    .clk_i,
    .advance_i,
    .data_i(operated),
    .data_o(round_in)
  );

  // Round.
  rounded_t rounded, post_in;

  hp_round #(
    .CutSet(CutSet)
  ) u_round (
    .clk_i,
    .advance_i,
    .bf16_i        (round_in.bf16),
    .toward_zero_i (round_in.toward_zero),
    .bypass_i      (round_in.bypass),
    .bypass_value_i(round_in.bypass_value),
    .exact_i       (round_in.exact),
    .result_o      (rounded.value),
    .tiny_o        (rounded.tiny)
  );

  // S14's decision crosses hp_round's inner positions beside it.
  hp_pipe_span #(
    .Width (1),
    .CutSet(CutSet),
    .First (hp_pipe_pkg::CutCounted),
    .Last  (hp_pipe_pkg::CutShifted)
  ) u_span_oob_hit (
    .clk_i,
    .advance_i,
    .data_i(round_in.oob_hit),
    .data_o(rounded.oob_hit)
  );

  hp_pipe_cut #(
    .Width (RoundedWidth),
    .Enable(CutSet[hp_pipe_pkg::CutRounded])
  ) u_cut_rounded (
    .clk_i,
    .advance_i,
    .data_i(rounded),
    .data_o(post_in)
  );

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
    .tiny_i   (post_in.tiny),
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
