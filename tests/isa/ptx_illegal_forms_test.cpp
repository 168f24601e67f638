// S22: every illegal combination is rejected with a message naming the offending modifier.
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/ptx.h"

using halfpipe::isa::decode_ptx;

namespace {

struct Rejection {
  const char* text;
  const char* message;
};

void check_rejections(std::initializer_list<Rejection> cases) {
  for (const Rejection& r : cases) {
    INFO(r.text);
    auto d = decode_ptx(r.text);
    CHECK(!d.uop.has_value());
    CHECK(d.error == r.message);
  }
}

}  // namespace

TEST_CASE("S22: .ftz or .sat on bf16 add/sub/mul/fma is illegal", "[isa][S22]") {
  check_rejections({
      {"add.ftz.bf16", "illegal modifier '.ftz' for 'add.bf16'"},
      {"add.rn.sat.bf16x2", "illegal modifier '.sat' for 'add.bf16x2'"},
      {"sub.ftz.bf16x2", "illegal modifier '.ftz' for 'sub.bf16x2'"},
      {"sub.sat.bf16", "illegal modifier '.sat' for 'sub.bf16'"},
      {"mul.rn.ftz.bf16", "illegal modifier '.ftz' for 'mul.bf16'"},
      {"mul.sat.bf16x2", "illegal modifier '.sat' for 'mul.bf16x2'"},
      {"fma.rn.ftz.bf16", "illegal modifier '.ftz' for 'fma.bf16'"},
      {"fma.rn.sat.bf16x2", "illegal modifier '.sat' for 'fma.bf16x2'"},
      {"fma.rn.oob.sat.bf16", "illegal modifier '.sat' for 'fma.bf16'"},
  });
}

TEST_CASE("S22: .ftz on bf16 neg/abs/min/max is illegal", "[isa][S22]") {
  check_rejections({
      {"neg.ftz.bf16", "illegal modifier '.ftz' for 'neg.bf16'"},
      {"abs.ftz.bf16x2", "illegal modifier '.ftz' for 'abs.bf16x2'"},
      {"min.ftz.bf16", "illegal modifier '.ftz' for 'min.bf16'"},
      {"max.NaN.ftz.bf16x2", "illegal modifier '.ftz' for 'max.bf16x2'"},
  });
}

TEST_CASE("S22 (S4): fma requires .rn", "[isa][S22][S4]") {
  check_rejections({
      {"fma.f16", "'fma' requires a rounding modifier"},
      {"fma.relu.bf16x2", "'fma' requires a rounding modifier"},
      {"fma.oob.f16", "'fma' requires a rounding modifier"},
  });
}

TEST_CASE("S22 (S16): .xorsign requires .abs and .abs requires .xorsign", "[isa][S22][S16]") {
  check_rejections({
      {"min.xorsign.f16", "'.xorsign' requires '.abs'"},
      {"max.NaN.xorsign.bf16x2", "'.xorsign' requires '.abs'"},
      {"min.abs.bf16", "'.abs' requires '.xorsign'"},
      {"max.ftz.abs.f16x2", "'.abs' requires '.xorsign'"},
  });
}

TEST_CASE("S22: .sat with .relu is illegal, naming the later one", "[isa][S22]") {
  check_rejections({
      {"fma.rn.sat.relu.f16", "illegal modifier '.relu' with '.sat' for 'fma.f16'"},
      {"fma.rn.relu.sat.f16x2", "illegal modifier '.sat' with '.relu' for 'fma.f16x2'"},
      {"fma.rn.oob.sat.relu.f16", "illegal modifier '.relu' with '.sat' for 'fma.f16'"},
      {"fma.rn.ftz.sat.relu.f16", "illegal modifier '.relu' with '.sat' for 'fma.f16'"},
  });
}

TEST_CASE("S22: .ftz with .oob is illegal, naming the later one", "[isa][S22]") {
  check_rejections({
      {"fma.rn.ftz.oob.f16", "illegal modifier '.oob' with '.ftz' for 'fma.f16'"},
      {"fma.rn.oob.ftz.relu.f16x2", "illegal modifier '.ftz' with '.oob' for 'fma.f16x2'"},
      {"fma.rn.oob.sat.ftz.f16", "illegal modifier '.ftz' with '.oob' for 'fma.f16'"},
  });
}

