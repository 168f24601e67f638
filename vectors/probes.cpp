#include "vectors/probes.h"

#include <fmt/format.h>

#include <stdexcept>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/vector_file.h"

namespace halfpipe::vectors {

// Values used below (f16 unless said): 0x3c00 1.0, 0x3800 0.5, 0x4000 2.0, 0x0400 2^-14 (the
// smallest normal), 0x8000 -0, 0x7c00 +inf, 0xfc00 -inf, 0x7fff the canonical NaN (S10), 0x7e00
// the IEEE default quiet NaN, 0x7ff7 the OOB-NaN (S14); bf16: 0x3f80 1.0, 0x7f80 +inf, 0x7fc0
// its default quiet NaN. A packed register holds lane 1 in [31:16] and lane 0 in [15:0].
const std::vector<Probe>& semantics_probes() {
  static const std::vector<Probe> probes{
      // S8 (halfpipe's reading: tininess after rounding with an unbounded exponent, as an H100
      // does, silicon/results/sm_90/): 0x3bff = 1 - 2^-11, so 0x3bff * 2^-14 = 2^-14 - 2^-25.
      // Rounded with an unbounded exponent it is exact (2^-15 * (2 - 2^-10)) and tiny: flushed;
      // before rounding it is tiny too. Rounded into the format, with its subnormal range, it
      // lies half-way between 0x03ff and 0x0400 and ties to the even 0x0400: kept.
      {"S8", "mul.ftz.f16", {0x3bff, 0x0400}, 0x0000, {{"after-rounding-in-format", 0x0400}}},
      {"S8", "mul.ftz.f16", {0xbbff, 0x0400}, 0x8000, {{"after-rounding-in-format", 0x8400}}},
      // (1 - 2^-10) * 2^-14 * (1 + 2^-10) = 2^-14 - 2^-34: rounds to 2^-14 with or without an
      // exponent bound (kept by both after-rounding readings), tiny before rounding.
      {"S8", "mul.ftz.f16", {0x3bfe, 0x0401}, 0x0400, {{"before-rounding", 0x0000}}},
      {"S8", "fma.rn.ftz.f16", {0x3bff, 0x0400, 0x8000}, 0x0000,
       {{"after-rounding-in-format", 0x0400}}},
      // Both lanes: lane 1 the tie (only the in-format reading keeps it), lane 0 the 2^-34 case
      // (only the before-rounding reading flushes it).
      {"S8", "mul.ftz.f16x2", {0x3bff3bfe, 0x04000401}, 0x00000400,
       {{"before-rounding", 0x00000000}, {"after-rounding-in-format", 0x04000400}}},

      // S10: every NaN produced is 0x7fff; the alternatives are the IEEE default NaN, x86's
      // negative default NaN and the propagation of a quiet input's payload.
      {"S10", "add.f16", {0x7e01, 0x3c00}, 0x7fff,
       {{"default-nan", 0x7e00}, {"propagate-payload", 0x7e01}}},
      {"S10", "add.f16", {0x7c00, 0xfc00}, 0x7fff,
       {{"default-nan", 0x7e00}, {"negative-default-nan", 0xfe00}}},
      {"S10", "fma.rn.f16", {0x7c00, 0x0000, 0x3c00}, 0x7fff,
       {{"default-nan", 0x7e00}, {"negative-default-nan", 0xfe00}}},
      {"S10", "max.NaN.f16", {0x7e01, 0x3c00}, 0x7fff,
       {{"default-nan", 0x7e00}, {"propagate-payload", 0x7e01}}},
      {"S10", "add.f16x2", {0x7e013c00, 0x3c003c00}, 0x7fff4000,
       {{"default-nan", 0x7e004000}, {"propagate-payload", 0x7e014000}}},
      {"S10", "mul.bf16", {0x7f80, 0x0000}, 0x7fff,
       {{"default-nan", 0x7fc0}, {"negative-default-nan", 0xffc0}}},
      {"S10", "add.bf16", {0x7fc1, 0x3f80}, 0x7fff,
       {{"default-nan", 0x7fc0}, {"propagate-payload", 0x7fc1}}},

      // S12: -0 under .sat becomes +0; the alternative keeps -0 (it lies in [0, 1] as a number).
      {"S12", "add.sat.f16", {0x8000, 0x8000}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S12", "sub.sat.f16", {0x8000, 0x0000}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S12", "mul.sat.f16", {0x8000, 0x3c00}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S12", "fma.rn.sat.f16", {0x8000, 0x3c00, 0x8000}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      // -2^-14 * 0.5 = -2^-15 is flushed by .ftz to -0 first (S8), then .sat decides.
      {"S12", "mul.ftz.sat.f16", {0x8400, 0x3800}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S12", "add.sat.f16x2", {0x80003c00, 0x80000000}, 0x00003c00,
       {{"keep-negative-zero", 0x80003c00}}},

      // S13: -0 under .relu becomes +0; the alternative keeps -0 (not "negative").
      {"S13", "fma.rn.relu.f16", {0x8000, 0x3c00, 0x8000}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S13", "fma.rn.ftz.relu.f16", {0x8400, 0x3800, 0x0000}, 0x0000,
       {{"keep-negative-zero", 0x8000}}},
      {"S13", "fma.rn.relu.bf16", {0x8000, 0x3f80, 0x8000}, 0x0000, {{"keep-negative-zero", 0x8000}}},
      {"S13", "fma.rn.relu.f16x2", {0x80003c00, 0x3c003c00, 0x80000000}, 0x00003c00,
       {{"keep-negative-zero", 0x80003c00}}},
      {"S13", "fma.rn.relu.bf16x2", {0x80003f80, 0x3f803f80, 0x80000000}, 0x00003f80,
       {{"keep-negative-zero", 0x80003f80}}},

      // S14: 0x7ff7 in a or b, either sign, gives +0; any other NaN (and 0x7ff7 in c) is an
      // ordinary NaN and gives the canonical NaN.
      {"S14", "fma.rn.oob.f16", {0x7ff7, 0x3c00, 0x3c00}, 0x0000, {{"0x7ff7-not-oob", 0x7fff}}},
      {"S14", "fma.rn.oob.f16", {0x3c00, 0x7ff7, 0x3c00}, 0x0000, {{"only-a-checked", 0x7fff}}},
      {"S14", "fma.rn.oob.f16", {0xfff7, 0x3c00, 0x3c00}, 0x0000, {{"sign-significant", 0x7fff}}},
      {"S14", "fma.rn.oob.f16", {0x7fff, 0x3c00, 0x3c00}, 0x7fff, {{"any-nan-is-oob", 0x0000}}},
      {"S14", "fma.rn.oob.f16", {0x3c00, 0x3c00, 0x7ff7}, 0x7fff, {{"c-checked-too", 0x0000}}},
      {"S14", "fma.rn.oob.bf16", {0x7ff7, 0x3f80, 0x3f80}, 0x0000, {{"0x7ff7-not-oob", 0x7fff}}},
      {"S14", "fma.rn.oob.bf16", {0x7fc0, 0x3f80, 0x3f80}, 0x7fff, {{"any-nan-is-oob", 0x0000}}},
      {"S14", "fma.rn.oob.f16x2", {0x7ff73c00, 0x3c003c00, 0x3c003c00}, 0x00004000,
       {{"0x7ff7-not-oob", 0x7fff4000}}},
  };
  return probes;
}

std::string probe_comment(const Probe& probe) {
  const Uop u = *isa::decode_ptx(probe.form).uop;
  std::string text = "probe " + probe.rule;
  for (const auto& alternative : probe.alternatives)
    text += ' ' + alternative.name + '=' + format_register(u, alternative.result);
  return text;
}

void write_probe_file(std::ostream& out) {
  const auto& probes = semantics_probes();
  out << "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
      << "# generator: halfpipe-vectors " << kGeneratorVersion << '\n'
      << "# command: halfpipe gen --probe-semantics\n"
      << "# probes: S8 S10 S12 S13 S14 (doc/semantics.md); '# probe RULE NAME=RESULT...' gives "
         "the result of each alternative reading\n"
      << "# vectors: " << probes.size() << '\n';
  for (const auto& probe : probes) {
    const isa::Decoded decoded = isa::decode_ptx(probe.form);
    if (!decoded.uop) throw std::logic_error(probe.form + ": " + decoded.error);
    const Uop& u = *decoded.uop;
    Operands o;
    o.a = probe.operands.at(0);
    o.b = probe.operands.size() > 1 ? probe.operands[1] : 0;
    o.c = probe.operands.size() > 2 ? probe.operands[2] : 0;
    const uint32_t result = ref::execute(u, o.a, o.b, o.c);
    if (result != probe.expected)
      throw std::logic_error(fmt::format(
          "{} probe {}: the reference gives {}, the probe table {}: change them together",
          probe.rule, probe.form, format_register(u, result), format_register(u, probe.expected)));
    std::string line = format_vector_line(probe.form, u, o, result);
    line.pop_back();  // the end of line goes after the comment
    out << line << " # " << probe_comment(probe) << '\n';
  }
}

}  // namespace halfpipe::vectors
