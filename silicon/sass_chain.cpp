#include "silicon/sass_chain.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

namespace halfpipe::silicon {

namespace {

// The general registers an operand names: "R11", "-R4.H0_H0", "|R11|"; RZ is no register.
std::vector<std::string> registers_of(const std::string& operand) {
  static const std::regex reg(R"(\bR([0-9]+)\b)");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(operand.begin(), operand.end(), reg);
       it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

bool is_clock_read(const SassInstruction& i) {
  return i.opcode.rfind("CS2R", 0) == 0 || i.opcode.rfind("S2UR", 0) == 0 || i.opcode == "S2R"
             ? std::any_of(i.operands.begin(), i.operands.end(),
                           [](const std::string& o) { return o.find("SR_CLOCK") == 0; })
             : false;
}

std::string base_of(const std::string& opcode) { return opcode.substr(0, opcode.find('.')); }

}  // namespace

std::vector<SassInstruction> sass_of_function(const std::string& text, const std::string& kernel) {
  // "    /*0080*/       @!P0 HFMA2.MMA R11, -RZ, RZ, |R11| ;   /* 0x... */"
  static const std::regex line(R"(^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);)");
  std::istringstream in(text);
  std::string l;
  bool inside = false;
  std::vector<SassInstruction> code;
  while (std::getline(in, l)) {
    const size_t function = l.find("Function : ");
    if (function != std::string::npos) {
      if (inside) break;
      std::string name = l.substr(function + 11);
      name.erase(name.find_last_not_of(" \t\r") + 1);
      inside = name == kernel;
      continue;
    }
    std::smatch m;
    if (!inside || !std::regex_search(l, m, line)) continue;
    SassInstruction i{m[1].str(), {}};
    std::string operands = m[2].str();
    for (size_t start = 0; start < operands.size();) {
      const size_t comma = std::min(operands.find(',', start), operands.size());
      std::string o = operands.substr(start, comma - start);
      o.erase(0, o.find_first_not_of(' '));
      o.erase(o.find_last_not_of(' ') + 1);
      if (!o.empty()) i.operands.push_back(o);
      start = comma + 1;
    }
    code.push_back(i);
  }
  return code;
}

std::string check_chain(const std::vector<SassInstruction>& code,
                        const std::vector<std::string>& opcodes, int count, int chains) {
  std::vector<size_t> clocks;
  for (size_t k = 0; k < code.size(); ++k)
    if (is_clock_read(code[k])) clocks.push_back(k);
  if (clocks.size() < 2)
    return fmt::format("{} clock read(s) (CS2R ... SR_CLOCKLO): the chain is not timed",
                       clocks.size());
  auto of_chain = [&](const SassInstruction& i) {
    return std::find(opcodes.begin(), opcodes.end(), base_of(i.opcode)) != opcodes.end();
  };
  // The longest run of the chain's opcodes between the first and the last clock read.
  size_t best_start = 0, best_length = 0;
  for (size_t k = clocks.front() + 1; k < clocks.back();) {
    if (!of_chain(code[k])) {
      ++k;
      continue;
    }
    size_t end = k;
    while (end < clocks.back() && of_chain(code[end])) ++end;
    if (end - k > best_length) best_start = k, best_length = end - k;
    k = end;
  }
  std::string names;
  for (const auto& o : opcodes) names += (names.empty() ? "" : "/") + o;
  if (best_length != static_cast<size_t>(count))
    return fmt::format("the longest unbroken run of {} between the clock reads is {} instructions, "
                       "not {}: the chain is folded or broken",
                       names, best_length, count);
  std::set<std::string> written;
  for (size_t k = best_start; k < best_start + best_length; ++k) {
    const SassInstruction& i = code[k];
    if (i.operands.empty()) return fmt::format("{} at {} has no operands", i.opcode, k);
    if (k >= best_start + static_cast<size_t>(chains)) {
      bool reads = false;
      for (size_t o = 1; o < i.operands.size(); ++o)
        for (const auto& r : registers_of(i.operands[o])) reads |= written.count(r) > 0;
      if (!reads)
        return fmt::format("instruction {} of the run ({}) reads no register the run wrote: "
                           "not a dependent chain",
                           k - best_start + 1, i.opcode);
    }
    for (const auto& r : registers_of(i.operands[0])) written.insert(r);
  }
  return "";
}

}  // namespace halfpipe::silicon
