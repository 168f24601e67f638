// A self-checking testbench for hp_alu written in SystemVerilog alone: the expected results come
// from halfpipe's golden reference through DPI-C (dpi/halfpipe_dpi_pkg.sv, libhalfpipe_dpi.so);
// no other C or C++ runs.
//
// It drives hp_alu at Lanes=4 (rtl/TIMING.md) with random instructions of every legal PTX form,
// Uop and lane mask from hp_dpi_uop, random operands (a quarter of them special values) and a
// random mix of enabled lanes; the inputs come with random gaps and the outputs are taken under
// random back-pressure. Each accepted beat's expected lanes go into a queue; each consumed
// output is compared lane by lane, and with its tag and lane mask, against the queue's head.
// It ends with `N passed, N failed` (lanes compared) and exits non-zero on any failure.
//
// Defines: HP_DPI_BEATS (beats to send, default 100000), HP_DPI_SEED (default 1).
// +HP_DPI_BREAK_RESULT on the command line, or the define of that name, corrupts lane 3 of every
// odd tag as it leaves the DUT, to prove that the comparison catches a wrong result; as a
// plusarg, the one build runs both ways.
`include "halfpipe_dpi_pkg.sv"
`include "hp_uop_pkg.sv"

`ifndef HP_DPI_BEATS
`define HP_DPI_BEATS 100000
`endif
`ifndef HP_DPI_SEED
`define HP_DPI_SEED 1
`endif

module tb_hp_alu_dpi #(
  // hp_alu's tanh/ex2 tables: the installed share/halfpipe/approx/*.mem, or the source tree's
  // model/ref/approx/*.mem (pass -GTanhMemFile=... -GEx2MemFile=...)
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
);
  import halfpipe_dpi_pkg::*;

  localparam int Lanes = 4;
  localparam int TagWidth = 8;
  localparam int UopWidth = hp_uop_pkg::UopWidth;
  localparam int Beats = `HP_DPI_BEATS;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  logic in_valid = 1'b0, in_ready;
  logic [UopWidth-1:0] in_uop = '0;
  logic [Lanes-1:0] in_lane_mask = '0;
  logic [16*Lanes-1:0] in_a = '0, in_b = '0, in_c = '0;
  logic [TagWidth-1:0] in_tag = '0;
  logic out_valid, out_ready = 1'b0;
  logic [16*Lanes-1:0] out_result;
  logic [TagWidth-1:0] out_tag;
  logic [Lanes-1:0] out_lane_mask;

  always #5 clk = ~clk;

  hp_alu #(
    .Lanes(Lanes), .TagWidth(TagWidth), .TanhMemFile(TanhMemFile), .Ex2MemFile(Ex2MemFile)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_uop_i(in_uop),
    .in_lane_mask_i(in_lane_mask), .in_a_i(in_a), .in_b_i(in_b), .in_c_i(in_c), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_result_o(out_result),
    .out_tag_o(out_tag), .out_lane_mask_o(out_lane_mask)
  );

  // Every legal PTX form, decoded once.
  typedef struct {
    chandle handle;
    string name;
    int operands;
    bit is_packed;
    logic [UopWidth-1:0] uop;
  } form_t;
  form_t forms[$];

  // A beat's expectation, queued when hp_alu accepts it.
  typedef struct {
    logic [TagWidth-1:0] tag;
    logic [Lanes-1:0] lane_mask;
    logic [16*Lanes-1:0] result;
    int form;
    logic [16*Lanes-1:0] a, b, c;
  } expected_t;
  expected_t expected[$];
  expected_t pending;  // the beat on the input ports

  int unsigned passed = 0, failed = 0, sent = 0, received = 0;

  // Operands: random bits, or a value at an edge of the formats.
  localparam logic [15:0] Specials[12] = '{16'h0000, 16'h8000, 16'h3c00, 16'h7bff, 16'h7c00,
                                           16'hfc00, 16'h7e00, 16'h0001, 16'h03ff, 16'h7f80,
                                           16'h7fc0, 16'h0080};
  function automatic logic [15:0] operand();
    if ($urandom_range(3) == 0) return Specials[$urandom_range(11)];
    return 16'($urandom);
  endfunction

  function automatic void fail_setup(string what);
    $display("setup: %s: %s", what, hp_dpi_last_error());
    $fatal(1, "halfpipe DPI setup failed");
  endfunction

  task automatic load_forms();
    int count = hp_dpi_form_count();
    if (count <= 0) fail_setup("no legal forms");
    for (int i = 0; i < count; ++i) begin
      form_t f;
      int unsigned word, mask;
      f.name = hp_dpi_form_at(i);
      f.handle = hp_dpi_decode(f.name);
      if (f.handle == null) fail_setup(f.name);
      if (hp_dpi_uop(f.handle, word, mask) != HpOk) fail_setup(f.name);
      f.uop = word[UopWidth-1:0];
      f.operands = hp_dpi_operand_count(f.handle);
      f.is_packed = hp_dpi_is_packed(f.handle) != 0;
      forms.push_back(f);
    end
    $display("hp_alu Lanes=%0d, %0d legal PTX forms, %0d beats, halfpipe %s", Lanes, count, Beats,
             hp_dpi_version());
  endtask

  // A random beat and its expected result: a scalar form computes each lane as its own register,
  // a packed form each pair of lanes as one 32-bit register (S2); a disabled lane gives 0.
  function automatic expected_t make_beat(logic [TagWidth-1:0] tag);
    expected_t e;
    int f = $urandom_range(forms.size() - 1);
    e.form = f;
    e.tag = tag;
    e.lane_mask = Lanes'($urandom);
    if ($urandom_range(3) != 0) e.lane_mask = '1;
    for (int lane = 0; lane < Lanes; ++lane) begin
      e.a[16*lane +: 16] = operand();
      e.b[16*lane +: 16] = forms[f].operands >= 2 ? operand() : 16'h0;
      e.c[16*lane +: 16] = forms[f].operands >= 3 ? operand() : 16'h0;
    end
    e.result = '0;
    for (int lane = 0; lane < Lanes; lane += forms[f].is_packed ? 2 : 1) begin
      int width = forms[f].is_packed ? 32 : 16;
      int unsigned r, a = 32'(e.a[16*lane +: 16]), b = 32'(e.b[16*lane +: 16]),
                   c = 32'(e.c[16*lane +: 16]);
      if (forms[f].is_packed) begin  // lane + 1 is the register's upper half
        a[31:16] = e.a[16*(lane + 1) +: 16];
        b[31:16] = e.b[16*(lane + 1) +: 16];
        c[31:16] = e.c[16*(lane + 1) +: 16];
      end
      if (hp_dpi_exec(forms[f].handle, forms[f].operands, a, b, c, r) != HpOk)
        fail_setup(forms[f].name);
      for (int k = 0; k < width / 16; ++k)
        if (e.lane_mask[lane + k]) e.result[16*(lane + k) +: 16] = r[16*k +: 16];
    end
    return e;
  endfunction

  function automatic void check(logic [16*Lanes-1:0] result, logic [TagWidth-1:0] tag,
                                logic [Lanes-1:0] lane_mask);
    expected_t e;
    if (expected.size() == 0) begin
      $display("FAIL: an output (tag %0d) with nothing outstanding", tag);
      failed += Lanes;
      return;
    end
    e = expected.pop_front();
    if (tag != e.tag || lane_mask != e.lane_mask) begin
      $display("FAIL: output tag %0d lane mask %b, expected tag %0d lane mask %b", tag, lane_mask,
               e.tag, e.lane_mask);
      failed += Lanes;
      return;
    end
    for (int lane = 0; lane < Lanes; ++lane) begin
      if (result[16*lane +: 16] === e.result[16*lane +: 16]) begin
        ++passed;
      end else begin
        ++failed;
        if (failed <= 10)
          $display("FAIL: %s lane %0d (tag %0d): a %h b %h c %h: got %h, expected %h",
                   forms[e.form].name, lane, tag, e.a[16*lane +: 16], e.b[16*lane +: 16],
                   e.c[16*lane +: 16], result[16*lane +: 16], e.result[16*lane +: 16]);
      end
    end
  endfunction

  initial begin
    bit have_beat = 0, fire_in, fire_out, break_result;
`ifdef HP_DPI_BREAK_RESULT
    break_result = 1'b1;
