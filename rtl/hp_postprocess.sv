// The one post-processor: everything after rounding, in the order of ref::post_process
// (model/ref/postprocess.cpp): ftz of a tiny result (S8), the oob override (S14, decided on the
// raw operands upstream), then sat (S12) or relu (S13). A lane outside the mask yields zero.
`include "hp_policy_pkg.sv"

module hp_postprocess (
  input  logic        bf16_i,
  input  logic        ftz_i,
  input  logic        sat_i,
  input  logic        relu_i,
  input  logic        oob_hit_i,  // .oob and an OOB-NaN in a or b
  input  logic        enable_i,   // the lane's mask bit
  input  logic [15:0] rounded_i,
  input  logic        tiny_i,     // hp_round's tininess after rounding (S8)
  output logic [15:0] result_o
);

  logic [15:0] flushed, oob_applied, saturated, relu_applied;

  // Branches rather than ?: so that Verilator calls each policy function only when its modifier
  // is set (it evaluates a function call before the ?: that selects it).
  always_comb begin
    flushed = rounded_i;
    if (ftz_i) begin
      flushed = hp_policy_pkg::flush_tiny_result(bf16_i, rounded_i, tiny_i);
    end
    oob_applied = oob_hit_i ? 16'h0000 : flushed;  // S14: before, and regardless of, sat/relu
    saturated = oob_applied;
    if (sat_i) begin
      saturated = hp_policy_pkg::saturate(bf16_i, oob_applied);
    end
    relu_applied = saturated;
    if (relu_i) begin
      relu_applied = hp_policy_pkg::relu(bf16_i, saturated);
    end
    result_o = enable_i ? relu_applied : 16'h0000;
  end

endmodule
