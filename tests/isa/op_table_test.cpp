// The op table (model/uop/ops.def) against what is derived from it by hand: the RTL package's
// op codes, which SystemVerilog cannot include from a C++ table, and the PTX decoder's opcodes.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/uop/uop.h"

namespace {

using namespace halfpipe;

struct Row {
  std::string name;
  int code;
};

std::vector<Row> table_rows() {
  std::vector<Row> rows;
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel) rows.push_back({#Name, code});
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  return rows;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every disagreement between the table and a package's text, each naming the op and the file:
// a package without its `typedef enum logic [OpWidth-1:0] { ... } op_e;`, a row without its
// `Op<Name> = 4'd<code>` in it, one with another code, and an op that no row names.
std::vector<std::string> package_drift(const std::string& file, const std::string& text) {
  std::vector<std::string> problems;
  std::smatch enumeration;
  if (!std::regex_search(text, enumeration,
                         std::regex(R"(typedef\s+enum\s+logic\s*\[OpWidth-1:0\]\s*\{([^}]*)\}\s*op_e\s*;)")))
    return {file + " has no op_e enum (typedef enum logic [OpWidth-1:0] { ... } op_e;)"};
  const std::string items = enumeration[1];
  const std::regex item(R"(Op(\w+)\s*=\s*4'd(\d+))");
  std::vector<Row> found;
  for (std::sregex_iterator m(items.begin(), items.end(), item), end; m != end; ++m)
    found.push_back({(*m)[1], std::stoi((*m)[2])});
  const std::vector<Row> rows = table_rows();
  for (const Row& row : rows) {
    bool named = false;
    for (const Row& f : found) {
      if (f.name != row.name) continue;
      named = true;
      if (f.code != row.code)
        problems.push_back("op " + row.name + ": " + file + " gives Op" + row.name + " the code " +
                           std::to_string(f.code) + ", the op table " + std::to_string(row.code));
    }
    if (!named)
      problems.push_back("op " + row.name + ": " + file + "'s op_e has no Op" + row.name);
  }
  for (const Row& f : found) {
    bool in_table = false;
    for (const Row& row : rows) in_table = in_table || row.name == f.name;
    if (!in_table)
      problems.push_back("op " + f.name + ": " + file + "'s op_e has Op" + f.name +
                         ", which the op table (model/uop/ops.def) does not have");
  }
  return problems;
}

const std::string kPackage = "rtl/hp_uop_pkg.sv";

}  // namespace

TEST_CASE("op table: rtl/hp_uop_pkg.sv gives every op the table's code, and no other op") {
  const std::string text = read(std::string(HALFPIPE_SOURCE_DIR) + "/" + kPackage);
  REQUIRE(!text.empty());
  const std::vector<std::string> problems = package_drift(kPackage, text);
  for (const std::string& p : problems) FAIL_CHECK(p);
  CHECK(problems.empty());
}

TEST_CASE("op table: a package that drifts from the table is named, with the op and the file") {
  const std::string text = read(std::string(HALFPIPE_SOURCE_DIR) + "/" + kPackage);
  SECTION("another code") {
    const std::string drifted = std::regex_replace(text, std::regex(R"(OpMax\s*=\s*4'd7)"), "OpMax = 4'd9");
    CHECK(package_drift(kPackage, drifted) ==
          std::vector<std::string>{"op Max: rtl/hp_uop_pkg.sv gives OpMax the code 9, the op table 7"});
  }
  SECTION("a missing op") {
    const std::string drifted = std::regex_replace(text, std::regex(R"(,\s*OpEx2\s*=\s*4'd9)"), "");
    CHECK(package_drift(kPackage, drifted) ==
          std::vector<std::string>{"op Ex2: rtl/hp_uop_pkg.sv's op_e has no OpEx2"});
  }
  SECTION("an op the table does not have") {
    const std::string drifted =
        std::regex_replace(text, std::regex(R"(\s*\}\s*op_e\s*;)"), ",\n    OpRcp = 4'd10\n  } op_e;");
    CHECK(package_drift(kPackage, drifted) ==
          std::vector<std::string>{"op Rcp: rtl/hp_uop_pkg.sv's op_e has OpRcp, which the op table "
                                   "(model/uop/ops.def) does not have"});
  }
  SECTION("no enum at all") {
    const std::string drifted = std::regex_replace(text, std::regex(R"(\}\s*op_e\s*;)"), "} op_t;");
    CHECK(package_drift(kPackage, drifted) ==
          std::vector<std::string>{"rtl/hp_uop_pkg.sv has no op_e enum (typedef enum logic "
                                   "[OpWidth-1:0] { ... } op_e;)"});
  }
}

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
