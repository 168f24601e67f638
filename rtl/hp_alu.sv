// hp_alu: the half-precision ALU pipeline. Ports and timing are rtl/TIMING.md's contract:
// Depth stages in a line that advances whenever its last stage is empty or being consumed, so
// every op (fma included) has a fixed latency of Depth cycles and one Uop per cycle.
//
//   stage 0        the accepted Uop, operands, tag and lane mask
//   operate        unpack/classify, add/sub/mul/fma datapath, min/max, sign ops,
//                  tanh/ex2 table + interpolation                               (hp_lane_operate)
//   [register]     when Depth >= 3
//   round          the one rounding stage                                       (hp_round)
//   [register]     when Depth >= 4
//   post-process   ftz, oob, sat, relu, lane mask                               (hp_postprocess)
//   stages ..      Depth-1 (the outputs), plus Depth-4 plain delay stages when Depth > 4
//
// Every lane computes the same Uop on its own 16 bits (S2); lanes are replicated by generate.
module hp_alu #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8,
  // The tanh/ex2 tables, shared with the reference; relative to the working directory of the
  // simulator or synthesis tool unless given as absolute paths (rtl/CMakeLists.txt does).
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            in_valid_i,
  output logic                            in_ready_o,
  input  logic [hp_uop_pkg::UopWidth-1:0] in_uop_i,
  input  logic [Lanes-1:0]                in_lane_mask_i,
  input  logic [16*Lanes-1:0]             in_a_i,
  input  logic [16*Lanes-1:0]             in_b_i,
  input  logic [16*Lanes-1:0]             in_c_i,
  input  logic [TagWidth-1:0]             in_tag_i,
  output logic                            out_valid_o,
  input  logic                            out_ready_i,
  output logic [16*Lanes-1:0]             out_result_o,
  output logic [TagWidth-1:0]             out_tag_o,
  output logic [Lanes-1:0]                out_lane_mask_o
);

  localparam int unsigned UopWidth = hp_uop_pkg::UopWidth;
  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned ExactWidth = hp_format_pkg::ExactWidth;
  localparam int unsigned OpWidth = hp_uop_pkg::OpWidth;

  localparam bit RegisterAfterOperate = Depth >= 3;
  localparam bit RegisterAfterRound = Depth >= 4;
  localparam int unsigned TailStages = Depth - 1 - 32'(RegisterAfterOperate)
                                     - 32'(RegisterAfterRound);

  // Per-lane payloads between the units, and the Uop fields each later unit still needs.
  localparam int unsigned OperatedWidth = 2 + 16 + 1 + ExpWidth + ExactWidth + 1;
  localparam int unsigned RoundedWidth = 1 + 16;
  localparam int unsigned PostCtrlWidth = 4;  // bf16, ftz, sat, relu
  localparam int unsigned InputWidth = TagWidth + Lanes + UopWidth + 3 * 16 * Lanes;
  localparam int unsigned OperatedStageWidth = TagWidth + Lanes + PostCtrlWidth
                                             + Lanes * OperatedWidth;
  localparam int unsigned RoundedStageWidth = TagWidth + Lanes + PostCtrlWidth
                                            + Lanes * RoundedWidth;
  localparam int unsigned ResultStageWidth = TagWidth + Lanes + 16 * Lanes;

  // The whole line moves together; an empty last stage never blocks it.
  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- Stage 0: the accepted transaction ------------------------------------------------------
  logic                  s0_valid;
  logic [InputWidth-1:0] s0_data;

  hp_pipe_stage #(.Width(InputWidth)) u_stage_input (
    .clk_i,
    .rst_ni,
    .advance_i(advance),
    .valid_i  (in_valid_i),
    .data_i   ({in_tag_i, in_lane_mask_i, in_uop_i, in_c_i, in_b_i, in_a_i}),
    .valid_o  (s0_valid),
    .data_o   (s0_data)
  );

  logic [TagWidth-1:0]   s0_tag;
  logic [Lanes-1:0]      s0_mask;
  logic [UopWidth-1:0]   s0_uop;
  logic [16*Lanes-1:0]   s0_a, s0_b, s0_c;
  assign {s0_tag, s0_mask, s0_uop, s0_c, s0_b, s0_a} = s0_data;

  logic [OpWidth-1:0] op;
  logic bf16, ftz, sat, relu, oob, nan, xorsign_abs;
  always_comb begin
    op          = s0_uop[hp_uop_pkg::OpLsb +: OpWidth];
    bf16        = s0_uop[hp_uop_pkg::FormatLsb +: hp_uop_pkg::FormatWidth]
               == hp_uop_pkg::FormatBf16;
    ftz         = s0_uop[hp_uop_pkg::FtzBit];
    sat         = s0_uop[hp_uop_pkg::SatBit];
    relu        = s0_uop[hp_uop_pkg::ReluBit];
    oob         = s0_uop[hp_uop_pkg::OobBit];
    nan         = s0_uop[hp_uop_pkg::NanBit];
    xorsign_abs = s0_uop[hp_uop_pkg::XorsignAbsBit];
  end

  // `packed` only tells a PTX decoder how many lanes to enable, which the lane mask carries;
  // the nan policy and source modifiers belong to the vISA front-end, not executed here.
  logic unused_uop_fields;
  assign unused_uop_fields = ^{s0_uop[hp_uop_pkg::PackedBit], s0_uop[hp_uop_pkg::NanPolicyBit],
                               s0_uop[hp_uop_pkg::Src0NegBit], s0_uop[hp_uop_pkg::Src0AbsBit],
                               s0_uop[hp_uop_pkg::Src1NegBit], s0_uop[hp_uop_pkg::Src1AbsBit]};

  // ---- Operate ----------------------------------------------------------------------------------
  logic [Lanes*OperatedWidth-1:0] operated;

  for (genvar i = 0; i < Lanes; i++) begin : g_operate
    logic                       oob_hit, bypass, sign, sticky;
    logic [15:0]                bypass_value;
    logic signed [ExpWidth-1:0] exp;
    logic [ExactWidth-1:0]      sig;

    hp_lane_operate #(
      .TanhMemFile(TanhMemFile),
      .Ex2MemFile (Ex2MemFile)
    ) u_lane_operate (
      .op_i          (op),
      .bf16_i        (bf16),
      .ftz_i         (ftz),
      .oob_i         (oob),
      .nan_i         (nan),
      .xorsign_abs_i (xorsign_abs),
      .a_i           (s0_a[16*i +: 16]),
      .b_i           (s0_b[16*i +: 16]),
      .c_i           (s0_c[16*i +: 16]),
      .oob_hit_o     (oob_hit),
      .bypass_o      (bypass),
      .bypass_value_o(bypass_value),
      .sign_o        (sign),
      .exp_o         (exp),
      .sig_o         (sig),
      .sticky_o      (sticky)
    );

    assign operated[OperatedWidth*i +: OperatedWidth] =
        {oob_hit, bypass, bypass_value, sign, exp, sig, sticky};
  end

  logic                          s1_valid;
  logic [OperatedStageWidth-1:0] s1_data;

  if (RegisterAfterOperate) begin : g_register_after_operate
    hp_pipe_stage #(.Width(OperatedStageWidth)) u_stage_operated (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (s0_valid),
      .data_i   ({s0_tag, s0_mask, bf16, ftz, sat, relu, operated}),
      .valid_o  (s1_valid),
      .data_o   (s1_data)
    );
  end else begin : g_no_register_after_operate
    assign s1_valid = s0_valid;
    assign s1_data  = {s0_tag, s0_mask, bf16, ftz, sat, relu, operated};
  end

  // ---- Round ------------------------------------------------------------------------------------
  logic [TagWidth-1:0]            s1_tag;
  logic [Lanes-1:0]               s1_mask;
  logic [PostCtrlWidth-1:0]       s1_ctrl;
  logic [Lanes*OperatedWidth-1:0] s1_operated;
  logic [Lanes*RoundedWidth-1:0]  rounded;
  assign {s1_tag, s1_mask, s1_ctrl, s1_operated} = s1_data;

  for (genvar i = 0; i < Lanes; i++) begin : g_round
    logic                       oob_hit, bypass, sign, sticky;
    logic [15:0]                bypass_value, result;
    logic signed [ExpWidth-1:0] exp;
    logic [ExactWidth-1:0]      sig;
    assign {oob_hit, bypass, bypass_value, sign, exp, sig, sticky} =
        s1_operated[OperatedWidth*i +: OperatedWidth];

    hp_round u_round (
      .bf16_i        (s1_ctrl[3]),
      .bypass_i      (bypass),
      .bypass_value_i(bypass_value),
      .sign_i        (sign),
      .exp_i         (exp),
      .sig_i         (sig),
      .sticky_i      (sticky),
      .result_o      (result)
    );

    assign rounded[RoundedWidth*i +: RoundedWidth] = {oob_hit, result};
  end

  logic                         s2_valid;
  logic [RoundedStageWidth-1:0] s2_data;

  if (RegisterAfterRound) begin : g_register_after_round
    hp_pipe_stage #(.Width(RoundedStageWidth)) u_stage_rounded (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (s1_valid),
      .data_i   ({s1_tag, s1_mask, s1_ctrl, rounded}),
      .valid_o  (s2_valid),
      .data_o   (s2_data)
    );
  end else begin : g_no_register_after_round
    assign s2_valid = s1_valid;
    assign s2_data  = {s1_tag, s1_mask, s1_ctrl, rounded};
  end

  // ---- Post-process -----------------------------------------------------------------------------
  logic [TagWidth-1:0]           s2_tag;
  logic [Lanes-1:0]              s2_mask;
  logic [PostCtrlWidth-1:0]      s2_ctrl;
  logic [Lanes*RoundedWidth-1:0] s2_rounded;
  logic [16*Lanes-1:0]           result;
  assign {s2_tag, s2_mask, s2_ctrl, s2_rounded} = s2_data;

  for (genvar i = 0; i < Lanes; i++) begin : g_postprocess
    hp_postprocess u_postprocess (
      .bf16_i   (s2_ctrl[3]),
      .ftz_i    (s2_ctrl[2]),
      .sat_i    (s2_ctrl[1]),
      .relu_i   (s2_ctrl[0]),
      .oob_hit_i(s2_rounded[RoundedWidth*i + 16]),
      .enable_i (s2_mask[i]),
      .rounded_i(s2_rounded[RoundedWidth*i +: 16]),
      .result_o (result[16*i +: 16])
    );
  end

  // ---- The remaining stages, the last of which drives the outputs -------------------------------
  logic [TailStages:0]                    tail_valid;
  logic [(TailStages+1)*ResultStageWidth-1:0] tail_data;
  assign tail_valid[0] = s2_valid;
  assign tail_data[0 +: ResultStageWidth] = {s2_tag, s2_mask, result};

  for (genvar s = 0; s < TailStages; s++) begin : g_tail
    hp_pipe_stage #(.Width(ResultStageWidth)) u_stage_result (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (tail_valid[s]),
      .data_i   (tail_data[ResultStageWidth*s +: ResultStageWidth]),
      .valid_o  (tail_valid[s+1]),
      .data_o   (tail_data[ResultStageWidth*(s+1) +: ResultStageWidth])
    );
  end

  assign out_valid_o = tail_valid[TailStages];
  assign {out_tag_o, out_lane_mask_o, out_result_o} =
      tail_data[ResultStageWidth*TailStages +: ResultStageWidth];

endmodule
