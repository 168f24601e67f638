#include "model/workload/ptx_reader.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "model/isa/ptx.h"

namespace halfpipe::workload {
namespace {

// ---- Statements ---------------------------------------------------------------------------------

struct Statement {
  enum Kind { Text, Open, Close } kind;
  std::string text;  // Text: trimmed, comments removed, newlines as blanks
  int line;          // of its first character
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Module directives that end at the end of their line, without ';'.
bool is_line_directive(std::string_view s) {
  s = trim(s);
  return starts_with(s, ".version") || starts_with(s, ".target") ||
         starts_with(s, ".address_size");
}

bool is_identifier_start(char c);
bool is_identifier_char(char c);

// Whether `text` is one name, as before a label's ':' (not `ld.shared` before `::cta`).
bool is_label(std::string_view text) {
  text = trim(text);
  if (text.empty() || !is_identifier_start(text[0])) return false;
  for (char c : text.substr(1))
    if (!is_identifier_char(c)) return false;
  return true;
}

// Splits PTX text into statements: text up to ';', and the '{' and '}' of scopes (function bodies
// and inline asm's blocks). Braces inside a statement (a vector operand `{%r1, %r2}`, an
// initializer `= {1, 2}`) stay in its text.
std::vector<Statement> split_statements(std::string_view text, const std::string& source) {
  std::vector<Statement> out;
  std::string current;
  int current_line = 0, line = 1, operand_braces = 0;
  auto finish = [&] {
    const std::string_view t = trim(current);
    if (!t.empty()) out.push_back({Statement::Text, std::string(t), current_line});
    current.clear();
  };
  auto append = [&](char ch) {
    if (trim(current).empty() && !std::isspace(static_cast<unsigned char>(ch))) current_line = line;
    current += ch;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (ch == '\n') {
      if (operand_braces == 0 && is_line_directive(current)) finish();
      ++line;
      current += ' ';
    } else if (ch != '\t' && ch != '\r' && ch != '\f' && ch != '\v' &&
               (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(ch));
      throw ReadError(source, line, std::string("control character ") + code);
    } else if (ch == '/' && next == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (ch == '/' && next == '*') {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) throw ReadError(source, line, "unterminated /* comment");
      for (std::size_t k = i; k < end; ++k) line += text[k] == '\n';
      i = end + 1;
      current += ' ';
    } else if (ch == '"') {
      const std::size_t end = text.find_first_of("\"\n", i + 1);
      if (end == std::string_view::npos || text[end] != '"')
        throw ReadError(source, line, "unterminated string");
      for (std::size_t k = i; k <= end; ++k) append(text[k]);
      i = end;
    } else if (ch == ';' && operand_braces == 0) {
      finish();
    } else if (ch == ':' && next != ':' && operand_braces == 0 && is_label(current)) {
      append(ch);
      finish();  // a label is a statement of its own, so the next one has its own line
    } else if (ch == '{') {
      const std::string_view t = trim(current);
      const bool after_label = !t.empty() && t.back() == ':';
      if (operand_braces > 0 || (!t.empty() && !after_label &&
                                 (t.find('=') != std::string_view::npos || t.front() != '.'))) {
        ++operand_braces;  // a vector operand or an initializer
        append(ch);
      } else {
        finish();  // a function's header or a label, if any
        out.push_back({Statement::Open, "{", line});
      }
    } else if (ch == '}') {
      if (operand_braces > 0) {
        --operand_braces;
        append(ch);
      } else {
        if (!trim(current).empty())
          throw ReadError(source, current_line,
                          "'" + std::string(trim(current)) + "' is not terminated by ';'");
        out.push_back({Statement::Close, "}", line});
      }
    } else {
      append(ch);
    }
  }
  if (!trim(current).empty()) {
    if (!is_line_directive(current))
      throw ReadError(source, current_line,
                      "'" + std::string(trim(current)) + "' is not terminated by ';'");
    finish();
  }
  return out;
}

// ---- Names --------------------------------------------------------------------------------------

bool is_identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
}
bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// Special registers (PTX ISA chapter 10): read-only, always ready.
bool is_special_register(std::string_view name) {
  static const char* const kSpecial[] = {
      "%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid", "%smid", "%nsmid",
      "%gridid", "%is_explicit_cluster", "%clusterid", "%nclusterid", "%cluster_ctaid",
      "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank", "%lanemask_eq", "%lanemask_le",
      "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi", "%clock64",
      "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%total_smem_size",
      "%aggr_smem_size", "%dynamic_smem_size", "%current_graph_exec"};
  for (const char* s : kSpecial)
    if (name == s) return true;
  return starts_with(name, "%pm") || starts_with(name, "%envreg") ||
         starts_with(name, "%reserved_smem_offset");
}

// Opcodes whose first operand is not written: every register they name is read.
bool writes_no_register(std::string_view opcode) {
  static const char* const kNoDestination[] = {
      "st", "stmatrix", "bra", "brx", "ret", "exit", "bar", "barrier", "membar", "fence", "red",
      "prefetch", "prefetchu", "trap", "brkpt", "pmevent", "call", "cp", "st.async", "red.async",
      "griddepcontrol", "setmaxnreg", "nanosleep", "discard", "applypriority", "wgmma"};
  for (const char* o : kNoDestination)
    if (opcode == o) return true;
  return false;
}

// Splits at the commas outside brackets and braces.
std::vector<std::string_view> split_operands(std::string_view s) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '[' || s[i] == '{' || s[i] == '(') ++depth;
    if (s[i] == ']' || s[i] == '}' || s[i] == ')') --depth;
    if (s[i] == ',' && depth == 0) {
      out.push_back(trim(s.substr(begin, i - begin)));
      begin = i + 1;
    }
  }
  if (!trim(s.substr(begin)).empty() || !out.empty()) out.push_back(trim(s.substr(begin)));
  return out;
}

