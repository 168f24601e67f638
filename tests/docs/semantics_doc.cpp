#include "tests/docs/semantics_doc.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <set>

namespace halfpipe::docs {
namespace fs = std::filesystem;
namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The Uop format names S8, S16, S32 and S64 share their spelling with rule ids; beside one of these
// siblings they name a format.
bool is_format_sibling(std::string_view word) {
  return word == "F16" || word == "BF16" || word == "U16" || word == "U8" || word == "U32" ||
         word == "F32" || word == "U64" || word == "F64";
}

bool is_list_separator(char c) { return c == ' ' || c == '\t' || c == '/' || c == ','; }

std::string_view word_before(std::string_view s, size_t pos) {
  size_t end = pos;
  while (end > 0 && is_list_separator(s[end - 1])) --end;
  size_t begin = end;
  while (begin > 0 && is_word_char(s[begin - 1])) --begin;
  return s.substr(begin, end - begin);
}

std::string_view word_after(std::string_view s, size_t pos) {
  size_t begin = pos;
  while (begin < s.size() && is_list_separator(s[begin])) ++begin;
  size_t end = begin;
  while (end < s.size() && is_word_char(s[end])) ++end;
  return s.substr(begin, end - begin);
}

// An id `S<digits>` starting at pos (no leading zero, not followed by a word character); its
// value and the position just past it, or 0 when there is none.
int id_at(std::string_view s, size_t pos, size_t& end) {
  if (pos + 1 >= s.size() || s[pos] != 'S' || !is_digit(s[pos + 1]) || s[pos + 1] == '0') return 0;
  end = pos + 1;
  int value = 0;
  while (end < s.size() && is_digit(s[end])) {
    if (value < 100000) value = value * 10 + (s[end] - '0');
    ++end;
  }
  if (end < s.size() && is_word_char(s[end])) return 0;
  return value;
}

// The range operators between the two ends of `S19-S21`: a hyphen, an en dash, or `..`.
size_t range_operator_length(std::string_view s, size_t pos) {
  if (s.substr(pos, 1) == "-") return 1;
  if (s.substr(pos, 2) == "..") return 2;
  if (s.substr(pos, 3) == "\xE2\x80\x93") return 3;  // U+2013 EN DASH in UTF-8
  return 0;
}

struct Lines {
  std::vector<std::string> lines;
  bool ok = false;
};

Lines read_lines(const fs::path& path) {
  Lines r;
  std::ifstream in(path);
  if (!in) return r;
  r.ok = true;
  for (std::string line; std::getline(in, line);) r.lines.push_back(line);
  return r;
}

bool is_cited_file(const fs::path& p) {
  static const std::set<std::string> extensions = {".cpp", ".cc",  ".cxx", ".h",     ".hpp",
                                                   ".sv",  ".svh", ".v",   ".cmake", ".md"};
  return p.filename() == "CMakeLists.txt" || extensions.count(p.extension().string()) != 0;
}

bool is_under(const std::string& relative, const std::string& directory) {
  return relative == directory || relative.rfind(directory + "/", 0) == 0;
}

struct Citation {
  std::string file;  // relative to the root, '/'-separated
  int line;
};

// Every citing file under root (the directories of kCitingDirectories, README.md and
// CMakeLists.txt), relative and sorted, minus the excluded directories.
std::vector<std::string> citing_files(const fs::path& root, const std::vector<std::string>& excluded) {
  std::vector<std::string> files;
  auto keep = [&](const fs::path& p) {
    const std::string relative = p.lexically_relative(root).generic_string();
    for (const std::string& e : excluded)
      if (is_under(relative, e)) return;
    if (is_cited_file(p)) files.push_back(relative);
  };
  for (const char* top : {"README.md", "CMakeLists.txt"})
    if (fs::is_regular_file(root / top)) keep(root / top);
  for (const std::string& dir : kCitingDirectories) {
    if (!fs::is_directory(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir))
      if (entry.is_regular_file()) keep(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// ---- the document -------------------------------------------------------------------------------

const char* const kDocument = "doc/semantics.md";
const char* const kWhereItLives = "Where it lives";
const char* const kPinnedBy = "Pinned by";

struct CodeSpan {
  std::string text;
  int line;
};

struct RuleSection {
  int id = 0;
  int line = 0;
  // The code spans of each entry of the block: a line, with the indented lines that continue it.
  std::vector<std::vector<CodeSpan>> where_entries;
  std::vector<CodeSpan> pinned;
};

struct Document {
  std::vector<RuleSection> rules;
  std::vector<CodeSpan> spans;        // every code span of the document
  std::vector<int> split_span_lines;  // lines with an odd number of backticks
};

std::vector<std::string> code_spans(const std::string& line) {
  static const std::regex span("`([^`]+)`");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), span); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

bool looks_like_path(const std::string& s) {
  static const std::regex path(R"([A-Za-z_][\w.+-]*(/[\w.+-]+)+/?)");
  return std::regex_match(s, path);
}

// `post_process`, `policy::flush_tiny_result`, `flush_tiny_result()`: a name to find in a file.
bool looks_like_name(const std::string& s) {
  static const std::regex name(R"([A-Za-z_]\w*(::[A-Za-z_]\w*)*(\(\))?)");
  return std::regex_match(s, name);
}

// The last component of a qualified name, without a trailing `()`.
std::string bare_name(std::string s) {
  if (s.size() > 2 && s.compare(s.size() - 2, 2, "()") == 0) s.resize(s.size() - 2);
  const size_t colon = s.rfind("::");
  return colon == std::string::npos ? s : s.substr(colon + 2);
}

Document parse_document(const std::vector<std::string>& lines) {
  static const std::regex heading(R"(^#{1,6}\s)");
  static const std::regex rule_heading(R"(^#{1,6}\s+S([1-9][0-9]*)\b)");
  static const std::regex label(R"(^\*\*([^*]+)\*\*)");
  Document doc;
  RuleSection* rule = nullptr;
  std::string block;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const int number = static_cast<int>(i + 1);
    std::smatch m;
    if (std::regex_search(line, heading)) {
      rule = nullptr;
      block.clear();
      if (std::regex_search(line, m, rule_heading)) {
        doc.rules.push_back({std::stoi(m[1].str()), number, {}, {}});
        rule = &doc.rules.back();
      }
      continue;
    }
    if (std::regex_search(line, m, label)) {
      block = m[1].str();
      while (!block.empty() && (block.back() == '.' || block.back() == ':' || block.back() == ' '))
        block.pop_back();
    }
    // Spans are read line by line, so one that runs onto the next line would be misread.
    if (std::count(line.begin(), line.end(), '`') % 2 != 0) doc.split_span_lines.push_back(number);
    std::vector<CodeSpan> spans;
    for (const std::string& s : code_spans(line)) spans.push_back({s, number});
    doc.spans.insert(doc.spans.end(), spans.begin(), spans.end());
    if (rule == nullptr) continue;
    if (block == kWhereItLives) {
      const bool indented = !line.empty() && (line[0] == ' ' || line[0] == '\t');
      if (!indented || rule->where_entries.empty()) rule->where_entries.emplace_back();
      rule->where_entries.back().insert(rule->where_entries.back().end(), spans.begin(), spans.end());
    }
    if (block == kPinnedBy) rule->pinned.insert(rule->pinned.end(), spans.begin(), spans.end());
  }
  return doc;
}

bool file_contains_word(const fs::path& path, const std::string& word) {
  const Lines file = read_lines(path);
  for (const std::string& line : file.lines) {
    for (size_t at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
      const bool starts = at == 0 || !is_word_char(line[at - 1]);
      const size_t end = at + word.size();
      if (starts && (end == line.size() || !is_word_char(line[end]))) return true;
    }
  }
  return false;
}

std::string where(int line) { return std::string(kDocument) + ":" + std::to_string(line); }

}  // namespace

std::vector<int> rule_citations(std::string_view s) {
  std::vector<int> ids;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (is_word_char(s[i - 1]) || s[i - 1] == ':' || s[i - 1] == '.')) continue;
    size_t end = 0;
    const int first = id_at(s, i, end);
    if (first == 0) continue;

