// The first half of one lane: unpack and classify the operands (with the input flush of S7),
// then the operation units: the shared add/sub/mul/fma datapath, min/max (PTX and vISA MIN_MAX,
// the only unit that sees the integer formats), the sign ops and the table + interpolation unit
// of tanh/ex2. Its result is either final (bypass) or an exact value for the rounding stage;
// oob_hit_o carries S14's decision, taken on the raw operands, to the post-processor.
//
// Every lane evaluates every unit each cycle in simulation, so min/max, the sign ops and the
// tanh/ex2 unit have enables decoded from the op: an idle unit holds its output at zero (an AND
// in hardware) and keeps its datapath in a branch that Verilator skips.
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_lane_operate #(
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic [hp_uop_pkg::OpWidth-1:0]            op_i,
  input  logic [hp_uop_pkg::FormatWidth-1:0]        format_i,  // for min/max's integer formats
  input  logic                                      bf16_i,
  input  logic                                      ftz_i,
  input  logic                                      oob_i,
  input  logic                                      nan_i,
  input  logic                                      xorsign_abs_i,
  input  logic                                      nan_policy_i,  // min/max only (S28)
  input  logic [1:0]                                src0_mod_i,    // {abs, neg}, min/max only (S27)
  input  logic [1:0]                                src1_mod_i,
  input  logic [15:0]                               a_i,
  input  logic [15:0]                               b_i,
  input  logic [15:0]                               c_i,
  output logic                                      oob_hit_o,
  output logic                                      bypass_o,
  output logic [15:0]                               bypass_value_o,
  output logic                                      sign_o,
  output logic signed [hp_format_pkg::ExpWidth-1:0] exp_o,
  output logic [hp_format_pkg::ExactWidth-1:0]      sig_o,
  output logic                                      sticky_o
);

  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned SigWidth = hp_format_pkg::SigWidth;

  logic [3*16-1:0]       operands, flushed;
  logic [2:0]            sign, zero, inf, nan;
  logic [3*ExpWidth-1:0] exp;
  logic [3*SigWidth-1:0] sig;

  assign operands = {c_i, b_i, a_i};

  for (genvar k = 0; k < 3; k++) begin : g_operand
    hp_unpack u_unpack (
      .bf16_i,
      .ftz_i,
      .value_i  (operands[16*k +: 16]),
      .flushed_o(flushed[16*k +: 16]),
      .sign_o   (sign[k]),
      .exp_o    (exp[ExpWidth*k +: ExpWidth]),
      .sig_o    (sig[SigWidth*k +: SigWidth]),
      .zero_o   (zero[k]),
      .inf_o    (inf[k]),
      .nan_o    (nan[k])
    );
  end

  logic                       arith_special, arith_sign, arith_sticky;
  logic [15:0]                arith_special_value, minmax_value, sign_op_value;
  logic signed [ExpWidth-1:0] arith_exp;
  logic [hp_format_pkg::ExactWidth-1:0] arith_sig;

  hp_fma_core u_fma_core (
    .bf16_i,
    .op_i,
    .sign_i         (sign),
    .exp_i          (exp),
    .sig_i          (sig),
    .zero_i         (zero),
    .inf_i          (inf),
    .nan_i          (nan),
    .special_o      (arith_special),
    .special_value_o(arith_special_value),
    .exact_sign_o   (arith_sign),
    .exact_exp_o    (arith_exp),
    .exact_sig_o    (arith_sig),
    .exact_sticky_o (arith_sticky)
  );

  hp_minmax u_minmax (
    .enable_i     (op_i == hp_uop_pkg::OpMin || op_i == hp_uop_pkg::OpMax),
    .format_i,
    .nan_policy_i,
    .max_i        (op_i == hp_uop_pkg::OpMax),
    .nan_i,
    .xorsign_abs_i,
    .src0_mod_i,
    .src1_mod_i,
    .a_i          (flushed[0 +: 16]),
    .b_i          (flushed[16 +: 16]),
    .result_o     (minmax_value)
  );

  hp_sign_op u_sign_op (
    .enable_i(op_i == hp_uop_pkg::OpNeg || op_i == hp_uop_pkg::OpAbs),
    .bf16_i,
    .abs_i   (op_i == hp_uop_pkg::OpAbs),
    .a_i     (flushed[0 +: 16]),
    .result_o(sign_op_value)
  );

  logic                       approx_special, approx_sign, approx_sticky;
  logic [15:0]                approx_special_value;
  logic signed [ExpWidth-1:0] approx_exp;
  logic [hp_format_pkg::ExactWidth-1:0] approx_sig;

  hp_approx #(
    .TanhMemFile(TanhMemFile),
    .Ex2MemFile (Ex2MemFile)
  ) u_approx (
    .tanh_i         (op_i == hp_uop_pkg::OpTanh),
    .ex2_i          (op_i == hp_uop_pkg::OpEx2),
    .bf16_i,
    .a_i            (flushed[0 +: 16]),
    .sign_i         (sign[0]),
    .exp_i          (exp[0 +: ExpWidth]),
    .sig_i          (sig[0 +: SigWidth]),
    .zero_i         (zero[0]),
    .inf_i          (inf[0]),
    .nan_i          (nan[0]),
    .special_o      (approx_special),
    .special_value_o(approx_special_value),
    .exact_sign_o   (approx_sign),
    .exact_exp_o    (approx_exp),
    .exact_sig_o    (approx_sig),
    .exact_sticky_o (approx_sticky)
  );

  logic unused_flushed_c;
  assign unused_flushed_c = ^flushed[47:32];

  always_comb begin
    oob_hit_o = oob_i && (hp_policy_pkg::is_oob_nan(a_i) || hp_policy_pkg::is_oob_nan(b_i));
    if (op_i == hp_uop_pkg::OpTanh || op_i == hp_uop_pkg::OpEx2) begin
      {sign_o, exp_o, sig_o, sticky_o} = {approx_sign, approx_exp, approx_sig, approx_sticky};
    end else begin
      {sign_o, exp_o, sig_o, sticky_o} = {arith_sign, arith_exp, arith_sig, arith_sticky};
    end
    unique case (op_i)
      hp_uop_pkg::OpMin, hp_uop_pkg::OpMax: begin
        bypass_o       = 1'b1;
        bypass_value_o = minmax_value;
      end
      hp_uop_pkg::OpNeg, hp_uop_pkg::OpAbs: begin
        bypass_o       = 1'b1;
        bypass_value_o = sign_op_value;
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
