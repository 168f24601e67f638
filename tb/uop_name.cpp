#include "tb/uop_name.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/uop/uop.h"
#include "tb/visa_beats.h"

namespace halfpipe::tb {
namespace {

using namespace uop_bits;

constexpr std::array<const char*, kFormatCount> kFormatNames{
    "f16", "bf16", "s16", "u16", "s8", "u8", "s32", "u32", "f32", "s64", "u64", "f64"};

// The one-bit fields, as rtl/hp_uop_pkg.sv names them.
struct Flag {
  const char* name;
  int bit;
};
constexpr std::array<Flag, 12> kFlags{{{"packed", kPacked},
                                       {"ftz", kFtz},
                                       {"sat", kSat},
                                       {"relu", kRelu},
                                       {"oob", kOob},
                                       {"nan", kNan},
                                       {"xorsign_abs", kXorsignAbs},
                                       {"nan_policy", kNanPolicy},
                                       {"src0_neg", kSrc0Neg},
                                       {"src0_abs", kSrc0Abs},
                                       {"src1_neg", kSrc1Neg},
                                       {"src1_abs", kSrc1Abs}}};

bool has(uint32_t word, int bit) { return ((word >> bit) & 1u) != 0; }

// The PTX form of a word, if it is one (a packed form's word is decoded with both lanes on).
std::optional<std::string> ptx_name(uint32_t word) {
  const auto u = decode(word, has(word, kPacked) ? 0b11u : 0b1u);
  if (!u) return std::nullopt;
  try {
    return isa::ptx_form(*u);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

std::optional<isa::visa::Type> visa_type_of(Format f) {
  for (int t = 0; t < kVisaTypeCount; ++t) {
    const auto type = static_cast<isa::visa::Type>(t);
    if (visa_uop_format(type) == f) return type;
  }
  return std::nullopt;
}

// The one-bit fields that no vISA word sets.
constexpr std::array<int, 6> kPtxOnlyBits{kPacked, kFtz, kRelu, kOob, kNan, kXorsignAbs};
// The ones that only vISA words set.
constexpr std::array<int, 4> kVisaOnlyBits{kSrc0Neg, kSrc0Abs, kSrc1Neg, kSrc1Abs};

const char* flag_name(int bit) {
  for (const Flag& f : kFlags)
    if (f.bit == bit) return f.name;
  return "?";
}

UopName visa_name(const Uop& u, uint32_t word) {
  if (u.op != Op::Min && u.op != Op::Max)
    return {{}, fmt::format("nan_policy [{}] is set, which only vISA MIN/MAX words set, but the op "
                            "field [3:0] is {} ({})",
                            kNanPolicy, static_cast<int>(u.op), isa::opcode_name(u.op))};
  const auto type = visa_type_of(u.format);
  if (!type)
    return {{}, fmt::format("format field [19,6:4] is {} ({}), which no vISA type has",
                            static_cast<int>(u.format), kFormatNames[static_cast<int>(u.format)])};
  for (const int bit : kPtxOnlyBits)
    if (has(word, bit))
      return {{}, fmt::format("{} [{}] is set, which no vISA word sets (nan_policy [{}] is set)",
                              flag_name(bit), bit, kNanPolicy)};
  return {fmt::format("{}{} {} {}src0 {}src1", u.op == Op::Max ? "MAX" : "MIN", u.sat ? ".sat" : "",
                      traits(*type).name, isa::visa::modifier_text(u.src0_mod),
                      isa::visa::modifier_text(u.src1_mod)),
          {}};
}

UopName ptx_diagnosis(const Uop& u, uint32_t word) {
  if (!is_float(u.format))
    return {{}, fmt::format("format field [19,6:4] is {} ({}): a PTX word takes f16 or bf16 (vISA "
                            "words set nan_policy [{}])",
                            static_cast<int>(u.format), kFormatNames[static_cast<int>(u.format)],
                            kNanPolicy)};
  for (const int bit : kVisaOnlyBits)
    if (has(word, bit))
      return {{}, fmt::format("{} [{}] is set, which only vISA words set (nan_policy [{}] is clear)",
                              flag_name(bit), bit, kNanPolicy)};
  // One modifier too many: the form the word would be without it says which.
  for (const Flag& f : kFlags)
    if (has(word, f.bit))
      if (const auto without = ptx_name(word & ~(1u << f.bit)))
        return {{}, fmt::format("{} [{}] is set, which {} does not take", f.name, f.bit, *without)};
  std::string set;
  for (const Flag& f : kFlags)
    if (has(word, f.bit)) set += fmt::format(" {}", f.name);
  return {{}, fmt::format("no legal PTX form is {} {}{}", isa::opcode_name(u.op),
                          kFormatNames[static_cast<int>(u.format)],
                          set.empty() ? " without modifiers" : " with" + set)};
}

}  // namespace

UopName uop_name(uint32_t word) {
  if (word >> kWidth)
    return {{}, fmt::format("0x{:x} has bits set above bit {}: a Uop word is {} bits", word,
                            kWidth - 1, kWidth)};
  const uint32_t op = (word >> kOpLsb) & ((1u << kOpWidth) - 1);
  if (op >= kOpCount)
    return {{}, fmt::format("op field [3:0] is {}: ops are 0..{}", op, kOpCount - 1)};
  const auto u = decode(word, 1);
  if (!u) {
    const uint32_t format = ((word >> kFormatLsb) & 7u) | (((word >> kFormatHigh) & 1u) << 3);
    return {{}, fmt::format("format field [19,6:4] is {}: formats are 0..{}", format,
                            kFormatCount - 1)};
  }
  if (u->nan_policy == NanPolicy::VisaSrc1) return visa_name(*u, word);
  if (auto name = ptx_name(word)) return {*name, {}};
  return ptx_diagnosis(*u, word);
}

std::vector<std::string> uop_fields(uint32_t word) {
  std::vector<std::string> lines;
  const uint32_t op = (word >> kOpLsb) & ((1u << kOpWidth) - 1);
  const uint32_t format = ((word >> kFormatLsb) & 7u) | (((word >> kFormatHigh) & 1u) << 3);
  lines.push_back(fmt::format("{:<12} {:<9} {:>2}  {}", "op", "[3:0]", op,
                              op < kOpCount ? isa::opcode_name(static_cast<Op>(op)) : std::string_view("(no op)")));
  lines.push_back(fmt::format("{:<12} {:<9} {:>2}  {}", "format", "[19,6:4]", format,
                              format < kFormatCount ? kFormatNames[format] : "(no format)"));
  for (const Flag& f : kFlags)
    if (has(word, f.bit))
      lines.push_back(fmt::format("{:<12} {:<9} {:>2}  {}", f.name, fmt::format("[{}]", f.bit), 1,
                                  f.bit == kNanPolicy ? "vISA (S28)" : ""));
  if (word >> kWidth)
    lines.push_back(fmt::format("{:<12} {:<9} {:>2}", "(above)", fmt::format("[31:{}]", kWidth),
                                fmt::format("0x{:x}", word >> kWidth)));
  for (std::string& line : lines)
    while (!line.empty() && line.back() == ' ') line.pop_back();
  return lines;
}

const std::vector<std::pair<uint32_t, std::string>>& uop_name_table() {
  static const std::vector<std::pair<uint32_t, std::string>> table = [] {
    // From the forms, not from all 2^20 words: every legal PTX form, and every vISA element
    // operation (MIN/MAX, .sat, each type, each pair of source modifiers).
    std::vector<uint32_t> words;
    for (const std::string& form : isa::legal_ptx_forms())
      words.push_back(encode(isa::decode_ptx(form).uop.value()));
    constexpr std::array<SourceModifier, 4> kModifiers{
        {{false, false}, {true, false}, {false, true}, {true, true}}};
    for (int t = 0; t < kVisaTypeCount; ++t)
      for (const bool max : {false, true})
        for (const bool sat : {false, true})
          for (const SourceModifier src0 : kModifiers)
            for (const SourceModifier src1 : kModifiers) {
              Uop u;
              u.op = max ? Op::Max : Op::Min;
              u.format = visa_uop_format(static_cast<isa::visa::Type>(t)).value();
              u.sat = sat;
              u.nan_policy = NanPolicy::VisaSrc1;
              u.src0_mod = src0;
              u.src1_mod = src1;
              words.push_back(encode(u));
            }
    std::sort(words.begin(), words.end());
    std::vector<std::pair<uint32_t, std::string>> named;
    for (const uint32_t word : words) named.emplace_back(word, uop_name(word).form);
    return named;
  }();
  return table;
}

}  // namespace halfpipe::tb
