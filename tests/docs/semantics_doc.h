// The check that keeps doc/semantics.md and the tree honest with each other: every rule id the
// code and tests cite has a section in the document, every section is pinned by a test, and every
// place the document sends a reader to exists (and holds the names it says it holds).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace halfpipe::docs {

// The rule ids a line cites, in order: `S8`, and every id of a range `S19-S21`, `S19–S21` or
// `S1..S29`. Not a citation: an id inside a longer word (`S12` is not S1, `FMT_S3`, `SM_80`,
// `0x5S1`), a qualified name (`Format::S16`, `x.S8`), an enumerator or mapping (`S16 = 2`,
// `S16 -> W`), or a Uop format name written beside its siblings (`S8/U8`, `BF16 S16 U16`).
std::vector<int> rule_citations(std::string_view line);

// The directories under `root` whose files are read for citations; README.md and CMakeLists.txt
// at the top are read too. Only C++, SystemVerilog, CMake and Markdown files are read.
inline const std::vector<std::string> kCitingDirectories = {"model",   "rtl",   "tb",     "sim",
                                                            "vectors", "tests", "scripts"};

// Checks root/doc/semantics.md against the tree under `root`, ignoring the files under each of
// `excluded` (directories relative to root, e.g. "tests/docs", whose fixtures cite rules on
// purpose). Returns one message per problem, each naming the rule, file or line at fault; empty
// when the document and the tree agree.
std::vector<std::string> check_semantics_doc(const std::filesystem::path& root,
                                             const std::vector<std::string>& excluded = {});

}  // namespace halfpipe::docs