// ---- The kernel ---------------------------------------------------------------------------------

struct KernelHeader {
  std::string name;
  int line;
  std::size_t open;  // index of the body's '{' statement
  std::vector<std::string> parameters;
};

class KernelReader {
 public:
  KernelReader(const std::string& source, const std::unordered_set<std::string>& module_symbols,
               const isa::Target& target, Program& program)
      : source_(source), module_symbols_(module_symbols), target_(target), program_(program) {}

  // Reads the statements of the body from its '{' to the matching '}'.
  void read(const std::vector<Statement>& statements, const KernelHeader& header) {
    for (const std::string& p : header.parameters) local_symbols_.insert(p);
    std::size_t i = header.open;
    int depth = 0;
    for (; i < statements.size(); ++i) {
      const Statement& s = statements[i];
      if (s.kind == Statement::Open) {
        ++depth;
        scopes_.emplace_back();
      } else if (s.kind == Statement::Close) {
        --depth;
        scopes_.pop_back();
        if (depth == 0) break;
      } else {
        statement(s);
      }
    }
    if (i == statements.size())
      throw ReadError(source_, statements.back().line,
                      "the body of kernel " + header.name + " is not closed (a '}' is missing)");
    resolve_branches();
  }

 private:
  void statement(const Statement& s) {
    std::string_view text = s.text;
    // Labels: NAME: (not NAME::, a state space's qualifier).
    for (;;) {
      if (text.empty() || !is_identifier_start(text[0])) break;
      std::size_t end = 1;
      while (end < text.size() && is_identifier_char(text[end])) ++end;
      std::size_t colon = end;
      while (colon < text.size() && text[colon] == ' ') ++colon;
      if (colon >= text.size() || text[colon] != ':' ||
          (colon + 1 < text.size() && text[colon + 1] == ':'))
        break;
      labels_[std::string(text.substr(0, end))] = static_cast<int>(program_.code.size());
      text = trim(text.substr(colon + 1));
    }
    if (text.empty()) return;
    if (text[0] == '.') return directive(text, s.line);
    instruction(text, s.line);
  }

