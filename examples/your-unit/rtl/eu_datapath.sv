// The example unit's arithmetic: add, sub, mul and fma of fp16 or bf16, rounded to nearest even,
// combinational. It reuses halfpipe's own modules (unpack, the fused datapath, the rounder, the
// post-processor) with every register position off: the example is about the shell around it,
// which differs from hp_alu's in every respect (eu_fpu.sv).
`include "hp_format_pkg.sv"
`include "hp_uop_pkg.sv"

module eu_datapath (
  input  logic [3:0]  opcode_i,          // eu_fpu's own encoding: one-hot ADD, SUB, MUL, FMA
  input  logic        alt_i,             // 0: fp16, 1: bf16 (FPnew's FP16ALT)
  input  logic        force_sticky_i,    // a seeded fault: the rounder sees every value inexact
  input  logic [15:0] x_i,
  input  logic [15:0] y_i,
  input  logic [15:0] z_i,
  output logic [15:0] result_o
);

  hp_uop_pkg::op_e op;
  always_comb begin
    unique case (opcode_i)
      4'b0010: op = hp_uop_pkg::OpSub;
      4'b0100: op = hp_uop_pkg::OpMul;
      4'b1000: op = hp_uop_pkg::OpFma;
      default: op = hp_uop_pkg::OpAdd;
    endcase
  end

  hp_format_pkg::unpacked_t x, y, z;
  logic [15:0] x_flushed, y_flushed, z_flushed;
  hp_unpack u_unpack_x (.enable_i(1'b1), .bf16_i(alt_i), .ftz_i(1'b0), .value_i(x_i),
                        .flushed_o(x_flushed), .unpacked_o(x));
  hp_unpack u_unpack_y (.enable_i(1'b1), .bf16_i(alt_i), .ftz_i(1'b0), .value_i(y_i),
                        .flushed_o(y_flushed), .unpacked_o(y));
  hp_unpack u_unpack_z (.enable_i(op == hp_uop_pkg::OpFma), .bf16_i(alt_i), .ftz_i(1'b0),
                        .value_i(z_i), .flushed_o(z_flushed), .unpacked_o(z));

  logic special, tiny;
  logic [15:0] special_value, rounded;
  hp_format_pkg::exact_t exact, exact_to_round;
  hp_fma_core u_fma_core (
    .clk_i          (1'b0),
    .advance_i      (1'b0),
    .bf16_i         (alt_i),
    .op_i           (op),
    .a_i            (x),
    .b_i            (y),
    .c_i            (z),
    .special_o      (special),
    .special_value_o(special_value),
    .exact_o        (exact)
  );

  always_comb begin
    exact_to_round = exact;
    if (force_sticky_i) exact_to_round.sticky = 1'b1;
  end

  hp_round u_round (
    .clk_i         (1'b0),
    .advance_i     (1'b0),
    .bf16_i        (alt_i),
    .toward_zero_i (1'b0),
    .bypass_i      (special),
    .bypass_value_i(special_value),
    .exact_i       (exact_to_round),
    .result_o      (rounded),
    .tiny_o        (tiny)
  );

  hp_postprocess u_postprocess (
    .bf16_i   (alt_i),
    .ftz_i    (1'b0),
    .sat_i    (1'b0),
    .relu_i   (1'b0),
    .oob_hit_i(1'b0),
    .enable_i (1'b1),
    .rounded_i(rounded),
    .tiny_i   (tiny),
    .result_o (result_o)
  );

  logic unused_flushed;
  assign unused_flushed = ^{x_flushed, y_flushed, z_flushed};

endmodule
