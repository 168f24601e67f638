#include "model/workload/trace_reader.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

namespace halfpipe::workload {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool is_word(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '%' || c == '$' ||
          c == '.'))
      return false;
  return true;
}

// One warp's stream while it is read.
struct Builder {
  Program program;
  std::unordered_map<std::string, int> registers, forms;

  int register_of(std::string_view name) {
    auto [it, added] = registers.emplace(std::string(name), static_cast<int>(program.registers.size()));
    if (added) program.registers.emplace_back(name);
    return it->second;
  }
  int form_of(std::string_view text) {
    auto [it, added] = forms.emplace(std::string(text), static_cast<int>(program.forms.size()));
    if (added) program.forms.push_back(classify_form(std::string(text), nullptr));
    return it->second;
  }
};

// The line without its comment.
std::string_view content(std::string_view line) { return trim(line.substr(0, line.find('#'))); }

}  // namespace

Trace parse_trace(std::string_view text, const std::string& source) {
  std::map<uint64_t, Builder> warps;
  std::map<uint64_t, int> warp_lines;  // where each `warp N` line is
  Trace trace;
  Builder* current = nullptr;
  uint64_t current_warp = 0;
  std::size_t begin = 0;
  int line_number = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (raw.size() > 4096) throw ReadError(source, line_number, "line longer than 4096 characters");
    for (char c : raw)
      if (c != '\t' && c != '\r' && (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)) {
        char code[8];
        std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(c));
        throw ReadError(source, line_number, std::string("control character ") + code);
      }
    const std::string_view line = content(raw);
    if (line.empty()) continue;

    std::size_t form_end = 0;
    while (form_end < line.size() && line[form_end] != ' ' && line[form_end] != '\t') ++form_end;
    const std::string_view head = line.substr(0, form_end);
    const std::string_view rest = trim(line.substr(form_end));
    if (head == "warp") {
      if (rest.empty() || rest.size() > 9 ||
          rest.find_first_not_of("0123456789") != std::string_view::npos)
        throw ReadError(source, line_number,
                        "'" + std::string(line) + "': expected 'warp N', N a warp number");
      current_warp = std::stoull(std::string(rest));
      if (warps.count(current_warp))
        throw ReadError(source, line_number,
                        "warp " + std::to_string(current_warp) + " is given twice");
      current = &warps[current_warp];
      warp_lines[current_warp] = line_number;
      trace.names_warps = true;
      current->program.name = "warp " + std::to_string(current_warp);
      continue;
    }
    if (!current) {
      current = &warps[0];
      current->program.name = "warp 0";
    }
    if (!is_word(head) || !std::isalpha(static_cast<unsigned char>(head[0])))
      throw ReadError(source, line_number, "'" + std::string(head) + "' is not an opcode word");
    std::vector<std::string_view> operands;
    for (std::size_t at = 0; at <= rest.size();) {
      std::size_t comma = rest.find(',', at);
      if (comma == std::string_view::npos) comma = rest.size();
      operands.push_back(trim(rest.substr(at, comma - at)));
      at = comma + 1;
    }
    if (rest.empty())
      throw ReadError(source, line_number, std::string(head) + " has no destination register");
    if (operands.size() > 4)
      throw ReadError(source, line_number,
                      std::string(head) + " has " + std::to_string(operands.size() - 1) +
                          " sources; at most 3");
    Instruction inst;
    inst.line = line_number;
    inst.form = current->form_of(head);
    for (std::size_t k = 0; k < operands.size(); ++k) {
      if (!is_word(operands[k]))
        throw ReadError(source, line_number,
                        "operand '" + std::string(operands[k]) + "' is not a register word");
      (k == 0 ? inst.destinations : inst.sources).push_back(current->register_of(operands[k]));
    }
    current->program.code.push_back(std::move(inst));
  }
  if (warps.empty()) throw ReadError(source, std::max(line_number, 1), "no instructions in the trace");
  for (auto& [number, builder] : warps) {
    if (builder.program.code.empty())
      throw ReadError(source, warp_lines[number], builder.program.name + " has no instructions");
    builder.program.source = source;
    trace.warps.push_back(std::move(builder.program));
  }
  return trace;
}

Trace read_trace(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReadError(path + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_trace(text.str(), path);
}

}  // namespace halfpipe::workload
