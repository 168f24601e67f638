// The first half of one lane: unpack and classify the operands (with the input flush of S7),
// then the operation units: the shared add/sub/mul/fma datapath, the sign ops and the table +
// interpolation unit of tanh/ex2. Min/max (PTX and vISA MIN_MAX, the only op that sees the
// integer and wide formats) is hp_alu's hp_minmax, one unit across the lanes because a 32- or
// 64-bit element spans several of them: this lane hands it its flushed operands and takes back
// its slice of the result. Its result is either final (bypass) or an exact value for the
// rounding stage; oob_hit_o carries S14's decision, taken on the raw operands, to the
// post-processor.
//
// Every lane evaluates every unit each cycle in simulation, so the sign ops, the tanh/ex2 unit
// and the unpacking of c (which only fma reads) have enables decoded from the op: an idle unit
// holds its output at zero (an AND in hardware) and keeps its datapath in a branch that the
// simulator skips.
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"
`include "hp_uop_pkg.sv"

module hp_lane_operate #(
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic [hp_uop_pkg::OpWidth-1:0]            op_i,
  input  logic                                      bf16_i,
  input  logic                                      ftz_i,
  input  logic                                      oob_i,
  input  logic [15:0]                               a_i,
  input  logic [15:0]                               b_i,
  input  logic [15:0]                               c_i,
  output logic [15:0]                               a_flushed_o,     // to hp_minmax
  output logic [15:0]                               b_flushed_o,
  input  logic [15:0]                               minmax_value_i,  // this lane's slice
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

  // One set of signals per operand rather than one bus per field: Verilator would shift every
  // field into and out of a bus.
  logic [15:0]                a_flushed, b_flushed, c_flushed;
  logic                       a_sign, b_sign, c_sign, a_zero, b_zero, c_zero;
  logic                       a_inf, b_inf, c_inf, a_nan, b_nan, c_nan;
  logic signed [ExpWidth-1:0] a_exp, b_exp, c_exp;
  logic [SigWidth-1:0]        a_sig, b_sig, c_sig;

  hp_unpack u_unpack_a (
    .enable_i (1'b1),
    .bf16_i,
    .ftz_i,
    .value_i  (a_i),
    .flushed_o(a_flushed),
    .sign_o   (a_sign),
    .exp_o    (a_exp),
    .sig_o    (a_sig),
    .zero_o   (a_zero),
    .inf_o    (a_inf),
    .nan_o    (a_nan)
  );

  hp_unpack u_unpack_b (
    .enable_i (1'b1),
    .bf16_i,
    .ftz_i,
    .value_i  (b_i),
    .flushed_o(b_flushed),
    .sign_o   (b_sign),
    .exp_o    (b_exp),
    .sig_o    (b_sig),
    .zero_o   (b_zero),
    .inf_o    (b_inf),
    .nan_o    (b_nan)
  );

  hp_unpack u_unpack_c (
    .enable_i (op_i == hp_uop_pkg::OpFma),
    .bf16_i,
    .ftz_i,
    .value_i  (c_i),
    .flushed_o(c_flushed),
    .sign_o   (c_sign),
    .exp_o    (c_exp),
    .sig_o    (c_sig),
    .zero_o   (c_zero),
    .inf_o    (c_inf),
    .nan_o    (c_nan)
  );

  logic                       arith_special, arith_sign, arith_sticky;
  logic [15:0]                arith_special_value, sign_op_value;
  logic signed [ExpWidth-1:0] arith_exp;
  logic [hp_format_pkg::ExactWidth-1:0] arith_sig;

  hp_fma_core u_fma_core (
    .bf16_i,
    .op_i,
    .a_sign_i       (a_sign),
    .a_exp_i        (a_exp),
    .a_sig_i        (a_sig),
    .a_zero_i       (a_zero),
    .a_inf_i        (a_inf),
    .a_nan_i        (a_nan),
    .b_sign_i       (b_sign),
    .b_exp_i        (b_exp),
    .b_sig_i        (b_sig),
    .b_zero_i       (b_zero),
    .b_inf_i        (b_inf),
    .b_nan_i        (b_nan),
    .c_sign_i       (c_sign),
    .c_exp_i        (c_exp),
    .c_sig_i        (c_sig),
    .c_zero_i       (c_zero),
    .c_inf_i        (c_inf),
    .c_nan_i        (c_nan),
    .special_o      (arith_special),
    .special_value_o(arith_special_value),
    .exact_sign_o   (arith_sign),
    .exact_exp_o    (arith_exp),
    .exact_sig_o    (arith_sig),
    .exact_sticky_o (arith_sticky)
  );

  assign a_flushed_o = a_flushed;
  assign b_flushed_o = b_flushed;

  hp_sign_op u_sign_op (
    .enable_i(op_i == hp_uop_pkg::OpNeg || op_i == hp_uop_pkg::OpAbs),
    .bf16_i,
    .abs_i   (op_i == hp_uop_pkg::OpAbs),
    .a_i     (a_flushed),
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
    .a_i            (a_flushed),
    .sign_i         (a_sign),
    .exp_i          (a_exp),
    .sig_i          (a_sig),
    .zero_i         (a_zero),
    .inf_i          (a_inf),
    .nan_i          (a_nan),
    .special_o      (approx_special),
    .special_value_o(approx_special_value),
    .exact_sign_o   (approx_sign),
    .exact_exp_o    (approx_exp),
    .exact_sig_o    (approx_sig),
    .exact_sticky_o (approx_sticky)
  );

  logic unused_flushed_c;
  assign unused_flushed_c = ^c_flushed;

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
        bypass_value_o = minmax_value_i;
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
