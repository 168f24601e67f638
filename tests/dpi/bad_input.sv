// The DPI door's bad input (tests/dpi, Verilator --binary against libhalfpipe_dpi.so): an unknown
// form, an illegal form (S22), a target too old (S23) and a wrong operand count each give a
// status the SystemVerilog code can test and the decoder's message, as `halfpipe eval` prints
// it; a null chandle is a status too, never a crash. hp_dpi_eval_line gives eval --batch's text.
// Ends with `N passed, N failed`.
`include "halfpipe_dpi_pkg.sv"

module bad_input;
  import halfpipe_dpi_pkg::*;

  int passed = 0, failed = 0;

  function automatic void expect_status(string what, int got, int want, string message);
    string error = hp_dpi_last_error();
    if (got == want && error == message) begin
      ++passed;
    end else begin
      ++failed;
      $display("FAIL %s: status %0d \"%s\", expected %0d \"%s\"", what, got, error, want, message);
    end
  endfunction

  function automatic void expect_line(string line, string want);
    string got = hp_dpi_eval_line(line);
    if (got == want) begin
      ++passed;
    end else begin
      ++failed;
      $display("FAIL hp_dpi_eval_line(\"%s\"): \"%s\", expected \"%s\"", line, got, want);
    end
  endfunction

  initial begin
    chandle h;
    int unsigned r;

    h = hp_dpi_decode("frob.f16");
    expect_status("unknown form", h == null ? hp_dpi_last_status() : HpOk, HpErrForm,
                  "unknown opcode 'frob'");
    h = hp_dpi_decode("add.rn.sat.bf16");
    expect_status("illegal form", h == null ? hp_dpi_last_status() : HpOk, HpErrForm,
                  "illegal modifier '.sat' for 'add.bf16'");
    h = hp_dpi_decode_target("add.bf16", "sm_80", "");
    expect_status("target too old", h == null ? hp_dpi_last_status() : HpOk, HpErrTarget,
                  "'add.bf16' requires sm_90 or higher");
    h = hp_dpi_decode("add.f16");
    expect_status("wrong operand count", hp_dpi_exec(h, 3, 32'h3c00, 32'h3c00, 32'h3c00, r),
                  HpErrOperandCount, "'add.f16' takes 2 operands, got 3");
    expect_status("one call, wrong operand count", hp_dpi_eval("add.f16", 1, 32'h3c00, 0, 0, r),
                  HpErrOperandCount, "'add.f16' takes 2 operands, got 1");
    expect_status("one call, unknown form", hp_dpi_eval("frob.f16", 2, 0, 0, 0, r), HpErrForm,
                  "unknown opcode 'frob'");
    expect_status("a null chandle", hp_dpi_exec(null, 2, 0, 0, 0, r), HpErrNullPointer,
                  "form is NULL");
    // And the good path through the same door: 1.0 + 1.0 = 2.0 in f16.
    expect_status("add.f16 1.0 + 1.0", hp_dpi_exec(h, 2, 32'h3c00, 32'h3c00, 0, r), HpOk, "");
    if (r == 32'h4000) ++passed; else begin ++failed; $display("FAIL: 1.0 + 1.0 = %h", r); end
    begin
      string past_end = hp_dpi_form_at(hp_dpi_form_count());
      int status = hp_dpi_last_status();
      if (past_end == "" && status == HpErrRange) ++passed;
      else begin ++failed; $display("FAIL: a form index past the end: \"%s\", status %0d", past_end, status); end
    end
    // The line contract: exactly the text `halfpipe eval --batch` prints for the line (worked by
    // hand: f16 1.0 + 1.0 = 0x4000; vISA MAX of W 7 and -3 in channel 0, channel 1 disabled
    // keeps its old 0x0009), `error: ...` for a bad line, empty for a comment.
    expect_line("add.f16 3c00 3c00", "0x4000");
    expect_line("MAX (2) w 0x1 0,9 7,1 fffd,2", "0x0007,0x0009");
    expect_line("add.f16 3c00", "error: 'add.f16' takes 2 operands, got 1");
    expect_line("frob.f16 0 0", "error: unknown opcode 'frob'");
    expect_line("# only a comment", "");
    hp_dpi_free(h);
    $display("%0d passed, %0d failed", passed, failed);
    if (failed != 0) $fatal(1, "bad input through DPI");
    $finish;
  end
endmodule
