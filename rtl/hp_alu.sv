// hp_alu: the half-precision ALU pipeline. Ports and timing are rtl/TIMING.md's contract:
// Depth stages in a line that advances whenever its last stage is empty or being consumed, so
// every op (fma, tanh and ex2 included) has a fixed latency of Depth cycles and one Uop per
// cycle.
//
//   stage 0        the accepted Uop, operands, tag and lane mask
//   operate        unpack/classify, add/sub/mul/fma datapath, min/max (PTX and vISA), sign ops,
//                  tanh/ex2 table + interpolation                               (hp_lane_operate)
//   [register]     when Depth >= 3
//   round          the one rounding stage                                       (hp_round)
//   [register]     when Depth >= 4
//   post-process   ftz, oob, sat, relu, lane mask                               (hp_postprocess)
//   stages ..      Depth-1 (the outputs), plus Depth-4 plain delay stages when Depth > 4
//
// The control line (valid, tag, lane mask, the Uop fields later units need) runs beside one
// column of units and payload registers per lane. Every lane computes the same Uop on its own
// 16 bits (S2); lanes are replicated by generate.
`include "hp_format_pkg.sv"
`include "hp_uop_pkg.sv"

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

  // Per-lane payloads between the units.
  localparam int unsigned OperandsWidth = 3 * 16;
  localparam int unsigned OperatedWidth = 2 + 16 + 1 + ExpWidth + ExactWidth + 1;
  localparam int unsigned RoundedWidth = 1 + 16;
  // The control line: tag and lane mask, and the Uop fields each later unit still needs.
  localparam int unsigned PostCtrlWidth = 4;  // bf16, ftz, sat, relu
  localparam int unsigned InputCtrlWidth = TagWidth + Lanes + UopWidth;
  localparam int unsigned MidCtrlWidth = TagWidth + Lanes + PostCtrlWidth;
  localparam int unsigned TailCtrlWidth = TagWidth + Lanes;

  // The whole line moves together; an empty last stage never blocks it.
  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance;

  // ---- Control line ---------------------------------------------------------------------------
  logic                      s0_valid;
  logic [InputCtrlWidth-1:0] s0_ctrl;

  hp_pipe_stage #(.Width(InputCtrlWidth)) u_ctrl_input (
    .clk_i,
    .rst_ni,
    .advance_i(advance),
    .valid_i  (in_valid_i),
    .data_i   ({in_tag_i, in_lane_mask_i, in_uop_i}),
    .valid_o  (s0_valid),
    .data_o   (s0_ctrl)
  );

  logic [TagWidth-1:0] s0_tag;
  logic [Lanes-1:0]    s0_mask;
  logic [UopWidth-1:0] s0_uop;
  assign {s0_tag, s0_mask, s0_uop} = s0_ctrl;

  logic [OpWidth-1:0] op;
  logic [hp_uop_pkg::FormatWidth-1:0] format;
  logic [1:0] src0_mod, src1_mod;
  logic bf16, integer_format, ftz, sat, relu, oob, nan, xorsign_abs, nan_policy;
  always_comb begin
    op             = s0_uop[hp_uop_pkg::OpLsb +: OpWidth];
    format         = s0_uop[hp_uop_pkg::FormatLsb +: hp_uop_pkg::FormatWidth];
    bf16           = format == hp_uop_pkg::FormatBf16;
    integer_format = format != hp_uop_pkg::FormatF16 && !bf16;
    ftz            = s0_uop[hp_uop_pkg::FtzBit];
    // S29: on an integer format (only vISA MIN_MAX has one, with equal source and destination
    // types) .sat changes nothing, so it never reaches the float clamp of hp_postprocess. HF's
    // .sat is S12's clamp, as for PTX.
    sat            = s0_uop[hp_uop_pkg::SatBit] && !integer_format;
    relu           = s0_uop[hp_uop_pkg::ReluBit];
    oob            = s0_uop[hp_uop_pkg::OobBit];
    nan            = s0_uop[hp_uop_pkg::NanBit];
    xorsign_abs    = s0_uop[hp_uop_pkg::XorsignAbsBit];
    nan_policy     = s0_uop[hp_uop_pkg::NanPolicyBit];
    src0_mod       = {s0_uop[hp_uop_pkg::Src0AbsBit], s0_uop[hp_uop_pkg::Src0NegBit]};
    src1_mod       = {s0_uop[hp_uop_pkg::Src1AbsBit], s0_uop[hp_uop_pkg::Src1NegBit]};
  end

  // `packed` only tells a PTX decoder how many lanes to enable, which the lane mask carries.
  logic unused_uop_fields;
  assign unused_uop_fields = s0_uop[hp_uop_pkg::PackedBit];

  logic                     s1_valid, s2_valid;
  logic [MidCtrlWidth-1:0]  s1_ctrl, s2_ctrl;

  if (RegisterAfterOperate) begin : g_ctrl_after_operate
    hp_pipe_stage #(.Width(MidCtrlWidth)) u_ctrl_operated (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (s0_valid),
      .data_i   ({s0_tag, s0_mask, bf16, ftz, sat, relu}),
      .valid_o  (s1_valid),
      .data_o   (s1_ctrl)
    );
  end else begin : g_no_ctrl_after_operate
    assign s1_valid = s0_valid;
    assign s1_ctrl  = {s0_tag, s0_mask, bf16, ftz, sat, relu};
  end

  if (RegisterAfterRound) begin : g_ctrl_after_round
    hp_pipe_stage #(.Width(MidCtrlWidth)) u_ctrl_rounded (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (s1_valid),
      .data_i   (s1_ctrl),
      .valid_o  (s2_valid),
      .data_o   (s2_ctrl)
    );
  end else begin : g_no_ctrl_after_round
    assign s2_valid = s1_valid;
    assign s2_ctrl  = s1_ctrl;
  end

  logic [TagWidth-1:0]      s2_tag;
  logic [Lanes-1:0]         s2_mask;
  logic                     s1_bf16, s2_bf16, s2_ftz, s2_sat, s2_relu;
  assign {s2_tag, s2_mask, s2_bf16, s2_ftz, s2_sat, s2_relu} = s2_ctrl;
  assign s1_bf16 = s1_ctrl[3];

  logic unused_s1_ctrl;
  assign unused_s1_ctrl = ^{s1_ctrl[MidCtrlWidth-1:4], s1_ctrl[2:0]};

  // The remaining stages, the last of which drives the outputs.
  logic [TailStages:0]                     tail_valid;
  logic [(TailStages+1)*TailCtrlWidth-1:0] tail_ctrl;
  assign tail_valid[0] = s2_valid;
  assign tail_ctrl[0 +: TailCtrlWidth] = {s2_tag, s2_mask};

  for (genvar s = 0; s < TailStages; s++) begin : g_ctrl_tail
    hp_pipe_stage #(.Width(TailCtrlWidth)) u_ctrl_result (
      .clk_i,
      .rst_ni,
      .advance_i(advance),
      .valid_i  (tail_valid[s]),
      .data_i   (tail_ctrl[TailCtrlWidth*s +: TailCtrlWidth]),
      .valid_o  (tail_valid[s+1]),
      .data_o   (tail_ctrl[TailCtrlWidth*(s+1) +: TailCtrlWidth])
    );
  end

  assign out_valid_o = tail_valid[TailStages];
  assign {out_tag_o, out_lane_mask_o} = tail_ctrl[TailCtrlWidth*TailStages +: TailCtrlWidth];

  // ---- One column of units and payload registers per lane -------------------------------------
  for (genvar i = 0; i < Lanes; i++) begin : g_lane
    // Stage 0: the operands.
    logic [OperandsWidth-1:0] operands;

    hp_pipe_data #(.Width(OperandsWidth)) u_operands (
      .clk_i,
      .advance_i(advance),
      .data_i   ({in_c_i[16*i +: 16], in_b_i[16*i +: 16], in_a_i[16*i +: 16]}),
      .data_o   (operands)
    );

    // Operate.
    logic                       oob_hit, bypass, sign, sticky;
    logic [15:0]                bypass_value;
    logic signed [ExpWidth-1:0] exp;
    logic [ExactWidth-1:0]      sig;

    hp_lane_operate #(
      .TanhMemFile(TanhMemFile),
      .Ex2MemFile (Ex2MemFile)
    ) u_lane_operate (
      .op_i          (op),
      .format_i      (format),
      .bf16_i        (bf16),
      .ftz_i         (ftz),
      .oob_i         (oob),
      .nan_i         (nan),
      .xorsign_abs_i (xorsign_abs),
      .nan_policy_i  (nan_policy),
      .src0_mod_i    (src0_mod),
      .src1_mod_i    (src1_mod),
      .a_i           (operands[0 +: 16]),
      .b_i           (operands[16 +: 16]),
      .c_i           (operands[32 +: 16]),
      .oob_hit_o     (oob_hit),
      .bypass_o      (bypass),
      .bypass_value_o(bypass_value),
      .sign_o        (sign),
      .exp_o         (exp),
      .sig_o         (sig),
      .sticky_o      (sticky)
    );

    logic [OperatedWidth-1:0] operated, operated_q;
    assign operated = {oob_hit, bypass, bypass_value, sign, exp, sig, sticky};

    if (RegisterAfterOperate) begin : g_register_after_operate
      hp_pipe_data #(.Width(OperatedWidth)) u_operated (
        .clk_i,
        .advance_i(advance),
        .data_i   (operated),
        .data_o   (operated_q)
      );
    end else begin : g_no_register_after_operate
      assign operated_q = operated;
    end

    // Round.
    logic                       r_oob_hit, r_bypass, r_sign, r_sticky;
    logic [15:0]                r_bypass_value, result_rounded;
    logic signed [ExpWidth-1:0] r_exp;
    logic [ExactWidth-1:0]      r_sig;
    assign {r_oob_hit, r_bypass, r_bypass_value, r_sign, r_exp, r_sig, r_sticky} = operated_q;

    hp_round u_round (
      .bf16_i        (s1_bf16),
      .bypass_i      (r_bypass),
      .bypass_value_i(r_bypass_value),
      .sign_i        (r_sign),
      .exp_i         (r_exp),
      .sig_i         (r_sig),
      .sticky_i      (r_sticky),
      .result_o      (result_rounded)
    );

    logic [RoundedWidth-1:0] rounded, rounded_q;
    assign rounded = {r_oob_hit, result_rounded};

    if (RegisterAfterRound) begin : g_register_after_round
      hp_pipe_data #(.Width(RoundedWidth)) u_rounded (
        .clk_i,
        .advance_i(advance),
        .data_i   (rounded),
        .data_o   (rounded_q)
      );
    end else begin : g_no_register_after_round
      assign rounded_q = rounded;
    end

    // Post-process, then the remaining stages.
    logic [(TailStages+1)*16-1:0] result;

    hp_postprocess u_postprocess (
      .bf16_i   (s2_bf16),
      .ftz_i    (s2_ftz),
      .sat_i    (s2_sat),
      .relu_i   (s2_relu),
      .oob_hit_i(rounded_q[16]),
      .enable_i (s2_mask[i]),
      .rounded_i(rounded_q[15:0]),
      .result_o (result[0 +: 16])
    );

    for (genvar s = 0; s < TailStages; s++) begin : g_tail
      hp_pipe_data #(.Width(16)) u_result (
        .clk_i,
        .advance_i(advance),
        .data_i   (result[16*s +: 16]),
        .data_o   (result[16*(s+1) +: 16])
      );
    end

    assign out_result_o[16*i +: 16] = result[16*TailStages +: 16];
  end

endmodule