  void directive(std::string_view text, int line) {
    std::size_t word_end = 1;
    while (word_end < text.size() && is_identifier_char(text[word_end])) ++word_end;
    const std::string_view word = text.substr(0, word_end);
    const bool is_register = word == ".reg";
    if (!is_register && word != ".local" && word != ".shared" && word != ".param" &&
        word != ".const" && word != ".global")
      return;  // .pragma, .loc and other directives that declare nothing
    // After the state space: .type, .align N, .vN qualifiers, then the names.
    std::string_view rest = trim(text.substr(word_end));
    while (!rest.empty() && (rest[0] == '.' || std::isdigit(static_cast<unsigned char>(rest[0])))) {
      std::size_t end = 0;
      while (end < rest.size() && !std::isspace(static_cast<unsigned char>(rest[end]))) ++end;
      // `.reg.b16 hl` has the type glued on; `.align 4` its number apart.
      rest = trim(rest.substr(end));
    }
    for (std::string_view declarator : split_operands(rest)) {
      std::size_t end = 0;
      while (end < declarator.size() && (is_identifier_char(declarator[end]) || declarator[end] == '%'))
        ++end;
      const std::string name(declarator.substr(0, end));
      if (name.empty() || !is_identifier_start(name[0]))
        throw ReadError(source_, line, "'" + std::string(declarator) + "' is not a name to declare");
      if (!is_register) {
        local_symbols_.insert(name);
        continue;
      }
      std::string_view suffix = trim(declarator.substr(end));
      if (suffix.empty()) {
        declare_register(name);
      } else if (suffix.front() == '<' && suffix.back() == '>') {
        const std::string digits(suffix.substr(1, suffix.size() - 2));
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos ||
            digits.size() > 6)
          throw ReadError(source_, line, "'" + std::string(declarator) + "': bad register count");
        const int count = std::stoi(digits);
        for (int k = 0; k < count; ++k) declare_register(name + std::to_string(k));
      } else {
        throw ReadError(source_, line, "'" + std::string(declarator) + "' is not a register name");
      }
    }
  }

  void declare_register(const std::string& name) {
    scopes_.back()[name] = static_cast<int>(program_.registers.size());
    program_.registers.push_back(name);
  }

  int find_register(const std::string& name) const {
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
      if (auto it = scope->find(name); it != scope->end()) return it->second;
    return -1;
  }

  // The registers an operand names, into `reads` or `writes`; other names are checked later.
  void names_in(std::string_view operand, bool written, Instruction& inst, int line) {
    int brackets = 0;
    for (std::size_t i = 0; i < operand.size();) {
      const char c = operand[i];
      if (c == '[') ++brackets;
      if (c == ']') --brackets;
      if (std::isdigit(static_cast<unsigned char>(c))) {  // 42, 0x2a, 0f3F800000, 1.5
        while (i < operand.size() && (is_identifier_char(operand[i]) || operand[i] == '.')) ++i;
        continue;
      }
      if (!is_identifier_start(c)) {
        ++i;
        continue;
      }
      std::size_t end = i + 1;
      while (end < operand.size() && is_identifier_char(operand[end])) ++end;
      const std::string name(operand.substr(i, end - i));
      i = end;
      if (const int reg = find_register(name); reg >= 0) {
        (written && brackets == 0 ? inst.destinations : inst.sources).push_back(reg);
      } else if (is_special_register(name)) {
        if (name == "%clock" || name == "%clock64") inst.reads_clock = true;
        while (i < operand.size() && (operand[i] == '.' || is_identifier_char(operand[i]))) ++i;
      } else if (name[0] == '%') {
        throw ReadError(source_, line, "register '" + name + "' is not declared");
      } else if (!local_symbols_.count(name) && !module_symbols_.count(name)) {
        unresolved_.emplace_back(name, line);  // a label, unless the kernel has none of that name
      }
    }
  }

  void instruction(std::string_view text, int line) {
    Instruction inst;
    inst.line = line;
    bool guarded = false;
    if (text[0] == '@') {
      std::size_t end = 1;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
      std::string_view predicate = text.substr(1, end - 1);
      if (!predicate.empty() && predicate[0] == '!') predicate.remove_prefix(1);
      const int reg = find_register(std::string(predicate));
      if (reg < 0)
        throw ReadError(source_, line,
                        "guard '" + std::string(text.substr(0, end)) + "' names no declared predicate");
      inst.sources.push_back(reg);
      guarded = true;
      text = trim(text.substr(end));
    }
    std::size_t end = 0;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string mnemonic(text.substr(0, end));
    if (mnemonic.empty() || !std::isalpha(static_cast<unsigned char>(mnemonic[0])) ||
        mnemonic.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:") !=
            std::string::npos)
      throw ReadError(source_, line, "'" + std::string(text) + "' is not an instruction");
    const std::string opcode = mnemonic.substr(0, mnemonic.find('.'));
    const std::vector<std::string_view> operands = split_operands(text.substr(end));
    for (std::size_t k = 0; k < operands.size(); ++k) {
      if (operands[k].empty())
        throw ReadError(source_, line, "'" + std::string(text) + "': an empty operand");
      if (opcode == "bra" || opcode == "brx") continue;  // the label, resolved below
      names_in(operands[k], k == 0 && !writes_no_register(opcode), inst, line);
    }
    inst.form = form_index(mnemonic);
    if (opcode == "bra") {
      if (operands.size() != 1)
        throw ReadError(source_, line, "'" + std::string(text) + "': bra takes one label");
      branches_.push_back({program_.code.size(), std::string(operands[0]), guarded});
    } else if ((opcode == "ret" || opcode == "exit") && !guarded) {
      inst.flow = Flow::Stop;
    }
    program_.code.push_back(std::move(inst));
  }

  int form_index(const std::string& text) {
    auto [it, added] = forms_.emplace(text, static_cast<int>(program_.forms.size()));
    if (added) program_.forms.push_back(classify_form(text, &target_));
    return it->second;
  }

  void resolve_branches() {
    for (const Branch& b : branches_) {
      Instruction& inst = program_.code[b.index];
      const auto it = labels_.find(b.label);
      if (it == labels_.end())
        throw ReadError(source_, inst.line,
                        "branch to '" + b.label + "', a label the kernel does not have");
      inst.target = it->second;
      if (it->second <= static_cast<int>(b.index))
        inst.flow = Flow::LoopBack;
      else
        inst.flow = b.guarded ? Flow::Next : Flow::Jump;
    }
    for (const auto& [name, line] : unresolved_)
      if (!labels_.count(name)) throw ReadError(source_, line, "'" + name + "' is not declared");
  }

  struct Branch {
    std::size_t index;
    std::string label;
    bool guarded;
  };

  const std::string& source_;
  const std::unordered_set<std::string>& module_symbols_;
  isa::Target target_;
  Program& program_;
  std::vector<std::unordered_map<std::string, int>> scopes_;
  std::unordered_set<std::string> local_symbols_;  // parameters, .local/.shared/... names
  std::unordered_map<std::string, int> labels_;    // -> index of the instruction after it
  std::unordered_map<std::string, int> forms_;
  std::vector<Branch> branches_;
  std::vector<std::pair<std::string, int>> unresolved_;
};

