// hp_alu_assertions: rtl/TIMING.md's handshake rules as concurrent assertions, bound to every
// hp_alu instance by hp_alu_bind.sv and compiled in with Verilator's --assert. Simulation only:
// Yosys and the netlist flow never read this directory.
//
// Each assertion names the rule it pins (rtl/README.md, "Assertions"):
//   stable_while_stalled   while out_valid_o && !out_ready_i the output transaction (valid,
//                          result, tag, lane mask) holds until the next edge;
//   ready_is_advance       in_ready_o = !out_valid_o || out_ready_i;
//   at_most_depth          at most Depth transactions are in flight (one per stage);
//   nothing_unentered      every output transfer has a transaction in flight to hand out;
//   tags_in_order          and its tag is the oldest one in flight.
// A sixth rule, every valid output free of X, cannot be an assertion: Verilator has no X. With
// --x-assign/--x-initial unique every uninitialised bit is drawn from the run's seed instead, and
// tests/rtl/pipeline_test.cpp ("X rule") runs hp_alu under two seeds and compares every valid
// output.
// The last three keep their own record of what entered: the number in flight and their tags in
// arrival order (a ring of Depth entries, as at most Depth are in flight). rst_ni empties the
// unit and the record alike, asynchronously.
//
// Cover points count the handshake events a test should reach (verilator --coverage-user):
// a stall, back-to-back transfers at the output, and a reset with transactions in flight.
module hp_alu_assertions #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic                in_valid_i,
  input logic                in_ready_o,
  input logic [TagWidth-1:0] in_tag_i,
  input logic                out_valid_o,
  input logic                out_ready_i,
  input logic [16*Lanes-1:0] out_result_o,
  input logic [TagWidth-1:0] out_tag_o,
  input logic [Lanes-1:0]    out_lane_mask_o
);

  localparam int unsigned CountWidth = $clog2(Depth + 1);
  localparam int unsigned SlotWidth = Depth > 1 ? $clog2(Depth) : 1;
  localparam logic [CountWidth-1:0] Capacity = CountWidth'(Depth);
  localparam logic [SlotWidth-1:0] LastSlot = SlotWidth'(Depth - 1);

  logic in_transfer, out_transfer, stalled;
  assign in_transfer  = in_valid_i && in_ready_o;
  assign out_transfer = out_valid_o && out_ready_i;
  assign stalled      = out_valid_o && !out_ready_i;

  // ---- The record of what entered: how many are in flight, and their tags oldest first -------
  logic [CountWidth-1:0] in_flight_q;
  logic [SlotWidth-1:0]  oldest_q, next_free_q;
  logic [TagWidth-1:0]   entered_tag_q [Depth];
  logic [TagWidth-1:0]   oldest_tag;  // read here: Verilator 5.006 fails on an array in a property
  assign oldest_tag = entered_tag_q[oldest_q];

  function automatic logic [SlotWidth-1:0] next_slot(logic [SlotWidth-1:0] slot);
    next_slot = slot == LastSlot ? '0 : slot + 1'b1;
  endfunction

  // A transfer that breaks the record's own rules (one too many in, one out of nothing) is
  // reported below and left out of the record, so that it stays a possible one.
  logic recorded_in, recorded_out;
  assign recorded_in  = in_transfer && (in_flight_q < Capacity || out_transfer);
  assign recorded_out = out_transfer && in_flight_q != '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_flight_q <= '0;
      oldest_q    <= '0;
      next_free_q <= '0;
    end else begin
      if (recorded_in) next_free_q <= next_slot(next_free_q);
      if (recorded_out) oldest_q <= next_slot(oldest_q);
      in_flight_q <= in_flight_q + CountWidth'(recorded_in) - CountWidth'(recorded_out);
    end
  end

  always_ff @(posedge clk_i) begin
    if (recorded_in) entered_tag_q[next_free_q] <= in_tag_i;
  end

  // ---- The output at the last edge, and whether it was stalled there -------------------------
  // Registers of its own rather than $past/$stable: an asynchronous reset between two edges
  // empties the unit, and clears stalled_q with it, so a stall cut short by a reset is no
  // violation even when rst_ni is high again at the next edge (disable iff samples it there).
  logic                stalled_q, out_transfer_q;
  logic [16*Lanes-1:0] last_result_q;
  logic [TagWidth-1:0] last_tag_q;
  logic [Lanes-1:0]    last_lane_mask_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stalled_q      <= 1'b0;
      out_transfer_q <= 1'b0;
    end else begin
      stalled_q      <= stalled;
      out_transfer_q <= out_transfer;
    end
  end

  always_ff @(posedge clk_i) begin
    last_result_q    <= out_result_o;
    last_tag_q       <= out_tag_o;
    last_lane_mask_q <= out_lane_mask_o;
  end

  // ---- The rules --------------------------------------------------------------------------------
  stable_while_stalled: assert property (@(posedge clk_i) disable iff (!rst_ni)
      stalled_q |-> out_valid_o && out_result_o == last_result_q && out_tag_o == last_tag_q
                    && out_lane_mask_o == last_lane_mask_q)
    else $error("stable_while_stalled: the output changed while out_valid_o && !out_ready_i (rtl/TIMING.md: back-pressure freezes every stage)");

  ready_is_advance: assert property (@(posedge clk_i) disable iff (!rst_ni)
      in_ready_o == (!out_valid_o || out_ready_i))
    else $error("ready_is_advance: in_ready_o is not !out_valid_o || out_ready_i (rtl/TIMING.md)");

  at_most_depth: assert property (@(posedge clk_i) disable iff (!rst_ni)
      in_transfer && !out_transfer |-> in_flight_q < Capacity)
    else $error("at_most_depth: a transaction entered with Depth=%0d already in flight (rtl/TIMING.md: one per stage)", Depth);

  nothing_unentered: assert property (@(posedge clk_i) disable iff (!rst_ni)
      out_transfer |-> in_flight_q != '0)
    else $error("nothing_unentered: tag %0h left but no transaction is in flight (rtl/TIMING.md: nothing is lost or duplicated)", out_tag_o);

  tags_in_order: assert property (@(posedge clk_i) disable iff (!rst_ni)
      recorded_out |-> out_tag_o == oldest_tag)
    else $error("tags_in_order: tag %0h left before tag %0h, which entered earlier (rtl/TIMING.md: tags travel with their data, in order)", out_tag_o, oldest_tag);

  // ---- What the tests should reach ---------------------------------------------------------------
  stall: cover property (@(posedge clk_i) disable iff (!rst_ni) stalled);
  back_to_back: cover property (@(posedge clk_i) disable iff (!rst_ni)
      out_transfer && out_transfer_q);
  reset_during_traffic: cover property (@(negedge rst_ni) in_flight_q != '0);

endmodule
