// openhwgroup/cvfpu (FPnew) configured for FP16 and FP16ALT (bf16), behind halfpipe's unit
// contract (doc/your-unit.md): add, sub, mul and fma with round-to-nearest-even. FPnew's sources
// are not in this repository; examples/fpnew/README.md says where they come from and how to
// build and sweep this adapter.
`include "hp_uop_pkg.sv"

module fpnew_adapter #(
  parameter int unsigned Lanes = 1,
  parameter int unsigned TagWidth = 4,
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  // FPnew's output arbiter takes its format slices in turn: results may pass each other.
  parameter int unsigned InOrder = 0,
  parameter string Forms = {"add.rn.f16 sub.rn.f16 mul.rn.f16 fma.rn.f16 ",
                            "add.rn.bf16 sub.rn.bf16 mul.rn.bf16 fma.rn.bf16"},
  /* verilator lint_on UNUSEDPARAM */
  // Pipeline registers of FPnew's ADDMUL operation group, per format.
  parameter int unsigned PipeRegs = 2
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

  // FPnew for 16-bit scalars: FP16 and FP16ALT (fpnew_pkg's format order is FP32, FP64, FP16,
  // FP8, FP16ALT), no integers, no vectors; only the ADDMUL operation group.
  localparam fpnew_pkg::fpu_features_t Features = '{
    Width:         16,
    EnableVectors: 1'b0,
    EnableNanBox:  1'b0,
    FpFmtMask:     5'b00101,
    IntFmtMask:    4'b0000
  };
  // Written as concatenations: Verilator 5.006 reads these nested array patterns of fpnew_pkg
  // wrongly (every unit came out disabled: FPnew never took an input).
  localparam fpnew_pkg::fmt_unsigned_t AddMulRegs = {5{32'(PipeRegs)}};
  localparam fpnew_pkg::fmt_unit_types_t Parallel = {5{fpnew_pkg::PARALLEL}};
  localparam fpnew_pkg::fmt_unit_types_t Disabled = {5{fpnew_pkg::DISABLED}};
  localparam fpnew_pkg::fpu_implementation_t Implementation = '{
    PipeRegs:   {AddMulRegs, {3{160'd0}}},  // ADDMUL, DIVSQRT, NONCOMP, CONV
    UnitTypes:  {Parallel, Disabled, Disabled, Disabled},
    PipeConfig: fpnew_pkg::DISTRIBUTED
  };

  // The Uop in FPnew's terms. FPnew's ADD is operands[1] + operands[2] (op_mod: minus), MUL
  // operands[0] * operands[1], FMADD operands[0] * operands[1] + operands[2].
  fpnew_pkg::operation_e op;
  logic op_mod;
  logic [2:0][15:0] operands;
  always_comb begin
    op = fpnew_pkg::ADD;
    op_mod = 1'b0;
    operands = {in_b_i[15:0], in_a_i[15:0], 16'h0000};
    unique case (in_uop_i.op)
      hp_uop_pkg::OpSub: op_mod = 1'b1;
      hp_uop_pkg::OpMul: begin
        op = fpnew_pkg::MUL;
        operands = {16'h0000, in_b_i[15:0], in_a_i[15:0]};
      end
      hp_uop_pkg::OpFma: begin
        op = fpnew_pkg::FMADD;
        operands = {in_c_i[15:0], in_b_i[15:0], in_a_i[15:0]};
      end
      default: ;
    endcase
  end
  fpnew_pkg::fp_format_e format;
  assign format = in_uop_i.format_low == hp_uop_pkg::FormatBf16[2:0] ? fpnew_pkg::FP16ALT
                                                                      : fpnew_pkg::FP16;

  // The lane mask travels in FPnew's tag beside halfpipe's.
  typedef struct packed {
    logic [Lanes-1:0]    mask;
    logic [TagWidth-1:0] tag;
  } tag_t;
  tag_t tag_in, tag_out;
  assign tag_in = '{mask: in_lane_mask_i, tag: in_tag_i};

  logic [15:0] result;
  fpnew_pkg::status_t status;
  logic busy;
  fpnew_top #(
    .Features      (Features),
    .Implementation(Implementation),
    .TagType       (tag_t)
  ) u_fpnew (
    .clk_i,
    .rst_ni,
    .operands_i    (operands),
    .rnd_mode_i    (fpnew_pkg::RNE),
    .op_i          (op),
    .op_mod_i      (op_mod),
    .src_fmt_i     (format),
    .dst_fmt_i     (format),
    .int_fmt_i     (fpnew_pkg::INT16),
    .vectorial_op_i(1'b0),
    .tag_i         (tag_in),
    .simd_mask_i   (1'b1),
    .in_valid_i,
    .in_ready_o,
    .flush_i       (1'b0),
    .result_o      (result),
    .status_o      (status),
    .tag_o         (tag_out),
    .out_valid_o,
    .out_ready_i,
    .busy_o        (busy)
  );

  assign out_result_o = {{(16 * (Lanes - 1)){1'b0}}, tag_out.mask[0] ? result : 16'h0000};
  assign out_tag_o = tag_out.tag;
  assign out_lane_mask_o = tag_out.mask;

  logic unused;
  assign unused = ^{status, busy, in_a_i, in_b_i, in_c_i, in_uop_i};

endmodule
