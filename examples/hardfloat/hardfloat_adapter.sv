// Berkeley HardFloat Release 1 (John R. Hauser; the Verilog release, as first committed to
// github.com/bsg-external/HardFloat, commit bf57955) behind halfpipe's unit contract
// (doc/your-unit.md): add, sub, mul and fma of FP16 and bf16, round to nearest even.
//
// HardFloat's cores are combinational and have no handshake; this adapter gives them one. A
// transaction is registered when it is accepted (the operand stage), HardFloat computes its
// result from that register, and the result is registered in the result stage, which drives the
// outputs. The two stages form one line that advances as a whole when the result stage is empty
// or its result is taken (advance = !out_valid_o || out_ready_i, hp_alu's rule in rtl/TIMING.md),
// and in_ready_o is that advance: a stalled result holds, nothing is lost, and cosim's model,
// which simulates that line, predicts every output cycle. Latency: two edges from acceptance to
// leaving for every op, nothing stalled; one transaction a cycle; in order.
//
// HardFloat's sources are not in this repository: README.md beside this file says where they come
// from, how this adapter is built, and what the harness found.
`include "hp_uop_pkg.sv"

module hardfloat_adapter #(
  parameter int unsigned Lanes = 1,      // one set of HardFloat cores per lane
  parameter int unsigned TagWidth = 4,
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned InOrder = 1,    // a fixed-latency pipeline: results leave in order
  parameter string Forms = {"add.rn.f16 sub.rn.f16 mul.rn.f16 fma.rn.f16 ",
                            "add.rn.bf16 sub.rn.bf16 mul.rn.bf16 fma.rn.bf16"},
  parameter string Latencies = "add=2 sub=2 mul=2 fma=2"
  /* verilator lint_on UNUSEDPARAM */
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

  // HardFloat's encodings (its HardFloat_consts.vi): rounding mode 3'b000 is round to nearest
  // even; control bit 1 detects tininess after rounding (RISC-V's choice), which sets the
  // underflow flag only, never the result.
  localparam logic [2:0] RoundNearEven = 3'b000;
  localparam logic       TininessAfterRounding = 1'b1;

  // Which HardFloat core a transaction uses: addRecFN (add, and sub with its subOp), mulRecFN,
  // mulAddRecFN.
  typedef enum logic [1:0] {
    CoreAdd = 2'd0,
    CoreMul = 2'd1,
    CoreFma = 2'd2
  } core_e;

  core_e in_core;
  always_comb begin
    unique case (in_uop_i.op)
      hp_uop_pkg::OpMul: in_core = CoreMul;
      hp_uop_pkg::OpFma: in_core = CoreFma;
      default:           in_core = CoreAdd;
    endcase
  end

  ////////////////////
  // Handshake      //
  ////////////////////

  logic op_valid_q, res_valid_q;
  logic advance, in_take, op_take;

  assign advance = !res_valid_q || out_ready_i;
  assign in_ready_o = advance;
  assign in_take = in_valid_i && advance;
  assign op_take = op_valid_q && advance;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_valid_q <= 1'b0;
      res_valid_q <= 1'b0;
    end else if (advance) begin
      op_valid_q <= in_valid_i;
      res_valid_q <= op_valid_q;
    end
  end

  ////////////////////
  // Operand stage  //
  ////////////////////

  core_e               op_core_q;
  logic                op_sub_q, op_bf16_q;
  logic [16*Lanes-1:0] op_a_q, op_b_q, op_c_q;
  logic [TagWidth-1:0] op_tag_q;
  logic [Lanes-1:0]    op_mask_q;

  always_ff @(posedge clk_i) begin
    if (in_take) begin
      op_core_q <= in_core;
      op_sub_q <= in_uop_i.op == hp_uop_pkg::OpSub;
      op_bf16_q <= in_uop_i.format_low == hp_uop_pkg::FormatBf16[2:0];
      op_a_q <= in_a_i;
      op_b_q <= in_b_i;
      op_c_q <= in_c_i;
      op_tag_q <= in_tag_i;
      op_mask_q <= in_lane_mask_i;
    end
  end

  ////////////////////
  // HardFloat      //
  ////////////////////

  logic [16*Lanes-1:0] res_d;

  for (genvar lane = 0; lane < Lanes; ++lane) begin : g_lane
    logic [15:0] format_result [2];

    // Format 0 is FP16 (5 exponent bits, 11 significand bits with the hidden one), format 1 bf16
    // (8 and 8). HardFloat computes in its recoded form, one bit wider.
    for (genvar format = 0; format < 2; ++format) begin : g_format
      // Signed: HardFloat's parameters have no type of their own and take the type of the value
      // given, and its exponent arithmetic (sDiffExps < 0, ...) is right only when they are
      // signed integers. Given as int unsigned, Verilator computes 0x0001 * 0x0001 = +inf.
      localparam int ExpWidth = (format == 0) ? 5 : 8;
      localparam int SigWidth = (format == 0) ? 11 : 8;
      localparam int RecWidth = ExpWidth + SigWidth + 1;

      logic [RecWidth-1:0] a_rec, b_rec, c_rec;
      fNToRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_a_rec (
        .in (op_a_q[16*lane +: 16]),
        .out(a_rec)
      );
      fNToRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_b_rec (
        .in (op_b_q[16*lane +: 16]),
        .out(b_rec)
      );
      fNToRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_c_rec (
        .in (op_c_q[16*lane +: 16]),
        .out(c_rec)
      );

      logic [RecWidth-1:0] sum_rec, product_rec, fma_rec;
      logic [4:0] sum_flags, product_flags, fma_flags;
      addRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_add (
        .control       (TininessAfterRounding),
        .subOp         (op_sub_q),
        .a             (a_rec),
        .b             (b_rec),
        .roundingMode  (RoundNearEven),
        .out           (sum_rec),
        .exceptionFlags(sum_flags)
      );
      mulRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_mul (
        .control       (TininessAfterRounding),
        .a             (a_rec),
        .b             (b_rec),
        .roundingMode  (RoundNearEven),
        .out           (product_rec),
        .exceptionFlags(product_flags)
      );
      // op 2'b00: a * b + c, neither the product nor the addend negated.
      mulAddRecFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_fma (
        .control       (TininessAfterRounding),
        .op            (2'b00),
        .a             (a_rec),
        .b             (b_rec),
        .c             (c_rec),
        .roundingMode  (RoundNearEven),
        .out           (fma_rec),
        .exceptionFlags(fma_flags)
      );

      logic [RecWidth-1:0] result_rec;
      always_comb begin
        unique case (op_core_q)
          CoreMul: result_rec = product_rec;
          CoreFma: result_rec = fma_rec;
          default: result_rec = sum_rec;
        endcase
      end
      recFNToFN #(.expWidth(ExpWidth), .sigWidth(SigWidth)) u_result (
        .in (result_rec),
        .out(format_result[format])
      );

      // IEEE exception flags are out of the contract's scope.
      logic unused_flags;
      assign unused_flags = ^{sum_flags, product_flags, fma_flags};
    end

    assign res_d[16*lane +: 16] = op_mask_q[lane] ? format_result[op_bf16_q] : 16'h0000;
  end

  ////////////////////
  // Result stage   //
  ////////////////////

  logic [16*Lanes-1:0] res_q;
  logic [TagWidth-1:0] res_tag_q;
  logic [Lanes-1:0]    res_mask_q;

  always_ff @(posedge clk_i) begin
    if (op_take) begin
      res_q <= res_d;
      res_tag_q <= op_tag_q;
      res_mask_q <= op_mask_q;
    end
  end

  assign out_valid_o = res_valid_q;
  assign out_result_o = res_q;
  assign out_tag_o = res_tag_q;
  assign out_lane_mask_o = res_mask_q;

  logic unused_uop;
  assign unused_uop = ^{in_uop_i.format_high, in_uop_i.src1_mod, in_uop_i.src0_mod,
                        in_uop_i.nan_policy, in_uop_i.xorsign_abs, in_uop_i.nan, in_uop_i.oob,
                        in_uop_i.relu, in_uop_i.sat, in_uop_i.ftz, in_uop_i.packed_x2};

endmodule
