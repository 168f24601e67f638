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
  // The registers the chain's instructions between the clock reads name.
  std::set<std::string> chain_registers;
  for (size_t k = clocks.front() + 1; k < clocks.back(); ++k)
    if (of_chain(code[k]))
      for (const auto& o : code[k].operands)
        for (const auto& r : registers_of(o)) chain_registers.insert(r);
  // ptxas schedules the loop's own instructions (the trip counter's IADD3 or VIADD and ISETP)
  // into the chain's stalls: they touch none of its registers and issue while it waits, so they
  // add no time to it. An instruction the chain waits for does: one that writes a register the
  // chain names, one this reader does not know (what it writes is unknown), a branch, a clock
  // read. Those end a run of the chain.
  auto breaks = [&](const SassInstruction& i) {
    if (i.opcode.empty() || i.opcode[0] == '?' || is_clock_read(i)) return true;
    const std::string base = base_of(i.opcode);
    if (base == "BRA" || base == "EXIT" || base == "BSSY" || base == "BSYNC") return true;
    if (i.operands.empty()) return false;  // NOP, or a known instruction writing no register
    for (const auto& r : registers_of(i.operands[0]))
      if (chain_registers.count(r)) return true;
    return false;
  };
  // The longest run of the chain's opcodes between the first and the last clock read.
  std::vector<size_t> best, run;
  for (size_t k = clocks.front() + 1; k <= clocks.back(); ++k) {
    if (k < clocks.back() && of_chain(code[k])) run.push_back(k);
    else if (k == clocks.back() || breaks(code[k])) {
      if (run.size() > best.size()) best = run;
      run.clear();
    }
  }
  // Each instruction reads what the one `chains` before it wrote: its own chain's previous
  // instruction (a packed transcendental's two lanes alternate), so that the run is `chains`
  // dependent chains, not more, shorter ones interleaved. Checked before the count, which
  // independent chains interleaved could make up.
  for (size_t n = 0; n < best.size(); ++n) {
    const SassInstruction& i = code[best[n]];
    if (i.operands.empty()) return fmt::format("{} at {} has no operands", i.opcode, best[n]);
    if (n < static_cast<size_t>(chains)) continue;
    const auto written = registers_of(code[best[n - chains]].operands[0]);
    bool reads = false;
    for (size_t o = 1; o < i.operands.size(); ++o)
      for (const auto& r : registers_of(i.operands[o]))
        reads |= std::find(written.begin(), written.end(), r) != written.end();
    if (!reads)
      return fmt::format("instruction {} of the run ({}) reads nothing instruction {} wrote: "
                         "not a dependent chain",
                         n + 1, i.opcode, n + 1 - chains);
  }
  std::string names;
  for (const auto& o : opcodes) names += (names.empty() ? "" : "/") + o;
  if (best.size() != static_cast<size_t>(count))
    return fmt::format("the longest unbroken run of {} between the clock reads is {} instructions, "
                       "not {}: the chain is folded or broken",
                       names, best.size(), count);
  return "";
}

}  // namespace halfpipe::silicon
