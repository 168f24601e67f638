// hp_unit_contract: rtl/TIMING.md's contract as immediate assertions on the unit interface's
// ports, for Yosys's formal flow (scripts/formal). Yosys 0.23 reads no concurrent assertion and
// drops `bind`, so a wrapper instantiates this checker beside the unit (hp_alu_formal.sv) and
// every property is an `assert` in an always block, each named after the rule it pins:
//
//   ready_is_advance      in_ready_o = advance = !out_valid_o || out_ready_i;
//   stable_while_stalled  while out_valid_o && !out_ready_i the output transaction (valid,
//                         result, tag, lane mask) holds until the next edge;
//   line_of_depth         a Depth-stage line that advances together: out_valid_o is whether a
//                         transaction was accepted Depth-1 advancing edges ago (latency Depth,
//                         one result a cycle when nothing stalls, nothing invented or lost);
//   ids_travel            the tag and lane mask at the outputs are the ones accepted with it;
//   at_most_depth         at most Depth transactions in flight;
//   nothing_unentered     every output transfer has an accepted transaction in flight;
//   tracked_in_order      the solver picks any accepted transaction (track_i): it leaves after
//                         every one accepted before it, with its own tag and lane mask;
//   tracked_in_time       and it is at the outputs after Depth-1 advancing edges, so it leaves at
//                         the Depth-th: Depth cycles plus one per stalled edge, never later.
//
// The record_* assertions are lemmas, not rules: they tie this checker's own registers to each
// other so that k-induction needs no longer traces than Depth allows (each follows from the
// rules above on every reachable state). The wrapper adds the unit's own lemmas.
// The record is visible on the expect_*/tracked_* ports, for the wrapper's lemmas.
`include "hp_uop_pkg.sv"

module hp_unit_contract #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // Which accepted transaction to track: the solver chooses, as for any free input.
  input  logic                       track_i,
  input  logic                       in_valid_i,
  input  logic                       in_ready_o,
  input  logic [hp_uop_pkg::UopWidth-1:0] in_uop_i,
  input  logic [Lanes-1:0]           in_lane_mask_i,
  input  logic [16*Lanes-1:0]        in_a_i,
  input  logic [16*Lanes-1:0]        in_b_i,
  input  logic [16*Lanes-1:0]        in_c_i,
  input  logic [TagWidth-1:0]        in_tag_i,
  input  logic                       out_valid_o,
  input  logic                       out_ready_i,
  input  logic [16*Lanes-1:0]        out_result_o,
  input  logic [TagWidth-1:0]        out_tag_o,
  input  logic [Lanes-1:0]           out_lane_mask_o,
  // The record, for the wrapper's lemmas.
  output logic [Depth-1:0]           expect_valid_o,
  output logic [Depth*(TagWidth+Lanes)-1:0] expect_id_o,
  output logic                       tracking_o,
  output logic [$clog2(Depth+1)-1:0] tracked_advances_o,
  output logic [hp_uop_pkg::UopWidth-1:0] tracked_uop_o,
  output logic [48*Lanes-1:0]        tracked_operands_o
);

  localparam int unsigned IdWidth = TagWidth + Lanes;
  localparam int unsigned CountWidth = $clog2(Depth + 1);
  localparam logic [CountWidth-1:0] Capacity = CountWidth'(Depth);
  localparam logic [CountWidth-1:0] LastStage = CountWidth'(Depth - 1);

  logic advance, in_transfer, out_transfer, stalled;
  assign advance      = !out_valid_o || out_ready_i;
  assign in_transfer  = in_valid_i && in_ready_o;
  assign out_transfer = out_valid_o && out_ready_i;
  assign stalled      = out_valid_o && !out_ready_i;

  // ---- The line as TIMING.md defines it: stage s of expect_* is what the unit's stage s holds --
  logic [Depth-1:0]         expect_valid_q;
  logic [Depth*IdWidth-1:0] expect_id_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      expect_valid_q <= '0;
    end else if (advance) begin
      expect_valid_q <= {expect_valid_q[Depth-2:0], in_valid_i};
    end
  end

  always_ff @(posedge clk_i) begin
    if (advance) begin
      expect_id_q <= {expect_id_q[(Depth-1)*IdWidth-1:0], in_tag_i, in_lane_mask_i};
    end
  end

  assign expect_valid_o = expect_valid_q;
  assign expect_id_o    = expect_id_q;

  // ---- How many are in flight, counted at the ports ----------------------------------------
  logic [CountWidth-1:0] in_flight_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_flight_q <= '0;
    end else begin
      in_flight_q <= in_flight_q + CountWidth'(in_transfer) - CountWidth'(out_transfer);
    end
  end

  // ---- The tracked transaction -----------------------------------------------------------------
  logic                            tracking_q;
  logic [CountWidth-1:0]           tracked_ahead_q;     // in flight before it, not yet left
  logic [CountWidth-1:0]           tracked_advances_q;  // advancing edges since it entered
  logic [TagWidth-1:0]             tracked_tag_q;
  logic [Lanes-1:0]                tracked_lane_mask_q;
  logic [hp_uop_pkg::UopWidth-1:0] tracked_uop_q;
  logic [48*Lanes-1:0]             tracked_operands_q;
  logic                            tracked_leaves;
  assign tracked_leaves = tracking_q && out_transfer && tracked_ahead_q == '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tracking_q <= 1'b0;
    end else if (!tracking_q) begin
      tracking_q <= in_transfer && track_i;
    end else if (tracked_leaves) begin
      tracking_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!tracking_q) begin
      tracked_ahead_q     <= in_flight_q - CountWidth'(out_transfer);
      tracked_advances_q  <= '0;
      tracked_tag_q       <= in_tag_i;
      tracked_lane_mask_q <= in_lane_mask_i;
      tracked_uop_q       <= in_uop_i;
      tracked_operands_q  <= {in_c_i, in_b_i, in_a_i};
    end else begin
      if (out_transfer && tracked_ahead_q != '0) tracked_ahead_q <= tracked_ahead_q - 1'b1;
      if (advance) tracked_advances_q <= tracked_advances_q + 1'b1;
    end
  end

  assign tracking_o         = tracking_q;
  assign tracked_advances_o = tracked_advances_q;
  assign tracked_uop_o      = tracked_uop_q;
  assign tracked_operands_o = tracked_operands_q;

  // ---- The output at the last edge -----------------------------------------------------------
  logic                stalled_q;
  logic [16*Lanes-1:0] last_result_q;
  logic [TagWidth-1:0] last_tag_q;
  logic [Lanes-1:0]    last_lane_mask_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stalled_q <= 1'b0;
    end else begin
      stalled_q <= stalled;
    end
  end

  always_ff @(posedge clk_i) begin
    last_result_q    <= out_result_o;
    last_tag_q       <= out_tag_o;
    last_lane_mask_q <= out_lane_mask_o;
  end

  // ---- Counts over the expected line, for the lemmas -----------------------------------------
  logic [CountWidth-1:0] expected_in_flight, expected_ahead;
  logic                  tracked_expected;
  logic [IdWidth-1:0]    tracked_expected_id;
  always_comb begin
    expected_in_flight  = '0;
    expected_ahead      = '0;
    tracked_expected    = 1'b0;
    tracked_expected_id = '0;
    for (int unsigned s = 0; s < Depth; s++) begin
      expected_in_flight = expected_in_flight + CountWidth'(expect_valid_q[s]);
      if (CountWidth'(s) > tracked_advances_q) begin
        expected_ahead = expected_ahead + CountWidth'(expect_valid_q[s]);
      end
      if (CountWidth'(s) == tracked_advances_q) begin
        tracked_expected    = expect_valid_q[s];
        tracked_expected_id = expect_id_q[IdWidth*s +: IdWidth];
      end
    end
  end

  // ---- The rules ------------------------------------------------------------------------------
  always_comb begin
    if (rst_ni) begin
      ready_is_advance: assert (in_ready_o == advance);
      line_of_depth: assert (out_valid_o == expect_valid_q[Depth-1]);
      if (out_valid_o) begin
        ids_travel: assert ({out_tag_o, out_lane_mask_o}
                            == expect_id_q[IdWidth*(Depth-1) +: IdWidth]);
      end
      at_most_depth: assert (in_flight_q <= Capacity);
      if (out_transfer) begin
        nothing_unentered: assert (in_flight_q != '0);
      end
      if (stalled_q) begin
        stable_while_stalled: assert (out_valid_o && out_result_o == last_result_q
                                      && out_tag_o == last_tag_q
                                      && out_lane_mask_o == last_lane_mask_q);
      end
      if (tracked_leaves) begin
        tracked_in_order: assert (out_tag_o == tracked_tag_q
                                  && out_lane_mask_o == tracked_lane_mask_q);
      end
      if (tracking_q) begin
        tracked_in_time: assert (tracked_advances_q <= LastStage
                                 && (tracked_advances_q != LastStage
                                     || (out_valid_o && tracked_ahead_q == '0)));
        // Lemmas: the tracked transaction is where the expected line has it.
        record_tracked_stage: assert (tracked_expected
            && tracked_expected_id == {tracked_tag_q, tracked_lane_mask_q});
        record_tracked_ahead: assert (tracked_ahead_q == expected_ahead);
      end
      record_in_flight: assert (in_flight_q == expected_in_flight);
    end
  end

endmodule