// The name a module-level declaration or function header declares: the identifier before its
// '(' or '[' or '=' or the end.
std::string declared_name(std::string_view text) {
  std::size_t end = text.find_first_of("([=");
  std::string_view head = trim(text.substr(0, end));
  std::size_t begin = head.size();
  while (begin > 0 && (is_identifier_char(head[begin - 1]) || head[begin - 1] == '%')) --begin;
  return std::string(head.substr(begin));
}

std::vector<std::string> parameters_of(std::string_view header) {
  std::vector<std::string> names;
  const std::size_t open = header.find('('), close = header.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return names;
  for (std::string_view p : split_operands(header.substr(open + 1, close - open - 1))) {
    const std::string name = declared_name(p);
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

}  // namespace

namespace {

// The kernels of the text: the one named `kernel`, the only one (empty `kernel`), or with
// `every_kernel` all of them in the file's order.
std::vector<Program> parse_kernels(std::string_view text, const std::string& source,
                                   const std::string& kernel, bool every_kernel) {
  const std::vector<Statement> statements = split_statements(text, source);
  std::string sm, version;
  int target_line = 0;
  std::unordered_set<std::string> module_symbols;
  std::vector<KernelHeader> kernels;
  int depth = 0;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const Statement& s = statements[i];
    if (s.kind == Statement::Open) {
      if (depth == 0 && i > 0 && statements[i - 1].kind == Statement::Text) {
        const std::string& header = statements[i - 1].text;
        if (header.find(".entry") != std::string::npos) {
          const std::string name = declared_name(header);
          if (name.empty()) throw ReadError(source, statements[i - 1].line, ".entry without a name");
          kernels.push_back({name, statements[i - 1].line, i, parameters_of(header)});
        }
      }
      ++depth;
    } else if (s.kind == Statement::Close) {
      if (--depth < 0) throw ReadError(source, s.line, "'}' without '{'");
    } else if (depth == 0) {
      std::istringstream words(s.text);
      std::string word, value;
      words >> word >> value;
      if (word == ".target") {
        sm = value.substr(0, value.find(','));
        while (!sm.empty() && std::isalpha(static_cast<unsigned char>(sm.back()))) sm.pop_back();
        target_line = s.line;
      } else if (word == ".version") {
        version = value;
      } else {
        // .global, .const, .shared variables and .func prototypes (`.extern .func
        // (.param .b32 r) vprintf(...)`): every name they mention may be referred to.
        for (std::size_t k = 0; k < s.text.size();) {
          if (!is_identifier_start(s.text[k]) || (k > 0 && s.text[k - 1] == '.')) {
            ++k;
            continue;
          }
          std::size_t end = k + 1;
          while (end < s.text.size() && is_identifier_char(s.text[end])) ++end;
          module_symbols.insert(s.text.substr(k, end - k));
          k = end;
        }
      }
    }
  }
  const int last_line = statements.empty() ? 1 : statements.back().line;
  if (depth > 0) throw ReadError(source, last_line, "a '{' is not closed at the end of the file");
  if (kernels.empty()) throw ReadError(source, last_line, "no kernel (.entry) in the file");
  for (const KernelHeader& k : kernels) module_symbols.insert(k.name);

  std::string names;
  for (const KernelHeader& k : kernels)
    names += (names.empty() ? "" : ", ") + k.name + " (line " + std::to_string(k.line) + ")";
  std::vector<const KernelHeader*> chosen;
  if (every_kernel) {
    for (const KernelHeader& k : kernels) chosen.push_back(&k);
  } else if (kernel.empty()) {
    if (kernels.size() > 1)
      throw ReadError(source, kernels[1].line,
                      "the file has several kernels, " + names + "; choose one with --kernel");
    chosen.push_back(&kernels[0]);
  } else {
    for (const KernelHeader& k : kernels)
      if (k.name == kernel) chosen.push_back(&k);
    if (chosen.empty())
      throw ReadError(source, kernels[0].line,
                      "no kernel '" + kernel + "' in the file; its kernels: " + names);
  }
  if (sm.empty())
    throw ReadError(source, chosen[0]->line, "no .target directive before the kernel");
  std::string problem;
  const std::optional<isa::Target> target = isa::parse_target(sm, version, problem);
  if (!target) throw ReadError(source, target_line, problem);

  std::vector<Program> programs;
  for (const KernelHeader* k : chosen) {
    Program program;
    program.name = k->name;
    program.source = source;
    KernelReader(source, module_symbols, *target, program).read(statements, *k);
    if (program.code.empty())
      throw ReadError(source, k->line, "kernel " + k->name + " has no instructions");
    programs.push_back(std::move(program));
  }
  return programs;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ReadError(path + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Program parse_ptx(std::string_view text, const std::string& source, const std::string& kernel) {
  return std::move(parse_kernels(text, source, kernel, false).front());
}

Program read_ptx(const std::string& path, const std::string& kernel) {
  return parse_ptx(read_text(path), path, kernel);
}

std::vector<Program> read_ptx_kernels(const std::string& path) {
  return parse_kernels(read_text(path), path, {}, true);
}

}  // namespace halfpipe::workload
