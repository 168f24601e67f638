// hp_alu: the half-precision ALU pipeline. Ports and timing are rtl/TIMING.md's contract:
// Depth stages in a line that advances whenever its last stage is empty or being consumed, so
// every op (fma, tanh and ex2 included) has a fixed latency of Depth cycles and one Uop per
// cycle.
//
//   stage 0        the accepted Uop, operands, tag and lane mask
//   datapath       unpack/classify, add/sub/mul/fma, sign ops, tanh/ex2 table +
//                  interpolation                                               (hp_lane_operate)
//                  min/max (PTX and vISA), one unit across the lanes            (hp_minmax)
//                  the one rounding stage                                       (hp_round)
//                  with Depth-2 registers inside, at the positions hp_pipe_pkg's table gives
//   post-process   ftz, oob, sat, relu, lane mask                               (hp_postprocess)
//   stage Depth-1  the outputs (from Depth 14 on, plain delay stages before them: the table has
//                  11 positions)
//
// The control line (valid, tag, lane mask, and the Uop fields post-processing reads) runs beside
// one column of units and payload registers per lane (hp_lane), which carries the Uop fields its
// datapath reads in step with its words. Every lane computes the same Uop on its own 16 bits
// (S2); lanes are replicated by generate. The one exception is min/max, whose vISA 32- and
// 64-bit elements span 2 or 4 lanes: hp_minmax takes every lane's operands and fuses the lanes of
// a group (rtl/README.md, "Wide elements").
`include "hp_pipe_pkg.sv"
`include "hp_uop_pkg.sv"

