// eu_fpu: the example of a user's unit (examples/your-unit/README.md). Its shape is none of
// hp_alu's: one lane; its own opcode encoding (one-hot ADD, SUB, MUL, FMA and an `alt` bit for
// bf16); a latency that depends on the operation (Latency* below); results that leave as they
// finish, out of order, each with the id it came in with; a subset of the forms (add, sub, mul
// and fma with .rn only). A request waits while all Slots are busy; a response holds while
// rsp_ready is low.
//
// Seeded faults, chosen at run time with the plusarg +fault=N (one Verilation serves them all;
// halfpipe's --plusargs +fault=N passes it), so that the tests can show the harness
// catching each one:
//   1 wrong rounding in fma.rn.f16: the sticky bit always set, so a tie rounds away from zero
//   3 the 5th transaction is lost      4 the 5th transaction leaves twice
//   5 the 5th transaction leaves with another id
//   6 the response changes while it is stalled
//   7 a NaN leaves as RISC-V's canonical NaN (0x7E00, bf16 0x7FC0) rather than PTX's 0x7FFF
//   8 the 5th transaction's result comes from a register nobody wrote (uninitialised state)
// (2, a swapped lane, is the adapter's: it has the lanes.)
module eu_fpu #(
  parameter int unsigned IdWidth = 4,
  parameter int unsigned Slots = 4
) (
  input  logic               clk,
  input  logic               rst_n,
  input  logic               req_valid,
  output logic               req_ready,
  input  logic [3:0]         req_opcode,
  input  logic               req_alt,
  input  logic [IdWidth-1:0] req_id,
  input  logic [15:0]        req_x,
  input  logic [15:0]        req_y,
  input  logic [15:0]        req_z,
  output logic               rsp_valid,
  input  logic               rsp_ready,
  output logic [IdWidth-1:0] rsp_id,
  output logic [15:0]        rsp_data
);

  // Cycles from the edge that accepts a request to the edge at which its response leaves, at the
  // earliest: latency as halfpipe counts it (hp_alu's is its Depth), so the adapter's Latencies
  // parameter declares these numbers. The response shows one cycle before it can leave.
  localparam int unsigned LatencyAdd = 2;
  localparam int unsigned LatencyMul = 3;
  localparam int unsigned LatencyFma = 5;
  localparam int unsigned SlotWidth = $clog2(Slots);

  localparam int unsigned FaultWrongRounding = 1;
  localparam int unsigned FaultLosesOne = 3;
  localparam int unsigned FaultDuplicatesOne = 4;
  localparam int unsigned FaultMixesIds = 5;
  localparam int unsigned FaultChangesWhileStalled = 6;
  localparam int unsigned FaultRiscvNan = 7;
  localparam int unsigned FaultUninitialised = 8;
  localparam logic [7:0] FaultyTransaction = 8'd5;

  int unsigned fault;
  initial begin
    if (!$value$plusargs("fault=%d", fault)) fault = 0;
  end

  typedef struct packed {
    logic               busy;
    logic [2:0]         wait_cycles;  // until the result may leave
    logic [IdWidth-1:0] id;
    logic               alt;
    logic               faulty;       // the FaultyTransaction-th, for the seeded faults
    logic [15:0]        data;
  } slot_t;

  slot_t slots_q [Slots];
  slot_t slots_d [Slots];
  logic out_valid_q, out_valid_d;
  logic [SlotWidth-1:0] out_slot_q, out_slot_d;
  logic out_repeat_q, out_repeat_d;    // FaultDuplicatesOne: the slot leaves a second time
  logic flip_q, flip_d;                // FaultChangesWhileStalled
  logic [7:0] accepted_q, accepted_d;  // requests accepted, saturating

  // ---- The arithmetic, at acceptance ----------------------------------------------------------
  logic [15:0] result;
  eu_datapath u_datapath (
    .opcode_i     (req_opcode),
    .alt_i        (req_alt),
    .force_sticky_i(fault == FaultWrongRounding && req_opcode == 4'b1000 && !req_alt),
    .x_i          (req_x),
    .y_i          (req_y),
    .z_i          (req_z),
    .result_o     (result)
  );

  logic [2:0] latency;
  always_comb begin
    unique case (req_opcode)
      4'b0100: latency = 3'(LatencyMul - 2);
      4'b1000: latency = 3'(LatencyFma - 2);
      default: latency = 3'(LatencyAdd - 2);
    endcase
  end

  // ---- Slots: the first free one takes a request; the first finished one leaves ----------------
  logic any_free, any_done;
  logic [SlotWidth-1:0] free_slot, done_slot;
  logic consume;
  always_comb begin
    any_free = 1'b0;
    free_slot = '0;
    for (int unsigned s = Slots; s-- > 0;) begin
      if (!slots_q[s].busy) begin
        any_free = 1'b1;
        free_slot = SlotWidth'(s);
      end
    end
  end
  assign req_ready = any_free;
  assign consume = out_valid_q && rsp_ready;

  always_comb begin
    slots_d = slots_q;
    accepted_d = accepted_q;
    out_repeat_d = out_repeat_q;
    for (int unsigned s = 0; s < Slots; ++s) begin
      if (slots_q[s].busy && slots_q[s].wait_cycles != 3'd0) begin
        slots_d[s].wait_cycles = slots_q[s].wait_cycles - 3'd1;
      end
    end
    if (consume) begin
      if (fault == FaultDuplicatesOne && slots_q[out_slot_q].faulty && !out_repeat_q) begin
        out_repeat_d = 1'b1;  // stays busy: it leaves again
      end else begin
        slots_d[out_slot_q].busy = 1'b0;
        out_repeat_d = 1'b0;
      end
    end
    if (req_valid && req_ready) begin
      if (accepted_q != 8'hFF) accepted_d = accepted_q + 8'd1;
      slots_d[free_slot].busy = !(fault == FaultLosesOne && accepted_d == FaultyTransaction);
      slots_d[free_slot].wait_cycles = latency;
      slots_d[free_slot].id = req_id;
      slots_d[free_slot].alt = req_alt;
      slots_d[free_slot].faulty = accepted_d == FaultyTransaction;
      slots_d[free_slot].data = result;
    end
  end

  // The next response: a finished slot other than the one leaving now.
  always_comb begin
    any_done = 1'b0;
    done_slot = '0;
    for (int unsigned s = Slots; s-- > 0;) begin
      if (slots_q[s].busy && slots_q[s].wait_cycles == 3'd0 &&
          !(consume && SlotWidth'(s) == out_slot_q && !out_repeat_d)) begin
        any_done = 1'b1;
        done_slot = SlotWidth'(s);
      end
    end
    out_valid_d = out_valid_q;
    out_slot_d = out_slot_q;
    if (!out_valid_q || consume) begin
      out_valid_d = any_done || (consume && out_repeat_d);
      out_slot_d = (consume && out_repeat_d) ? out_slot_q : done_slot;
    end
    flip_d = out_valid_q && !rsp_ready && fault == FaultChangesWhileStalled ? !flip_q : 1'b0;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int unsigned s = 0; s < Slots; ++s) slots_q[s] <= '0;
      out_valid_q <= 1'b0;
      out_slot_q <= '0;
      out_repeat_q <= 1'b0;
      flip_q <= 1'b0;
      accepted_q <= '0;
    end else begin
      slots_q <= slots_d;
      out_valid_q <= out_valid_d;
      out_slot_q <= out_slot_d;
      out_repeat_q <= out_repeat_d;
      flip_q <= flip_d;
      accepted_q <= accepted_d;
    end
  end

  // FaultUninitialised reads this register, which is written only by a request that never comes
  // (all four opcode bits set), and never reset.
  logic [15:0] never_written_q;
  always_ff @(posedge clk) begin
    if (req_valid && req_ready && req_opcode == 4'b1111) never_written_q <= req_x;
  end

  // ---- The response ---------------------------------------------------------------------------
  slot_t leaving;
  logic is_nan;
  always_comb begin
    leaving = slots_q[out_slot_q];
    rsp_valid = out_valid_q;
    rsp_id = leaving.id ^ IdWidth'(fault == FaultMixesIds && leaving.faulty);
    is_nan = leaving.alt ? (leaving.data[14:7] == 8'hFF && leaving.data[6:0] != '0)
                         : (leaving.data[14:10] == 5'h1F && leaving.data[9:0] != '0);
    rsp_data = leaving.data ^ {15'd0, flip_q};
    if (fault == FaultUninitialised && leaving.faulty) rsp_data = never_written_q;
    if (fault == FaultRiscvNan && is_nan) rsp_data = leaving.alt ? 16'h7FC0 : 16'h7E00;
  end

  logic unused_leaving;
  assign unused_leaving = ^{leaving.busy, leaving.wait_cycles};

endmodule
