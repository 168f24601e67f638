// The PTX front-end: instruction text in, a Uop out, with the legality rules of S22 and the
// target gating of S23. Errors name the offending modifier the way ptxas does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::isa {

// A compilation target: `sm_NN` and, optionally, a PTX ISA version (`.version X.Y`). A field
// left at 0 is not checked.
struct Target {
  int sm = 0;              // e.g. 90 for sm_90
  int ptx_version = 0;     // major * 10 + minor, e.g. 81 for 8.1; 0 when not given
};

// Parses "sm_90" (optionally with a PTX ISA version "8.1"); nullopt with `error` set otherwise.
// An empty string leaves its field at 0.
std::optional<Target> parse_target(std::string_view sm, std::string_view ptx_version,
                                   std::string& error);

// The target a caller names by two optional spellings, as `eval --target/--ptx`, the C API and
// Python take it: none when both are empty, else parse_target's, or its error.
struct TargetOption {
  std::optional<Target> target;
  std::string error;
  bool ok() const { return error.empty(); }
};
TargetOption parse_target_option(std::string_view sm, std::string_view ptx_version);

struct Decoded {
  std::optional<Uop> uop;  // set when the form is legal (and allowed by the target)
  std::string error;       // otherwise, the message
  bool target_too_old = false;  // the form is legal, and only the target refuses it (S23)
};

// Decodes an instruction such as "fma.rn.relu.bf16x2" or "add.f16.rn.ftz d, a, b;": modifiers
// and type in any order after the opcode; a trailing operand list or ';' is ignored.
Decoded decode_ptx(std::string_view text, const std::optional<Target>& target = std::nullopt);

// The canonical spelling of a decoded PTX Uop, e.g. "fma.rn.oob.relu.bf16x2": opcode, .approx,
// .rn (fma only: elsewhere it is optional and changes nothing), then .ftz .oob .sat .relu .NaN
// .xorsign.abs, then the type. decode_ptx(ptx_form(u)) == u. Throws std::invalid_argument for a
// Uop no legal PTX form decodes to.
std::string ptx_form(const Uop& u);

// Every legal PTX form (S22), in canonical spelling, in a fixed order: one per distinct Uop, so
// the optional `.rn` of add/sub/mul (which changes nothing, S4) is not listed twice.
const std::vector<std::string>& legal_ptx_forms();

// The half-precision types a PTX form ends with, as PTX spells them.
struct PtxType {
  std::string_view name;  // "f16x2"
  Format format;
  bool packed;
};
inline constexpr PtxType kPtxTypes[] = {{"f16", Format::F16, false},
                                        {"f16x2", Format::F16, true},
                                        {"bf16", Format::BF16, false},
                                        {"bf16x2", Format::BF16, true}};

// The PTX opcode of an op: "add", "fma", "ex2", ... (the op table, model/uop/ops.def).
std::string_view opcode_name(Op op);
// The op whose PTX opcode is `name`, if any.
std::optional<Op> find_opcode(std::string_view name);

// The least target that accepts a legal PTX Uop (S23): the highest sm and PTX ISA version among
// the ISA notes that apply to it.
Target minimum_target(const Uop& u);

}  // namespace halfpipe::isa
