// hp_faulty_line: a Depth-stage line with hp_alu's handshake ports (rtl/TIMING.md), correct
// unless fault_i asks it to break one rule, so that the tests can show each of
// hp_alu_assertions' rules firing on a unit that violates it (tests/rtl/assertions_test.cpp).
// Test-only; it computes nothing: the result is operand a, carried with the tag and lane mask.
module hp_faulty_line #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // Which rule to break; tests/rtl/assertions_test.cpp's Fault lists the same values.
  input  logic [2:0]          fault_i,
  input  logic                in_valid_i,
  output logic                in_ready_o,
  input  logic [Lanes-1:0]    in_lane_mask_i,
  input  logic [16*Lanes-1:0] in_a_i,
  // hp_alu's other inputs, so that the harness's wrapper (tb/verilated_dut.h) drives this unit
  // as it drives hp_alu; the line carries operand a only.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [31:0]         in_uop_i,
  input  logic [16*Lanes-1:0] in_b_i,
  input  logic [16*Lanes-1:0] in_c_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [TagWidth-1:0] in_tag_i,
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [16*Lanes-1:0] out_result_o,
  output logic [TagWidth-1:0] out_tag_o,
  output logic [Lanes-1:0]    out_lane_mask_o
);

  localparam logic [2:0] FaultNone               = 3'd0;
  localparam logic [2:0] FaultChangesWhileStalled = 3'd1;  // result bit 0 flips each stalled edge
  localparam logic [2:0] FaultEmitsUnentered     = 3'd2;  // out_valid_o high with the line empty
  localparam logic [2:0] FaultSwapsTagPairs      = 3'd3;  // tags 0,1,2,3 leave as 1,0,3,2
  localparam logic [2:0] FaultReadyWhileStalled  = 3'd4;  // in_ready_o stays high under a stall
  localparam logic [2:0] FaultExtraStage         = 3'd5;  // Depth+1 stages: one too many in flight
  localparam logic [2:0] FaultLeaksUninitialised = 3'd6;  // result from a never-written register

  typedef struct packed {
    logic [16*Lanes-1:0] a;
    logic [TagWidth-1:0] tag;
    logic [Lanes-1:0]    lane_mask;
  } entry_t;

  // Depth+1 stages shift together; the outputs show stage Depth-1, or stage Depth with
  // FaultExtraStage.
  logic   [Depth:0] valid_q;
  // Stage s in entry_q[EntryWidth*s +: EntryWidth]: a flat bus, as Yosys 0.23 reads no array of
  // structs (scripts/formal reads this unit too).
  localparam int unsigned EntryWidth = 16 * Lanes + TagWidth + Lanes;
  logic [(Depth+1)*EntryWidth-1:0] entry_q;
  logic             last_valid;
  entry_t           last_entry;
  assign last_valid = fault_i == FaultExtraStage ? valid_q[Depth] : valid_q[Depth-1];
  assign last_entry = fault_i == FaultExtraStage ? entry_q[EntryWidth*Depth +: EntryWidth]
                                                 : entry_q[EntryWidth*(Depth-1) +: EntryWidth];

  logic advance;
  assign advance    = !out_valid_o || out_ready_i;
  assign in_ready_o = advance || fault_i == FaultReadyWhileStalled;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else if (advance) begin
      valid_q <= {valid_q[Depth-1:0], in_valid_i};
    end
  end

  always_ff @(posedge clk_i) begin
    if (advance) begin
      entry_q <= {entry_q[Depth*EntryWidth-1:0], in_a_i, in_tag_i, in_lane_mask_i};
    end
  end

  logic flip_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      flip_q <= 1'b0;
    end else if (out_valid_o && !out_ready_i) begin
      flip_q <= !flip_q;
    end
  end

  // Under FaultLeaksUninitialised never written, so it holds whatever the simulator started it
  // with (--x-initial unique: a value drawn from the run's seed).
  logic [15:0] unwritten_q;
  always_ff @(posedge clk_i) begin
    if (fault_i != FaultLeaksUninitialised) unwritten_q <= in_a_i[15:0];
  end

  always_comb begin
    out_valid_o     = last_valid || fault_i == FaultEmitsUnentered;
    out_result_o    = last_entry.a;
    out_tag_o       = last_entry.tag;
    out_lane_mask_o = last_entry.lane_mask;
    unique case (fault_i)
      FaultChangesWhileStalled: out_result_o[0] = last_entry.a[0] ^ flip_q;
      FaultSwapsTagPairs:       out_tag_o[0] = !last_entry.tag[0];
      FaultLeaksUninitialised:  out_result_o[15:0] = unwritten_q;
      FaultNone, FaultEmitsUnentered, FaultReadyWhileStalled, FaultExtraStage: ;  // as above
      default: ;
    endcase
  end

endmodule
