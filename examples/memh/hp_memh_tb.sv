// Replays a `halfpipe gen --format memh` image (vectors/FORMAT.md) against hp_alu: plain
// SystemVerilog, no DPI, no C++. Each vector is five 32-bit words: the Uop encoding
// (hp_uop_pkg), the registers a, b and c, and the expected result register. A scalar form runs
// on lane 0 with lane mask 0b1, a packed form on lanes 0 and 1 with mask 0b11 (S2, as
// tb/rtl_backend.cpp drives it); lanes a vector does not use get zero operands and must give
// zero (rtl/TIMING.md: a lane outside the mask outputs 16'h0000).
//
//   +image=FILE     the image (default: the Image parameter)
//   +vectors=N      the count the image's header declares; a different count fails the run
//
// One vector enters per cycle with the output always ready; results come back in order, tagged
// with their vector's index. Prints every mismatch (the first 20 in full, naming the vector's
// form), then `N passed, N failed`, and ends with $fatal when anything failed or nothing was
// replayed.
`include "hp_uop_pkg.sv"

module hp_memh_tb #(
  parameter int Lanes = 2,
  parameter int Depth = 4,
  parameter int MaxVectors = 1 << 17,
  parameter Image = "vectors.memh",
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
);
  localparam int WordsPerVector = 5;
  localparam int UopWidth = hp_uop_pkg::UopWidth;
  localparam int TagWidth = 16;
  // No Uop encoding sets a bit above UopWidth: the words past the image keep this value, which
  // marks the end of the vectors.
  localparam logic [31:0] NoVector = 32'hFFFF_FFFF;

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk <= !clk;

  logic [31:0] image [WordsPerVector * MaxVectors];

  logic                  in_valid;
  logic                  in_ready;
  logic [UopWidth-1:0]   in_uop;
  logic [Lanes-1:0]      in_lane_mask;
  logic [16*Lanes-1:0]   in_a, in_b, in_c;
  logic [TagWidth-1:0]   in_tag;
  logic                  out_valid;
  logic [16*Lanes-1:0]   out_result;
  logic [TagWidth-1:0]   out_tag;
  logic [Lanes-1:0]      out_lane_mask;

  hp_alu #(
    .Lanes(Lanes), .Depth(Depth), .TagWidth(TagWidth),
    .TanhMemFile(TanhMemFile), .Ex2MemFile(Ex2MemFile)
  ) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_uop_i(in_uop),
    .in_lane_mask_i(in_lane_mask), .in_a_i(in_a), .in_b_i(in_b), .in_c_i(in_c),
    .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(1'b1), .out_result_o(out_result),
    .out_tag_o(out_tag), .out_lane_mask_o(out_lane_mask)
  );

  int vector_count = 0;
  int sent = 0;
  int received = 0;
  int passed = 0;
  int failed = 0;
  int cycles = 0;

  function automatic logic [31:0] word_of(int vector, int index);
    return image[WordsPerVector * vector + index];
  endfunction

  // The lane mask follows from one field of the Uop word: the others are the DUT's business.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [Lanes-1:0] lane_mask_of(logic [31:0] uop_word);
    hp_uop_pkg::uop_t uop;
    uop = hp_uop_pkg::uop_t'(uop_word[UopWidth-1:0]);
    return uop.packed_x2 ? Lanes'(2'b11) : Lanes'(1'b1);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Drives vector `sent` onto the input ports (or nothing when all are sent).
  task automatic present_next();
    in_valid = sent < vector_count;
    in_uop = '0;
    in_lane_mask = '0;
    in_a = '0;
    in_b = '0;
    in_c = '0;
    in_tag = TagWidth'(sent);
    if (in_valid) begin
      in_uop = UopWidth'(word_of(sent, 0));
      in_lane_mask = lane_mask_of(word_of(sent, 0));
      in_a[31:0] = word_of(sent, 1);
      in_b[31:0] = word_of(sent, 2);
      in_c[31:0] = word_of(sent, 3);
    end
  endtask

  // hp_uop_form_name(word): the form a Uop word names (`halfpipe uop --table --sv` writes it).
  `include "hp_uop_names.svh"

  task automatic report_mismatch(int vector, string what);
    failed++;
    if (failed <= 20)
      $display("FAIL vector %0d (%s: uop %08h a %08h b %08h c %08h): %s", vector,
               hp_uop_form_name(UopWidth'(word_of(vector, 0))), word_of(vector, 0),
               word_of(vector, 1), word_of(vector, 2), word_of(vector, 3), what);
  endtask

  // hp_alu reads its tanh/ex2 tables with $readmemh, which only warns when a file is missing;
  // the results would then be wrong for 860 of every legal form's corner vectors. Stop instead.
  task automatic require_table(string kind, string path);
    int fd;
    fd = $fopen(path, "r");
    if (fd == 0)
      $fatal(1, "cannot read the %s table %s (parameter %s: the path of model/ref/approx/%s.mem in the source tree; where halfpipe is installed, pkg-config --variable=%s_mem halfpipe)",
             kind, path, kind == "tanh" ? "TanhMemFile" : "Ex2MemFile", kind, kind);
    $fclose(fd);
  endtask

  initial begin
    string image_file;
    int declared;
    require_table("tanh", TanhMemFile);
    require_table("ex2", Ex2MemFile);
    if (!$value$plusargs("image=%s", image_file)) image_file = Image;
    for (int i = 0; i < WordsPerVector * MaxVectors; i++) image[i] = NoVector;
    $readmemh(image_file, image);
    while (vector_count < MaxVectors && word_of(vector_count, 0) != NoVector) vector_count++;
    if ($value$plusargs("vectors=%d", declared) && declared != vector_count) begin
      $display("FAIL %s holds %0d vectors, its header declares %0d", image_file, vector_count,
               declared);
      failed++;
    end
    for (int v = 0; v < vector_count; v++)
      if (word_of(v, 0) >> UopWidth != 0) begin
        $display("FAIL vector %0d: %08h is not a Uop encoding (bits above %0d set)", v,
                 word_of(v, 0), UopWidth);
        failed++;
      end

    in_valid = 1'b0;
    repeat (2) @(posedge clk);
    rst_n = 1'b1;
    // Ports change and are checked at the falling edge, half a cycle away from the rising edge
    // that consumes them: no race with the DUT's flops in any simulator.
    @(negedge clk);
    while (received < vector_count) begin
      bit accepted;
      present_next();
      accepted = in_valid && in_ready;
      if (out_valid) begin  // consumed at the coming rising edge (out_ready_i is 1)
        logic [31:0] expected;
        expected = word_of(received, 4);
        if (out_tag != TagWidth'(received))
          report_mismatch(received, $sformatf("tag %0d, expected %0d", out_tag, received));
        else if (out_result != (16*Lanes)'(expected))
          report_mismatch(received, $sformatf("result %08h, expected %08h", out_result, expected));
        else if (out_lane_mask != lane_mask_of(word_of(received, 0)))
          report_mismatch(received, $sformatf("lane mask %b", out_lane_mask));
        else
          passed++;
        received++;
      end
      @(negedge clk);
      if (accepted) sent++;
      cycles++;
      if (cycles > vector_count + Depth + 16) begin
        $display("FAIL the pipeline returned %0d of %0d results", received, vector_count);
        failed++;
        break;
      end
    end

    $display("%s: %0d vectors", image_file, vector_count);
    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0 || vector_count == 0) $fatal(1, "memh replay failed");
    $finish;
  end
endmodule