    size_t next = end;
    while (next < s.size() && (s[next] == ' ' || s[next] == '\t')) ++next;
    const bool enumerator = next < s.size() && s[next] == '=' && s.substr(next, 2) != "==";
    if (enumerator || s.substr(next, 2) == "->") continue;
    if (is_format_sibling(word_before(s, i)) || is_format_sibling(word_after(s, end))) continue;

    int last = first;
    if (const size_t op = range_operator_length(s, end); op != 0) {
      size_t range_end = 0;
      const int upper = id_at(s, end + op, range_end);
      if (upper > first) {
        last = upper;
        end = range_end;
      }
    }
    for (int id = first; id <= last; ++id) ids.push_back(id);
    i = end - 1;
  }
  return ids;
}

std::vector<std::string> check_semantics_doc(const fs::path& root, const std::vector<std::string>& excluded) {
  std::vector<std::string> problems;
  const Lines doc_lines = read_lines(root / kDocument);
  if (!doc_lines.ok) return {std::string(kDocument) + " does not exist under " + root.string()};
  const Document doc = parse_document(doc_lines.lines);

  std::map<int, int> documented;  // id -> heading line
  for (const RuleSection& r : doc.rules) {
    if (const auto [it, fresh] = documented.emplace(r.id, r.line); !fresh)
      problems.push_back(where(r.line) + ": S" + std::to_string(r.id) +
                         " has a second section (the first is at line " + std::to_string(it->second) + ")");
  }

  // Who cites what, in code and tests alike; and which files under tests/ cite each rule.
  std::map<int, std::vector<Citation>> cited;
  std::map<std::string, std::set<int>> cited_by_file;
  for (const std::string& file : citing_files(root, excluded)) {
    const Lines text = read_lines(root / file);
    for (size_t i = 0; i < text.lines.size(); ++i)
      for (int id : rule_citations(text.lines[i])) {
        cited[id].push_back({file, static_cast<int>(i + 1)});
        cited_by_file[file].insert(id);
      }
  }

  for (const auto& [id, citations] : cited) {
    if (documented.count(id)) continue;
    std::string message = "S" + std::to_string(id) + " is cited at " + citations.front().file + ":" +
                          std::to_string(citations.front().line);
    if (citations.size() > 1) message += " (and " + std::to_string(citations.size() - 1) + " more places)";
    problems.push_back(message + " but " + kDocument + " has no section for it");
  }

  for (const RuleSection& r : doc.rules) {
    const std::string rule = "S" + std::to_string(r.id);
    const bool pinned = std::any_of(cited_by_file.begin(), cited_by_file.end(), [&](const auto& entry) {
      return is_under(entry.first, "tests") && entry.second.count(r.id) != 0;
    });
    if (!pinned) problems.push_back(rule + " is pinned by no test: no file under tests/ cites it");

    bool names_a_place = false;
    for (const std::vector<CodeSpan>& entry : r.where_entries) {
      std::string file;  // the last path named in this entry: the file the names after it are in
      for (const CodeSpan& span : entry) {
        if (looks_like_path(span.text)) {
          file = span.text;
          names_a_place = true;
        } else if (!file.empty() && looks_like_name(span.text) && fs::is_regular_file(root / file) &&
                   !file_contains_word(root / file, bare_name(span.text))) {
          problems.push_back(where(span.line) + ": " + rule + " says `" + span.text + "` is in " + file +
                             ", which does not contain `" + bare_name(span.text) + "`");
        }
      }
    }
    if (!names_a_place)
      problems.push_back(where(r.line) + ": " + rule + " names no file under '" + kWhereItLives + "'");

    bool lists_a_test = false;
    for (const CodeSpan& span : r.pinned) {
      if (!looks_like_path(span.text) || !fs::exists(root / span.text)) continue;  // reported below
      lists_a_test = true;
      const auto it = cited_by_file.find(span.text);
      if (!is_under(span.text, "tests") || it == cited_by_file.end() || it->second.count(r.id) == 0)
        problems.push_back(where(span.line) + ": " + rule + " lists " + span.text + " under '" + kPinnedBy +
                           "', but that file does not cite " + rule);
    }
    if (!lists_a_test)
      problems.push_back(where(r.line) + ": " + rule + " lists no test under '" + kPinnedBy + "'");
  }

  for (int line : doc.split_span_lines)
    problems.push_back(where(line) + ": a code span runs onto the next line; keep each on one line");
  for (const CodeSpan& span : doc.spans)
    if (looks_like_path(span.text) && !fs::exists(root / span.text))
      problems.push_back(where(span.line) + " names " + span.text + ", which does not exist");
  return problems;
}

}  // namespace halfpipe::docs
