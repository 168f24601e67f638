// `halfpipe silicon FILE... -o DIR [--target sm_NN]`: writes the CUDA program that runs the
// vector files on an NVIDIA GPU, each vector through exactly its PTX instruction (silicon/).
// Every vector is read here first, so that a malformed file, or a form the target cannot run,
// is refused with its file and line before anything is written: no vector is skipped later.
//
// `halfpipe silicon --campaign -o DIR [--forms F,...] [--target sm_NN] [--seconds N]`: writes and
// builds the silicon campaign (silicon/campaign.h), every input of every form on the GPU.
// `halfpipe silicon --report DIR`: prints the report of a campaign's results folder.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include "model/isa/ptx.h"
#include "silicon/campaign.h"
#include "silicon/campaign/enumeration.h"
#include "silicon/generate.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "vectors/vector_file.h"

namespace halfpipe::cli {
namespace {

silicon::Program read_program(const SiliconOptions& o) {
  const isa::TargetOption target_option = isa::parse_target_option(o.target, "");
  if (!target_option.ok()) throw std::invalid_argument(target_option.error);
  const std::optional<isa::Target>& target = target_option.target;
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

int run_campaign(const SiliconOptions& o) {
  if (!o.files.empty())
    throw std::invalid_argument("--campaign generates its own inputs: give no vector FILE");
  if (o.output.empty()) throw std::invalid_argument("-o DIR is required: the campaign's directory");
  int target_sm = 90;
  if (!o.target.empty()) {
    std::string error;
    const auto target = isa::parse_target(o.target, "", error);
    if (!target) throw std::invalid_argument(error);
    if (target->sm < silicon::kOldestToolkitTarget)
      throw std::invalid_argument(fmt::format("--target {}: CUDA 13 builds sm_{} and later",
                                              o.target, silicon::kOldestToolkitTarget));
    target_sm = target->sm;
  }
  const auto forms = silicon::campaign_forms(o.forms, target_sm);
  std::string command = "halfpipe silicon --campaign -o " + o.output;
  if (!o.forms.empty()) {
    command += " --forms ";
    for (size_t i = 0; i < o.forms.size(); ++i) command += (i ? "," : "") + o.forms[i];
  }
  if (!o.target.empty()) command += " --target " + o.target;
  silicon::write_campaign(o.output, forms, target_sm, command, o.seconds);
  std::cerr << fmt::format("halfpipe silicon: wrote the campaign of {} forms for sm_{} in {}\n",
                           forms.size(), target_sm, o.output);
  const auto estimate = silicon::estimate_campaign(forms);
  const unsigned here = std::max(1u, std::thread::hardware_concurrency());
  std::cerr << fmt::format(
      "halfpipe silicon: expected run time of the host side (bulk path {}, measured here): {:.0f} s "
      "on {} cores like this machine's, {:.0f} s on 16; the GPU and the copies overlap it\n",
      estimate.bulk_path, estimate.seconds(here), here, estimate.seconds(16));
  if (o.no_build) {
    std::cerr << fmt::format("halfpipe silicon: not built (--no-build): run {}/build.sh\n", o.output);
    return kPassed;
  }
  const std::string build = (std::filesystem::path(o.output) / "build.sh").string();
  std::cerr << "halfpipe silicon: building with " << build << '\n';
  const int status = std::system(("'" + build + "' >&2").c_str());
  if (status != 0)
    throw std::runtime_error(fmt::format("{} failed (the sources are in {}/src): is nvcc installed? "
                                         "NVCC=PATH names it", build, o.output));
  const auto program = std::filesystem::path(o.output) / "halfpipe_campaign";
  uintmax_t bytes = std::filesystem::file_size(program);
  for (const char* data : {"probes.vec", "corners.vec"})
    bytes += std::filesystem::file_size(std::filesystem::path(o.output) / data);
  std::cerr << fmt::format(
      "halfpipe silicon: {} is {:.1f} MiB with what it reads; run it on the GPU's machine as it is "
      "(results in {}/results/)\n",
      program.string(), static_cast<double>(bytes) / (1 << 20), o.output);
  return kPassed;
}

int print_report(const std::string& dir) {
  const auto summary_path = std::filesystem::path(dir) / "summary.json";
  std::ifstream in(summary_path);
  if (!in) throw std::invalid_argument(fmt::format("{}: cannot open the file (a campaign's results folder holds it)", summary_path.string()));
  nlohmann::json summary;
  try {
    summary = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("{}: not JSON: {}", summary_path.string(), e.what()));
  }
  const auto version = summary.find("campaign_version");
  if (version == summary.end() || !version->is_number_integer())
    throw std::invalid_argument(fmt::format("{}: no campaign_version", summary_path.string()));
  if (version->get<int>() != halfpipe_campaign::kCampaignVersion)
    throw std::invalid_argument(fmt::format(
        "{} was written by campaign version {}; this halfpipe reads version {}: report it with the "
        "halfpipe that built that campaign", dir, version->get<int>(), halfpipe_campaign::kCampaignVersion));
  const auto report_path = std::filesystem::path(dir) / "report.md";
  std::ifstream report(report_path);
  if (!report) throw std::invalid_argument(fmt::format("{}: cannot open the file", report_path.string()));
  std::cout << report.rdbuf();
  return summary.value("error", nlohmann::json()).is_null() ? kPassed : kUsageOrInputError;
}

int run_silicon(const SiliconOptions& o) {
  if (!o.report.empty()) {
    if (o.campaign || !o.files.empty() || !o.output.empty())
      throw std::invalid_argument("--report DIR takes nothing else");
    return print_report(o.report);
  }
  if (o.campaign) return run_campaign(o);
  if (!o.forms.empty() || o.no_build)
    throw std::invalid_argument("--forms and --no-build go with --campaign");
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
    "write a CUDA program that runs vector files, or every input of every form (--campaign), on "
    "an NVIDIA GPU, bit for bit";

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
            .description("the program's directory: sources, build.sh, run.sh, vectors/")
            .type_name("DIR")
            .default_str("none");
        v.target(o.target).default_str(
            "the highest minimum target of the forms, at least sm_75; --campaign: sm_90");
        v.campaign(o.campaign);
        v.campaign_forms(o.forms);
        v.seconds(o.seconds);
        v.no_build(o.no_build);
        v.report(o.report);
      });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(silicon, "silicon", halfpipe::cli::kSiliconDescription,
                 halfpipe::cli::silicon_main);
