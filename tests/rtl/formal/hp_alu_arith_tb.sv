// Replays one vector through a combinational hp_alu_arith netlist (scripts/formal writes one per
// proof, mutants included): +a=HEX +b=HEX +c=HEX +expected=HEX. Prints the result; a result
// other than the expected one is a $fatal, so the simulation exits non-zero.
module hp_alu_arith_tb;

  logic [15:0] a, b, c, expected, result;

  hp_alu_arith u_unit (
    .a_i     (a),
    .b_i     (b),
    .c_i     (c),
    .result_o(result)
  );

  initial begin
    if (!$value$plusargs("a=%h", a) || !$value$plusargs("b=%h", b)
        || !$value$plusargs("c=%h", c) || !$value$plusargs("expected=%h", expected)) begin
      $fatal(1, "usage: +a=HEX +b=HEX +c=HEX +expected=HEX");
    end
    #1;
    $display("a=%h b=%h c=%h result=%h expected=%h", a, b, c, result, expected);
    if (result != expected) $fatal(1, "mismatch");
    $finish;
  end

endmodule
