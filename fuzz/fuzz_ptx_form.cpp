// libFuzzer target: the PTX form decoder (model/isa/ptx.h), with and without a target.
//
// Input: text. Its first line is the instruction given to decode_ptx; when there is a second
// line, it is the sm string and the third (if any) the PTX ISA version given to parse_target,
// and a target that parses is given to decode_ptx too.
//
// Invariants beyond "no crash, no sanitizer report":
// - a legal form round-trips: decode_ptx(ptx_form(u)) == u, and ptx_form(u) is one of
//   legal_ptx_forms();
// - a refusal always says why (a non-empty, one-line message);
// - S23: the target only gates: a form decodes under a target exactly when it decodes without
//   one and the target reaches minimum_target(u) in each field it sets, to the same Uop.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "model/isa/ptx.h"

namespace {

using halfpipe::isa::Target;

std::string_view next_line(std::string_view& rest) {
  const size_t nl = rest.find('\n');
  const std::string_view line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}

bool reaches(const Target& target, const Target& minimum) {
  return (target.sm == 0 || target.sm >= minimum.sm) &&
         (target.ptx_version == 0 || target.ptx_version >= minimum.ptx_version);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const bool has_target = rest.find('\n') != std::string_view::npos;
  const std::string_view instruction = next_line(rest);

  const halfpipe::isa::Decoded plain = halfpipe::isa::decode_ptx(instruction);
  FUZZ_CHECK(plain.uop.has_value() == plain.error.empty(), "error: " + plain.error);
  FUZZ_CHECK(halfpipe::fuzz::one_line(plain.error), plain.error);
  if (plain.uop) {
    const std::string canonical = halfpipe::isa::ptx_form(*plain.uop);
    const halfpipe::isa::Decoded again = halfpipe::isa::decode_ptx(canonical);
    FUZZ_CHECK(again.uop && *again.uop == *plain.uop,
               "'" + std::string(instruction) + "' -> '" + canonical + "' -> " + again.error);
    const auto& legal = halfpipe::isa::legal_ptx_forms();
    FUZZ_CHECK(std::find(legal.begin(), legal.end(), canonical) != legal.end(), canonical);
  }

  if (!has_target) return 0;
  const std::string_view sm = next_line(rest);
  const std::string_view ptx_version = next_line(rest);
  std::string target_error;
  const std::optional<Target> target = halfpipe::isa::parse_target(sm, ptx_version, target_error);
  FUZZ_CHECK(target.has_value() == target_error.empty(), target_error);
  if (!target) return 0;
  FUZZ_CHECK(target->sm >= 0 && target->ptx_version >= 0, std::string(sm));

  const halfpipe::isa::Decoded gated = halfpipe::isa::decode_ptx(instruction, target);
  FUZZ_CHECK(gated.uop.has_value() == gated.error.empty(), "error: " + gated.error);
  FUZZ_CHECK(halfpipe::fuzz::one_line(gated.error), gated.error);
  const bool allowed =
      plain.uop && reaches(*target, halfpipe::isa::minimum_target(*plain.uop));
  FUZZ_CHECK(gated.uop.has_value() == allowed,
             "'" + std::string(instruction) + "' under sm '" + std::string(sm) + "' ptx '" +
                 std::string(ptx_version) + "': " + (gated.uop ? "accepted" : gated.error));
  if (gated.uop) FUZZ_CHECK(*gated.uop == *plain.uop, std::string(instruction));
  return 0;
}
