// `halfpipe forms`: every legal form, one per line, in canonical spelling: the PTX forms (S22),
// those a target accepts with --target/--ptx (S23), then the vISA MIN_MAX forms (S24-S26).
//
//   halfpipe forms
//   halfpipe forms --target sm_80
//   halfpipe forms --ptx            # PTX only; --ptx 7.8: PTX forms of PTX ISA 7.8
//   halfpipe forms --visa
#include <fmt/format.h>

#include <iostream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/visa_beats.h"

namespace halfpipe::cli {
namespace {

constexpr const char* kFormsDescription =
    "list the legal forms, one per line, in canonical spelling (PTX, then vISA)";

int forms_main(const std::vector<std::string>& args) {
  const auto parsed = parse_forms_options(args);
  if (!parsed.ok()) return report_stop("forms", parsed.text, parsed.status);
  const FormsOptions& o = *parsed.options;
  const bool limited = !o.target.empty() || !o.ptx_version.empty();  // PTX forms only
  if (o.visa_only && (o.ptx_only || limited))
    return report_stop("forms",
                       "--all-visa lists vISA forms, which have no PTX target: drop --ptx, "
                       "--all-ptx or --target",
                       kUsageOrInputError);
  const isa::TargetOption target = isa::parse_target_option(o.target, o.ptx_version);
  if (!target.ok()) return report_stop("forms", target.error, kUsageOrInputError);
  if (!o.visa_only) {
    for (const std::string& form : isa::legal_ptx_forms())
      if (isa::decode_ptx(form, target.target).uop) std::cout << form << "\n";
  }
  if (!o.ptx_only && !limited) {
    for (const auto& i : tb::visa_rtl_forms()) std::cout << isa::visa::form_name(i) << "\n";
  }
  return kPassed;
}

}  // namespace

Parsed<FormsOptions> parse_forms_options(const std::vector<std::string>& args) {
  // `--ptx` alone selects the PTX forms (as --all-ptx); followed by X.Y it is the vocabulary's
  // PTX ISA version, and selects the PTX forms that version accepts.
  std::vector<std::string> words = args;
  for (size_t i = 0; i < words.size(); ++i)
    if (words[i] == "--ptx" && (i + 1 == words.size() || words[i + 1].rfind('-', 0) == 0))
      words[i] = "--all-ptx";
  return parse_command<FormsOptions>("forms", kFormsDescription, words, [](Vocabulary& v, FormsOptions& o) {
    v.target(o.target).description("only the PTX forms sm_NN accepts (S23)");
    v.ptx(o.ptx_version)
        .description("PTX forms only; with X.Y, those PTX ISA X.Y accepts (S23)");
    v.all_ptx(o.ptx_only).description("PTX forms only (also --ptx alone)");
    v.all_visa(o.visa_only).description("vISA MIN_MAX forms only");
  });
}

HALFPIPE_COMMAND(forms, "forms", kFormsDescription, forms_main);

}  // namespace halfpipe::cli