`else
    break_result = $test$plusargs("HP_DPI_BREAK_RESULT") != 0;
`endif
    void'($urandom(`HP_DPI_SEED));
    load_forms();
    repeat (2) @(posedge clk);
    @(negedge clk) rst_n = 1'b1;
    while (received < Beats) begin
      // Inputs change between edges: offer a new beat (or a gap) once the last one went in, and
      // decide whether to take an output this cycle.
      if (!have_beat && sent < Beats && $urandom_range(9) < 8) begin
        pending = make_beat(TagWidth'(sent));
        have_beat = 1;
      end
      in_valid = have_beat;
      in_uop = have_beat ? forms[pending.form].uop : '0;
      in_lane_mask = pending.lane_mask;
      in_a = pending.a;
      in_b = pending.b;
      in_c = pending.c;
      in_tag = pending.tag;
      out_ready = $urandom_range(9) < 7;
      // Sample just before the rising edge, when the handshakes have settled: what the edge sees.
      #4;
      fire_out = out_valid && out_ready;
      fire_in = in_valid && in_ready;
      if (fire_out) begin
        logic [16*Lanes-1:0] observed = out_result;
        if (break_result && out_tag[0]) observed[16*3 +: 16] ^= 16'h0001;
        check(observed, out_tag, out_lane_mask);
        ++received;
      end
      if (fire_in) begin
        expected.push_back(pending);
        have_beat = 0;
        ++sent;
      end
      @(negedge clk);
    end
    foreach (forms[i]) hp_dpi_free(forms[i].handle);
    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0 || expected.size() != 0) $fatal(1, "hp_alu disagrees with the reference");
    $finish;
  end
endmodule
