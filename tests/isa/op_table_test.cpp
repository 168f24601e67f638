// The op table (model/uop/ops.def) against what is derived from it by hand: the PTX decoder's
// opcodes and the spec pages' operand counts and classes. The RTL's op_e is generated from the
// table (rtl/hp_op_e.svh, `halfpipe uop --ops --sv`), and rtl/CMakeLists.txt's test holds the
// file equal to the generator's output.
#include <catch2/catch.hpp>

#include "model/isa/ptx.h"
#include "model/uop/uop.h"

using namespace halfpipe;

TEST_CASE("op table: the PTX decoder knows each op by its table name, and no name twice") {
  for (Op op : kAllOps) {
    INFO("op code " << static_cast<int>(op) << ", PTX opcode " << isa::opcode_name(op));
    CHECK(isa::find_opcode(isa::opcode_name(op)) == op);
  }
  CHECK_FALSE(isa::find_opcode("rcp"));
  // Hand-read from PTX ISA 9.7.4's half-precision pages, in the table's order.
  CHECK(isa::opcode_name(Op::Fma) == "fma");
  CHECK(isa::opcode_name(Op::Ex2) == "ex2");
}

TEST_CASE("op table: operand counts and classes as the spec pages give them") {
  // fma reads a, b and c; neg, abs, tanh.approx and ex2.approx one source; the rest two.
  CHECK(operand_count(Op::Fma) == 3);
  CHECK(operand_count(Op::Neg) == 1);
  CHECK(operand_count(Op::Tanh) == 1);
  CHECK(operand_count(Op::Max) == 2);
  // S19: tanh.approx and ex2.approx are approximations; neg/abs/min/max return an operand.
  CHECK(op_class(Op::Ex2) == OpClass::Approximate);
  CHECK(op_class(Op::Min) == OpClass::Selection);
  CHECK(op_class(Op::Abs) == OpClass::Selection);
  CHECK(op_class(Op::Sub) == OpClass::Rounding);
}
