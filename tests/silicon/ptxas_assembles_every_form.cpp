// Every legal PTX form (legal_ptx_forms, S22), as `halfpipe silicon` writes its instruction
// (silicon::ptx_instruction), assembles with the CUDA toolkit's ptxas at the form's minimum
// target (S23): `.version` and `.target` at minimum_target, ptxas -arch at the later of that
// target and sm_75 (CUDA 13's ptxas accepts nothing older). Forms are grouped by minimum target
// into one kernel per group so the test takes seconds; a group that fails is assembled form by
// form to name the forms ptxas refuses.
//
//   silicon_ptxas_test WORK_DIR      exit 0: all assembled, 1: a form refused, 77: no ptxas
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "model/isa/ptx.h"
#include "silicon/generate.h"

namespace {

namespace fs = std::filesystem;
using halfpipe::Uop;

// ptxas from $PTXAS, the PATH, or the toolkit's usual place; empty when there is none.
std::string find_ptxas() {
  if (const char* given = std::getenv("PTXAS"); given && *given) return given;
  if (const char* path = std::getenv("PATH")) {
    std::string dirs = path;
    for (size_t start = 0; start <= dirs.size();) {
      size_t end = dirs.find(':', start);
      if (end == std::string::npos) end = dirs.size();
      const fs::path candidate = fs::path(dirs.substr(start, end - start)) / "ptxas";
      if (end > start && fs::exists(candidate)) return candidate.string();
      start = end + 1;
    }
  }
  return fs::exists("/usr/local/cuda/bin/ptxas") ? "/usr/local/cuda/bin/ptxas" : "";
}

std::string ptx_version(int version) { return fmt::format("{}.{}", version / 10, version % 10); }

// One kernel: each form's instruction on registers set from immediates, its result stored, so
// that ptxas generates code for every one of them.
std::string kernel_text(const halfpipe::isa::Target& target,
                        const std::vector<std::pair<std::string, Uop>>& forms) {
  std::string body;
  for (const auto& [form, u] : forms) {
    const char prefix = u.packed ? 'r' : 'h';
    std::vector<std::string> registers{fmt::format("%{}0", prefix)};
    for (int i = 1; i <= halfpipe::operand_count(u.op); ++i) {
      registers.push_back(fmt::format("%{}{}", prefix, i));
      body += fmt::format("  mov{} %{}{}, {};\n", halfpipe::silicon::register_type(u), prefix, i,
                          u.packed ? 0x3c003c00u + static_cast<unsigned>(i) : 0x3c00u + i);
    }
    body += "  " + halfpipe::silicon::ptx_instruction(form, registers) + '\n';
    body += fmt::format("  st.global{} [%rd1], %{}0;\n", halfpipe::silicon::register_type(u),
                        prefix);
  }
  return fmt::format(
      ".version {}\n.target sm_{}\n.address_size 64\n\n"
      ".visible .entry every_form(.param .u64 out) {{\n"
      "  .reg .b16 %h<4>;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<2>;\n"
      "  ld.param.u64 %rd1, [out];\n{}  ret;\n}}\n",
      ptx_version(target.ptx_version), target.sm, body);
}

// Assembles `text`; true when ptxas accepts it, otherwise its messages are in `log`.
bool assemble(const std::string& ptxas, const fs::path& file, const std::string& text, int arch,
              std::string& log) {
  std::ofstream(file) << text;
  const fs::path messages = fs::path(file).replace_extension(".log");
  const std::string command =
      fmt::format("'{}' -arch=sm_{} '{}' -o '{}' > '{}' 2>&1", ptxas, arch, file.string(),
                  fs::path(file).replace_extension(".cubin").string(), messages.string());
  const int status = std::system(command.c_str());
  std::ifstream in(messages);
  log.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return status == 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: silicon_ptxas_test WORK_DIR\n";
    return 2;
  }
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) {
    std::cout << "no ptxas (CUDA toolkit) on this machine: skipped\n";
    return 77;
  }
  const fs::path work(argv[1]);
  fs::remove_all(work);
  fs::create_directories(work);

  std::map<std::pair<int, int>, std::vector<std::pair<std::string, Uop>>> groups;
  for (const auto& form : halfpipe::isa::legal_ptx_forms()) {
    const Uop u = *halfpipe::isa::decode_ptx(form).uop;
    const halfpipe::isa::Target minimum = halfpipe::isa::minimum_target(u);
    groups[{minimum.sm, minimum.ptx_version}].emplace_back(form, u);
  }
  size_t forms = 0, refused = 0;
  for (const auto& [key, members] : groups) {
    const halfpipe::isa::Target target{key.first, key.second};
    const int arch = std::max(target.sm, halfpipe::silicon::kOldestToolkitTarget);
    const std::string name = fmt::format("sm{}_ptx{}", target.sm, target.ptx_version);
    std::string log;
    forms += members.size();
    if (assemble(ptxas, work / (name + ".ptx"), kernel_text(target, members), arch, log)) {
      std::cout << fmt::format("sm_{} .version {} (ptxas -arch=sm_{}): {} forms assembled\n",
                               target.sm, ptx_version(target.ptx_version), arch, members.size());
      continue;
    }
    for (size_t i = 0; i < members.size(); ++i) {
      std::string one_log;
      if (assemble(ptxas, work / fmt::format("{}_{}.ptx", name, i), kernel_text(target, {members[i]}),
                   arch, one_log))
        continue;
      ++refused;
      std::cout << fmt::format("FAIL {} at sm_{} .version {} (ptxas -arch=sm_{}):\n{}",
                               members[i].first, target.sm, ptx_version(target.ptx_version), arch,
                               one_log);
    }
  }
  std::cout << fmt::format("{} of {} legal forms assembled with {}\n", forms - refused, forms,
                           ptxas);
  return refused ? 1 : 0;
}
