// halfpipe's golden reference for SystemVerilog testbenches, through DPI-C: load
// libhalfpipe_dpi.so (-sv_lib halfpipe_dpi; examples/README.md).
//
//   chandle add = hp_dpi_decode("add.rn.f16");
//   int unsigned sum;
//   if (add == null) $fatal(1, "%s", hp_dpi_last_error());
//   if (hp_dpi_exec(add, 2, 32'h3c00, 32'h3c00, 0, sum) != HpOk) ...   // sum == 32'h4000
//
// Registers are 32 bits: a scalar form reads and writes [15:0] (an operand with bits above set is
// rejected, HpErrOperand), a packed form computes lane 0 in [15:0] and lane 1 in [31:16].
// A call that fails returns a status other than HpOk (or a null chandle) and leaves its message
// in hp_dpi_last_error(); hp_dpi_last_status() is the status of the last call that has one.
`ifndef HALFPIPE_DPI_PKG_SV
`define HALFPIPE_DPI_PKG_SV

package halfpipe_dpi_pkg;

  // hp_status of include/halfpipe/halfpipe.h.
  localparam int HpOk = 0;
  localparam int HpErrNullPointer = 1;   // a null chandle
  localparam int HpErrForm = 2;          // an unknown or illegal form
  localparam int HpErrTarget = 3;        // a target (sm_NN, PTX ISA version) too old for the form
  localparam int HpErrBadTarget = 4;     // a malformed target
  localparam int HpErrOperandCount = 5;  // not the number of operands the form takes
  localparam int HpErrOperand = 6;       // an operand wider than the form's registers
  localparam int HpErrRange = 7;         // a form index past the end of the list
  localparam int HpErrInternal = 8;

  // The library's version, e.g. "0.1.0".
  import "DPI-C" function string hp_dpi_version();

  // A PTX form, e.g. "fma.rn.relu.bf16x2", decoded into a handle (null when rejected: see
  // hp_dpi_last_error() for the decoder's message). With a target: sm "sm_90", ptx_version "8.1";
  // "" leaves that part unchecked.
  import "DPI-C" function chandle hp_dpi_decode(input string form);
  import "DPI-C" function chandle hp_dpi_decode_target(input string form, input string sm,
                                                       input string ptx_version);
  import "DPI-C" function void hp_dpi_free(input chandle form);

  // The form's source-operand count (1..3), whether it is packed, and its canonical spelling.
  import "DPI-C" function int hp_dpi_operand_count(input chandle form);
  import "DPI-C" function int hp_dpi_is_packed(input chandle form);
  import "DPI-C" function string hp_dpi_form_name(input chandle form);

  // The Uop to drive hp_alu's in_uop_i with (hp_uop_pkg::UopWidth bits, rtl/hp_uop_pkg.sv) and
  // the lane mask of one instruction (1 scalar, 3 packed).
  import "DPI-C" function int hp_dpi_uop(input chandle form, output int unsigned uop_word,
                                         output int unsigned lane_mask);

  // One instruction: operand_count must be the form's (a, b, c in order; unused ones ignored).
  import "DPI-C" function int hp_dpi_exec(input chandle form, input int operand_count,
                                          input int unsigned a, input int unsigned b,
                                          input int unsigned c, output int unsigned result);
  // Decode (once, kept) and execute in one call.
  import "DPI-C" function int hp_dpi_eval(input string form, input int operand_count,
                                          input int unsigned a, input int unsigned b,
                                          input int unsigned c, output int unsigned result);

  // The legal PTX forms (S22), in canonical spelling: index 0 .. hp_dpi_form_count()-1
  // ("" past the end, with status HpErrRange).
  import "DPI-C" function int hp_dpi_form_count();
  import "DPI-C" function string hp_dpi_form_at(input int index);

  // The status and message of the last call that failed or succeeded with a status.
  import "DPI-C" function int hp_dpi_last_status();
  import "DPI-C" function string hp_dpi_last_error();

  // One `halfpipe eval --batch` line, PTX or vISA: exactly the text that command prints for it,
  // the result or "error: ..." ("" for a blank or comment line).
  import "DPI-C" function string hp_dpi_eval_line(input string line);

endpackage

`endif  // HALFPIPE_DPI_PKG_SV
