// `halfpipe silicon FILE... -o DIR [--target sm_NN]`: writes the CUDA program that runs the
// vector files on an NVIDIA GPU, each vector through exactly its PTX instruction (silicon/).
// Every vector is read here first, so that a malformed file, or a form the target cannot run,
// is refused with its file and line before anything is written: no vector is skipped later.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "silicon/generate.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "vectors/vector_file.h"

namespace halfpipe::cli {
namespace {

silicon::Program read_program(const SiliconOptions& o) {
  std::optional<isa::Target> target;
  if (!o.target.empty()) {
    std::string error;
    target = isa::parse_target(o.target, "", error);
    if (!target) throw std::invalid_argument(error);
  }
  silicon::Program program;
  std::map<std::string, size_t> form_index;  // canonical spelling -> program.forms
  std::set<std::string> known_spellings;     // as the files write them
  int needed_sm = silicon::kOldestToolkitTarget;
  for (const auto& path : o.files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument(fmt::format("{}: cannot open the file", path));
    vectors::VectorReader reader(in, path);
    vectors::VectorRecord record;
    while (reader.next(record)) {  // a malformed line throws ParseError, "FILE:LINE: ..."
      if (known_spellings.count(record.form)) continue;  // its form is checked and listed
      const isa::Target minimum = isa::minimum_target(record.uop);
      if (target && minimum.sm > target->sm)
        throw std::invalid_argument(fmt::format(
            "{}:{}: {} needs sm_{} (S23), above --target sm_{}: give --target sm_{} or leave "
            "the vector out",
            path, record.line, record.form, minimum.sm, target->sm, minimum.sm));
      needed_sm = std::max(needed_sm, minimum.sm);
      const std::string canonical = isa::ptx_form(record.uop);
      auto [it, added] = form_index.emplace(canonical, program.forms.size());
      if (added) program.forms.push_back({canonical, record.uop, {}});
      program.forms[it->second].spellings.push_back(record.form);
      known_spellings.insert(record.form);
    }
    program.vector_files.push_back(path);
  }
  program.target_sm = target ? target->sm : needed_sm;
  program.command = "halfpipe silicon";
  for (const auto& path : o.files) program.command += ' ' + path;
  program.command += " -o " + o.output;
  if (!o.target.empty()) program.command += " --target " + o.target;
  return program;
}

int run_silicon(const SiliconOptions& o) {
  if (o.files.empty()) throw std::invalid_argument("no vector FILE given");
  if (o.output.empty()) throw std::invalid_argument("-o DIR is required: the program's directory");
  const silicon::Program program = read_program(o);
  silicon::write_program(o.output, program);
  size_t spellings = 0;
  for (const auto& form : program.forms) spellings += form.spellings.size();
  std::cerr << fmt::format(
      "halfpipe silicon: wrote {}: {} forms ({} spellings) for sm_{}, {} vector files; build with "
      "{}/build.sh, run with {}/run.sh\n",
      o.output, program.forms.size(), spellings, program.target_sm, program.vector_files.size(),
      o.output, o.output);
  return halfpipe::cli::kPassed;
}

constexpr const char* kSiliconDescription =
    "write a CUDA program that runs vector files on an NVIDIA GPU, bit for bit";

int silicon_main(const std::vector<std::string>& args) {
  const auto parsed = parse_silicon_options(args);
  if (!parsed.ok()) return report_stop("silicon", parsed.text, parsed.status);
  try {
    return run_silicon(*parsed.options);
  } catch (const std::exception& e) {
    // Bad input (a vector file's problem names its file and line), or a DIR it cannot write.
    std::cerr << "halfpipe silicon: " << e.what() << '\n';
    return halfpipe::cli::kUsageOrInputError;
  }
}

}  // namespace

Parsed<SiliconOptions> parse_silicon_options(const std::vector<std::string>& args) {
  return parse_command<SiliconOptions>(
      "silicon", kSiliconDescription, args, [](Vocabulary& v, SiliconOptions& o) {
        v.files(o.files, "vector files (vectors/FORMAT.md), copied into DIR/vectors/");
        v.output(o.output)
            ->description("the program's directory: sources, build.sh, run.sh, vectors/")
            ->type_name("DIR")
            ->default_str("none");
        v.target(o.target)->default_str("the highest minimum target of the forms, at least sm_75");
      });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(silicon, "silicon", halfpipe::cli::kSiliconDescription,
                 halfpipe::cli::silicon_main);
