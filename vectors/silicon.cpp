#include "vectors/silicon.h"

#include <algorithm>
#include <map>

#include "model/isa/ptx.h"

namespace halfpipe::vectors {

std::vector<SiliconConfirmation> silicon_confirmations(std::string_view canonical_form) {
  // sm_90, an H100 (silicon/results/sm_90/README.md): every legal PTX form matched on every input
  // run, once S8 followed the chip (run5); tanh.approx and ex2.approx once S19 did, on every input
  // of run1's tables (tests/approx/chip_test.cpp).
  const isa::Decoded decoded = isa::decode_ptx(canonical_form);
  if (!decoded.uop || isa::ptx_form(*decoded.uop) != canonical_form) return {};  // not PTX
  return {{"sm_90", "silicon/results/sm_90/"}};
}

std::string silicon_header(const std::vector<std::string>& forms, std::string_view comment) {
  std::map<std::string, std::pair<std::string, std::string>> by_sm;  // sm -> (results, forms)
  std::vector<std::string> seen;
  for (const auto& form : forms) {
    if (std::find(seen.begin(), seen.end(), form) != seen.end()) continue;
    seen.push_back(form);
    for (const auto& c : silicon_confirmations(form)) {
      auto& entry = by_sm[c.sm];
      entry.first = c.results;
      entry.second += ' ' + form;
    }
  }
  std::string header;
  for (const auto& [sm, entry] : by_sm)
    header += std::string(comment) + " silicon: " + sm + " (" + entry.first + ") confirms" +
              entry.second + '\n';
  if (header.empty())
    header = std::string(comment) + " silicon: no form of this file is confirmed on a GPU yet\n";
  return header;
}

}  // namespace halfpipe::vectors
