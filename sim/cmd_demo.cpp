// `halfpipe demo`: the main job until the co-simulation exists. A demonstration set covering
// every opcode, both formats, scalar and packed forms and every modifier goes through the PTX
// decoder and the reference; each row carries a result worked out by hand from the spec and
// doc/semantics.md, so the demo doubles as a smoke check (exit 1 on any mismatch).
#include <fmt/core.h>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "sim/commands.h"
#include "sim/exit_status.h"

namespace halfpipe::cli {
namespace {

struct DemoRow {
  const char* form;
  std::vector<uint32_t> operands;
  uint32_t expected;
  const char* why;  // the hand calculation and the rule it shows
};

// f16: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 0.5 = 0x3800, 2^-14 = 0x0400, 2^-24 = 0x0001.
// bf16: 1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040, 6.0 = 0x40c0. Canonical NaN 0x7fff (S10).
const std::vector<DemoRow>& demo_rows() {
  static const std::vector<DemoRow> rows = {
      {"add.f16", {0x3c00, 0x3c00}, 0x4000, "1 + 1 = 2"},
      {"add.rn.f16", {0x3c00, 0x1000}, 0x3c00, "1 + 2^-11 is a tie: to even, 1 (S4)"},
      {"add.f16", {0x3c01, 0x1000}, 0x3c02, "(1+2^-10) + 2^-11 is a tie: to even, 1+2^-9 (S4)"},
      {"add.f16", {0x7bff, 0x7bff}, 0x7c00, "65504 + 65504 overflows to +inf (S5)"},
      {"add.f16", {0x3c00, 0xbc00}, 0x0000, "1 + -1 is +0 (S5)"},
      {"add.f16", {0x8000, 0x8000}, 0x8000, "-0 + -0 = -0 (S5)"},
      {"sub.f16", {0x8000, 0x0000}, 0x8000, "-0 - +0 = -0 (S5)"},
      {"sub.f16", {0x4200, 0x3c00}, 0x4000, "3 - 1 = 2"},
      {"add.f16", {0x0200, 0x0200}, 0x0400, "2^-15 + 2^-15 = 2^-14, gradual underflow (S6)"},
      {"add.ftz.f16", {0x0200, 0x0200}, 0x0000, "subnormal inputs flush to +0 (S7)"},
      {"add.sat.f16", {0x3c00, 0x3c00}, 0x3c00, "2 clamps to 1.0 (S12)"},
      {"add.sat.f16", {0xbc00, 0x3800}, 0x0000, "-0.5 clamps to +0 (S12)"},
      {"add.f16", {0x7c00, 0xfc00}, 0x7fff, "inf - inf is the canonical NaN (S10)"},
      {"add.f16x2", {0x3c004000, 0x3c003c00}, 0x40004200, "lanes: 2+1 = 3, 1+1 = 2 (S2)"},
      {"add.bf16", {0x3f80, 0x3f80}, 0x4000, "1 + 1 = 2"},
      {"add.bf16x2", {0x3f804000, 0x3f803f80}, 0x40004040, "lanes: 2+1 = 3, 1+1 = 2 (S2)"},
      {"mul.f16", {0x4200, 0x4000}, 0x4600, "3 * 2 = 6"},
      {"mul.f16", {0x0400, 0x3800}, 0x0200, "2^-14 * 0.5 = 2^-15, subnormal (S6)"},
      {"mul.ftz.f16", {0x0400, 0x3800}, 0x0000, "subnormal result flushes to +0 (S8)"},
      {"mul.f16", {0x8000, 0x3c00}, 0x8000, "-0 * 1 = -0 (S5)"},
      {"mul.f16", {0x7c00, 0x0000}, 0x7fff, "inf * 0 is the canonical NaN (S10)"},
      {"mul.bf16", {0x4040, 0x4000}, 0x40c0, "3 * 2 = 6"},
      {"mul.bf16", {0x7f7f, 0x4000}, 0x7f80, "bf16 max * 2 overflows to +inf (S5)"},
      {"mul.f16x2", {0x3800c000, 0x40004000}, 0x3c00c400, "lanes: -2*2 = -4, 0.5*2 = 1 (S2)"},
      {"fma.rn.f16", {0x4000, 0x4200, 0x3c00}, 0x4700, "2*3 + 1 = 7"},
      {"fma.rn.f16", {0x3c01, 0x3c01, 0xbc02}, 0x0010, "(1+2^-10)^2 - (1+2^-9) = 2^-20, once rounded (S5)"},
      {"fma.rn.ftz.f16", {0x3c01, 0x3c01, 0xbc02}, 0x0000, "the subnormal 2^-20 flushes (S8)"},
      {"fma.rn.sat.f16", {0x4000, 0x4000, 0x3c00}, 0x3c00, "2*2 + 1 = 5 clamps to 1.0 (S12)"},
      {"fma.rn.relu.f16", {0xbc00, 0x4000, 0x3c00}, 0x0000, "-1*2 + 1 = -1, relu gives +0 (S13)"},
      {"fma.rn.relu.f16", {0x7e00, 0x3c00, 0x3c00}, 0x7fff, "NaN stays the canonical NaN (S13)"},
      {"fma.rn.f16x2", {0x3c004000, 0x40004200, 0xbc003c00}, 0x3c004700, "lanes: 2*3+1 = 7, 1*2-1 = 1"},
      {"fma.rn.bf16", {0x3f80, 0x3f80, 0x3f80}, 0x4000, "1*1 + 1 = 2"},
      {"fma.rn.relu.bf16", {0x3f80, 0x4000, 0x3f80}, 0x4040, "1*2 + 1 = 3"},
      {"fma.rn.oob.f16", {0x7ff7, 0x3c00, 0x3c00}, 0x0000, "OOB-NaN multiplicand gives +0 (S14)"},
      {"fma.rn.oob.f16", {0x3c00, 0x3c00, 0x7ff7}, 0x7fff, "OOB-NaN in c is an ordinary NaN (S14)"},
      {"fma.rn.oob.sat.f16", {0xfff7, 0x3c00, 0x3c00}, 0x0000, "OOB-NaN sign ignored (S14)"},
      {"fma.rn.oob.sat.f16", {0x4000, 0x4000, 0x3c00}, 0x3c00, "no OOB-NaN: 5 clamps to 1.0 (S22)"},
      {"fma.rn.oob.relu.bf16x2", {0x7ff73f80, 0x3f803f80, 0x3f803f80}, 0x00004000,
       "lanes: 1*1+1 = 2; OOB-NaN gives +0 (S14)"},
      {"neg.f16", {0x3c00}, 0xbc00, "-(1) = -1"},
      {"neg.f16", {0x7e00}, 0x7fff, "NaN gives the canonical NaN, unsigned (S11)"},
      {"neg.ftz.f16", {0x0001}, 0x8000, "2^-24 flushes to +0 first, then negates (S11)"},
      {"neg.bf16x2", {0x3f80bf80}, 0xbf803f80, "lanes: -(-1) = 1, -(1) = -1"},
      {"abs.f16", {0xfc00}, 0x7c00, "|-inf| = +inf (S11)"},
      {"abs.bf16", {0xffc0}, 0x7fff, "NaN gives the canonical NaN (S11)"},
      {"abs.f16x2", {0x8001fc00}, 0x00017c00, "lanes: |-inf| = inf, |-2^-24| = 2^-24 (S11)"},
      {"min.f16", {0x0000, 0x8000}, 0x8000, "-0 < +0 (S15)"},
      {"max.f16", {0x8000, 0x0000}, 0x0000, "-0 < +0 (S15)"},
      {"min.f16", {0x7e00, 0x3c00}, 0x3c00, "one NaN: the other operand (S15)"},
      {"min.NaN.f16", {0x7e00, 0x3c00}, 0x7fff, ".NaN: any NaN gives the canonical NaN (S15)"},
      {"max.f16", {0x7e00, 0x7d00}, 0x7fff, "two NaNs: the canonical NaN (S15)"},
      {"min.xorsign.abs.f16", {0xc000, 0x3c00}, 0xbc00, "min(|-2|, |1|) = 1, sign 1^0 (S16)"},
      {"max.xorsign.abs.bf16", {0xc000, 0xbf80}, 0x4000, "max(|-2|, |-1|) = 2, sign 1^1 (S16)"},
      {"max.xorsign.abs.f16", {0x0000, 0x8000}, 0x8000, "|+0| = |-0|: +0, then sign 0^1 (S17)"},
      {"max.ftz.f16", {0x0001, 0x8000}, 0x0000, "2^-24 flushes to +0, +0 > -0 (S18)"},
      {"min.bf16x2", {0x3f80c000, 0x40004000}, 0x3f80c000, "lanes: min(-2, 2), min(1, 2)"},
      {"max.NaN.bf16", {0x7fc0, 0x3f80}, 0x7fff, ".NaN: any NaN gives the canonical NaN (S15)"},
      {"tanh.approx.f16", {0x0000}, 0x0000, "tanh(+0) = +0 (S20 corner table)"},
      {"tanh.approx.f16", {0x7c00}, 0x3c00, "tanh(+inf) = 1.0 (S20)"},
      {"tanh.approx.bf16", {0xff80}, 0xbf80, "tanh(-inf) = -1.0 (S20)"},
      {"tanh.approx.f16x2", {0x80007e00}, 0x80007fff, "lanes: NaN, tanh(-0) = -0 (S20)"},
      {"ex2.approx.f16", {0x0000}, 0x3c00, "2^0 = 1 (S20)"},
      {"ex2.approx.f16", {0xfc00}, 0x0000, "2^-inf = +0 (S20)"},
      {"ex2.approx.ftz.bf16", {0x0001}, 0x3f80, "subnormal input gives 1.0 (S20)"},
      {"ex2.approx.ftz.bf16x2", {0x7f80ff80}, 0x7f800000, "lanes: 2^-inf = +0, 2^inf = inf (S20)"},
  };
  return rows;
}

std::string hex(uint32_t value, bool packed) {
  return packed ? fmt::format("0x{:08x}", value) : fmt::format("0x{:04x}", value);
}

int run_demo() {
  int passed = 0, failed = 0, not_implemented = 0;
  fmt::print("{:<24} {:<10} {:<10} {:<10} {:<10} {:<10} {:<6} {}\n", "instruction", "a", "b", "c",
             "result", "expected", "check", "why");
  for (const DemoRow& row : demo_rows()) {
    isa::Decoded decoded = isa::decode_ptx(row.form);
    std::string operands[3];
    std::string result, status;
    if (!decoded.uop) {
      result = "error: " + decoded.error;
      status = "FAIL";
      ++failed;
    } else {
      const Uop& u = *decoded.uop;
      uint32_t value[3] = {0, 0, 0};
      for (size_t i = 0; i < row.operands.size() && i < 3; ++i) {
        value[i] = row.operands[i];
        operands[i] = hex(row.operands[i], u.packed);
      }
      try {
        uint32_t d = ref::execute(u, value[0], value[1], value[2]);
        result = hex(d, u.packed);
        status = d == row.expected ? "ok" : "FAIL";
        ++(d == row.expected ? passed : failed);
      } catch (const ref::NotImplemented&) {
        result = "-";
        status = "n/i";
        ++not_implemented;
      } catch (const std::exception& e) {
        result = std::string("error: ") + e.what();
        status = "FAIL";
        ++failed;
      }
    }
    const bool packed = decoded.uop && decoded.uop->packed;
    fmt::print("{:<24} {:<10} {:<10} {:<10} {:<10} {:<10} {:<6} {}\n", row.form, operands[0],
               operands[1], operands[2], result, hex(row.expected, packed), status, row.why);
  }
  if (not_implemented)
    fmt::print("{} rows not checked: their reference arithmetic is not implemented yet (n/i)\n",
               not_implemented);
  fmt::print("{} passed, {} failed\n", passed, failed);
  return failed ? kVerificationFailure : kPassed;
}

constexpr const char* kDemoDescription =
    "evaluate a built-in demonstration set through the decoder and the reference";

int demo_main(const std::vector<std::string>& args) {
  const auto parsed = parse_demo_options(args);
  if (!parsed.ok()) return report_stop("demo", parsed.text, parsed.status);
  return run_demo();
}

}  // namespace

Parsed<DemoOptions> parse_demo_options(const std::vector<std::string>& args) {
  return parse_command<DemoOptions>("demo", kDemoDescription, args, [](Vocabulary&, DemoOptions&) {});
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(demo, "demo", halfpipe::cli::kDemoDescription, halfpipe::cli::demo_main);