TEST_CASE("S22: modifiers an opcode never takes are illegal", "[isa][S22]") {
  check_rejections({
      {"add.relu.f16", "illegal modifier '.relu' for 'add.f16'"},
      {"mul.oob.f16", "illegal modifier '.oob' for 'mul.f16'"},
      {"sub.NaN.f16", "illegal modifier '.NaN' for 'sub.f16'"},
      {"add.approx.f16", "illegal modifier '.approx' for 'add.f16'"},
      {"min.sat.f16", "illegal modifier '.sat' for 'min.f16'"},
      {"max.rn.f16", "illegal modifier '.rn' for 'max.f16'"},
      {"neg.sat.f16", "illegal modifier '.sat' for 'neg.f16'"},
      {"abs.rn.bf16", "illegal modifier '.rn' for 'abs.bf16'"},
      {"fma.rn.NaN.f16", "illegal modifier '.NaN' for 'fma.f16'"},
  });
}

TEST_CASE("S22: tanh and ex2 require .approx", "[isa][S22]") {
  check_rejections({
      {"tanh.f16", "'tanh' requires '.approx'"},
      {"tanh.bf16x2", "'tanh' requires '.approx'"},
      {"ex2.f16x2", "'ex2' requires '.approx'"},
      {"ex2.ftz.bf16", "'ex2' requires '.approx'"},
  });
}

TEST_CASE("S22: ex2.approx.bf16 requires .ftz and ex2.approx.ftz.f16 is illegal", "[isa][S22]") {
  check_rejections({
      {"ex2.approx.bf16", "'ex2.approx.bf16' requires '.ftz'"},
      {"ex2.approx.bf16x2", "'ex2.approx.bf16x2' requires '.ftz'"},
      {"ex2.approx.ftz.f16", "illegal modifier '.ftz' for 'ex2.approx.f16'"},
      {"ex2.ftz.approx.f16x2", "illegal modifier '.ftz' for 'ex2.approx.f16x2'"},
  });
}

TEST_CASE("S22: tanh.approx.ftz is illegal", "[isa][S22]") {
  check_rejections({
      {"tanh.approx.ftz.f16", "illegal modifier '.ftz' for 'tanh.approx.f16'"},
      {"tanh.approx.ftz.bf16x2", "illegal modifier '.ftz' for 'tanh.approx.bf16x2'"},
  });
}

TEST_CASE("S22 (S4): rounding modifiers other than .rn are illegal", "[isa][S22][S4]") {
  check_rejections({
      {"add.rz.f16", "illegal modifier '.rz' for 'add.f16'"},
      {"sub.rm.bf16", "illegal modifier '.rm' for 'sub.bf16'"},
      {"mul.rp.f16x2", "illegal modifier '.rp' for 'mul.f16x2'"},
      {"fma.rz.f16", "illegal modifier '.rz' for 'fma.f16'"},
      {"fma.rn.rna.bf16", "illegal modifier '.rna' for 'fma.bf16'"},
  });
}

TEST_CASE("S22: a repeated modifier or type is rejected", "[isa][S22]") {
  check_rejections({
      {"add.ftz.ftz.f16", "repeated modifier '.ftz'"},
      {"add.rn.f16.rn", "repeated modifier '.rn'"},
      {"fma.rn.relu.relu.bf16", "repeated modifier '.relu'"},
      {"min.xorsign.abs.abs.f16", "repeated modifier '.abs'"},
      {"tanh.approx.approx.f16", "repeated modifier '.approx'"},
      {"add.f16.f16", "repeated type '.f16'"},
  });
}

TEST_CASE("S22: unknown opcodes, unknown modifiers, missing or extra types are named", "[isa][S22]") {
  check_rejections({
      {"div.rn.f16", "unknown opcode 'div'"},
      {"ADD.f16", "unknown opcode 'ADD'"},
      {".f16", "missing opcode in '.f16'"},
      {"", "empty instruction"},
      {"   ;", "empty instruction"},
      {"add.fast.f16", "unknown modifier '.fast' for 'add'"},
      {"min.nan.f16", "unknown modifier '.nan' for 'min'"},
      {"add..f16", "empty modifier in 'add..f16'"},
      {"add.f16.", "empty modifier in 'add.f16.'"},
      {"add.rn", "'add' requires a type: .f16, .f16x2, .bf16 or .bf16x2"},
      {"tanh", "'tanh' requires a type: .f16, .f16x2, .bf16 or .bf16x2"},
      {"add.f16.bf16", "more than one type: '.f16' and '.bf16'"},
      {"add.f32", "unsupported type '.f32' for 'add': halfpipe models .f16, .f16x2, .bf16 and .bf16x2"},
  });
}