// The elaboration check's $fatal, in the one form each tool prints the message of: Yosys 0.23
// prints a lone message and drops one after the finish number; Verilator 5.006 prints one after
// the finish number and drops a lone one. Yosys formats no arguments, so a message names the
// parameter and its range, not the value given.
`ifdef YOSYS
`define HP_ALU_UNSUPPORTED(message) $fatal(message);
`else
`define HP_ALU_UNSUPPORTED(message) $fatal(1, message);
`endif

module hp_alu #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8,
  // The tanh/ex2 tables, shared with the reference; relative to the working directory of the
  // simulator or synthesis tool unless given as absolute paths (rtl/CMakeLists.txt does).
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                in_valid_i,
  output logic                in_ready_o,
  input  hp_uop_pkg::uop_t    in_uop_i,
  input  logic [Lanes-1:0]    in_lane_mask_i,
  input  logic [16*Lanes-1:0] in_a_i,
  input  logic [16*Lanes-1:0] in_b_i,
  input  logic [16*Lanes-1:0] in_c_i,
  input  logic [TagWidth-1:0] in_tag_i,
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [16*Lanes-1:0] out_result_o,
  output logic [TagWidth-1:0] out_tag_o,
  output logic [Lanes-1:0]    out_lane_mask_o
);

  // ---- Elaboration check: parameters outside rtl/TIMING.md's ranges are refused by name ---------
  // $fatal, not $error: Verilator only warns on an elaboration $error and builds the unit anyway.
  if (Lanes < 2 || Lanes > 8 || Lanes % 2 != 0) begin : g_unsupported_lanes
    `HP_ALU_UNSUPPORTED("hp_alu: unsupported parameter Lanes: it must be even, 2..8 (rtl/TIMING.md)")
  end
  if (Depth < 2) begin : g_unsupported_depth
    `HP_ALU_UNSUPPORTED("hp_alu: unsupported parameter Depth: it must be >= 2 (rtl/TIMING.md)")
  end
  if (TagWidth < 1) begin : g_unsupported_tag_width
    `HP_ALU_UNSUPPORTED("hp_alu: unsupported parameter TagWidth: it must be >= 1 (rtl/TIMING.md)")
  end

  // Where the registers inside the datapath stand (hp_pipe_pkg), and how many result stages
  // follow the post-processor. Guarded so that an unsupported Depth reaches the check above
  // instead of an unsigned underflow (a 2^32-stage line).
  localparam hp_pipe_pkg::cut_set_t CutSet = hp_pipe_pkg::cut_set(Depth);
  localparam int unsigned InnerStages = hp_pipe_pkg::inner_stages(Depth);
  localparam int unsigned TailStages = Depth < 2 ? 1 : Depth - 1 - InnerStages;

  // What every stage of the line carries beside its valid bit: which transaction it holds.
  typedef struct packed {
    logic [TagWidth-1:0] tag;
    logic [Lanes-1:0]    lane_mask;
  } line_id_t;
  localparam int unsigned LineIdWidth = TagWidth + Lanes;

  // Signals are named after the stage that reads them (operate_*, minmax_*, post_*): each is a
  // register's output or, when Depth leaves that register out, the previous stage's wire.

  // The whole line moves together; an empty last stage never blocks it.
  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- Control line: valid and line_id_t per stage, and the Uop fields each stage still needs --
  line_id_t in_id;
  always_comb begin
    in_id.tag       = in_tag_i;
    in_id.lane_mask = in_lane_mask_i;
  end

  logic             operate_valid;
  line_id_t         operate_id;
  hp_uop_pkg::uop_t operate_uop;

  hp_pipe_stage #(.Width(LineIdWidth)) u_line_operate (
    .clk_i,
    .rst_ni,
    .advance_i(advance),
    .valid_i  (in_valid_i),
    .data_i   (in_id),
    .valid_o  (operate_valid),
    .data_o   (operate_id)
  );

  hp_pipe_data #(.Width(hp_uop_pkg::UopWidth)) u_uop_operate (
    .clk_i,
    .advance_i(advance),
    .data_i   (in_uop_i),
    .data_o   (operate_uop)
  );

  // The Uop fields rounding and post-processing read, decoded where the Uop is; the format
  // joined from its two fields (hp_uop_pkg).
  logic [hp_uop_pkg::FormatWidth-1:0] operate_format;
  logic float16_format;
  hp_uop_pkg::result_ctrl_t operate_ctrl;
  always_comb begin
    operate_format    = {operate_uop.format_high, operate_uop.format_low};
    operate_ctrl.bf16 = operate_format == hp_uop_pkg::FormatBf16;
    float16_format    = operate_format == hp_uop_pkg::FormatF16 || operate_ctrl.bf16;
    operate_ctrl.ftz  = operate_uop.ftz;
    // S29: on an integer format (only vISA MIN_MAX has one, with equal source and destination
    // types) .sat changes nothing, so it never reaches the float clamp of hp_postprocess. HF's
    // .sat is S12's clamp, as for PTX; F's and DF's is hp_minmax's, which sees a whole element.
    operate_ctrl.sat  = operate_uop.sat && float16_format;
    operate_ctrl.relu = operate_uop.relu;
  end

  // The post-processor's control: stage 0's, across every register inside the datapath.
  hp_uop_pkg::result_ctrl_t post_ctrl;

  hp_pipe_span #(
    .Width (hp_uop_pkg::ResultCtrlWidth),
    .CutSet(CutSet),
    .First (0),
    .Last  (hp_pipe_pkg::Cuts - 1)
  ) u_span_post_ctrl (
    .clk_i,
    .advance_i(advance),
    .data_i   (operate_ctrl),
    .data_o   (post_ctrl)
  );

  // Stages 1 .. Depth-1 of the line: stage s holds line_id[LineIdWidth*s +: LineIdWidth] (a flat
  // bus: Yosys 0.23 reads no array of structs, rtl/README.md). The post-processor works on the
  // transaction of stage InnerStages, the last result stage drives the outputs.
  logic [Depth-1:0]             line_valid;
  logic [Depth*LineIdWidth-1:0] line_id;
  assign line_valid[0]             = operate_valid;
  assign line_id[0 +: LineIdWidth] = operate_id;

  for (genvar s = 1; s < Depth; s++) begin : g_line
    hp_pipe_stage #(.Width(LineIdWidth)) u_line_stage (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (line_valid[s-1]),
      .data_i   (line_id[LineIdWidth*(s-1) +: LineIdWidth]),
      .valid_o  (line_valid[s]),
      .data_o   (line_id[LineIdWidth*s +: LineIdWidth])
    );
  end

  line_id_t post_id, out_id;
  assign post_id         = line_id[LineIdWidth*InnerStages +: LineIdWidth];
  assign out_id          = line_id[LineIdWidth*(Depth-1) +: LineIdWidth];
  assign out_valid_o     = line_valid[Depth-1];
  assign out_tag_o       = out_id.tag;
  assign out_lane_mask_o = out_id.lane_mask;

  logic unused_post_tag;  // the post-processor reads the lane mask only
  assign unused_post_tag = ^post_id.tag;

  // ---- Min/max: one unit across the lanes (hp_minmax) -----------------------------------------
  // It reads the lanes' flushed operands after the Unpacked position, so its Uop crosses that
  // position too; its result is due before the Front position.
  hp_uop_pkg::uop_t minmax_uop;

  hp_pipe_span #(
    .Width (hp_uop_pkg::UopWidth),
    .CutSet(CutSet),
    .First (hp_pipe_pkg::CutUnpacked),
    .Last  (hp_pipe_pkg::CutUnpacked)
  ) u_span_minmax_uop (
    .clk_i,
    .advance_i(advance),
    .data_i   (operate_uop),
    .data_o   (minmax_uop)
  );

  logic [16*Lanes-1:0] minmax_a, minmax_b, minmax_value;

  hp_minmax #(.Lanes(Lanes)) u_minmax (
    .enable_i     (minmax_uop.op == hp_uop_pkg::OpMin || minmax_uop.op == hp_uop_pkg::OpMax),
    .format_i     ({minmax_uop.format_high, minmax_uop.format_low}),
    .nan_policy_i (minmax_uop.nan_policy),
    .max_i        (minmax_uop.op == hp_uop_pkg::OpMax),
    .nan_i        (minmax_uop.nan),
    .xorsign_abs_i(minmax_uop.xorsign_abs),
    .sat_i        (minmax_uop.sat),
    .src0_mod_i   (minmax_uop.src0_mod),
    .src1_mod_i   (minmax_uop.src1_mod),
    .a_i          (minmax_a),
    .b_i          (minmax_b),
    .result_o     (minmax_value)
  );

  // The Uop fields neither hp_minmax nor the lanes read after the Unpacked position.
  logic unused_minmax_uop;
  assign unused_minmax_uop = ^{minmax_uop.packed_x2, minmax_uop.ftz, minmax_uop.relu,
                               minmax_uop.oob};

  // ---- One column of units and payload registers per lane (hp_lane) --------------------------
  for (genvar i = 0; i < Lanes; i++) begin : g_lane
    hp_lane #(
      .CutSet     (CutSet),
      .TailStages (TailStages),
      .TanhMemFile(TanhMemFile),
      .Ex2MemFile (Ex2MemFile)
    ) u_lane (
      .clk_i,
      .advance_i     (advance),
      .a_i           (in_a_i[16*i +: 16]),
      .b_i           (in_b_i[16*i +: 16]),
      .c_i           (in_c_i[16*i +: 16]),
      .operate_uop_i (operate_uop),
      .operate_bf16_i(operate_ctrl.bf16),
      .post_ctrl_i   (post_ctrl),
      .minmax_a_o    (minmax_a[16*i +: 16]),
      .minmax_b_o    (minmax_b[16*i +: 16]),
      .minmax_value_i(minmax_value[16*i +: 16]),
      .post_enable_i (post_id.lane_mask[i]),
      .result_o      (out_result_o[16*i +: 16])
    );
  end

endmodule

`undef HP_ALU_UNSUPPORTED
