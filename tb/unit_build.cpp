#include "tb/unit_build.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "halfpipe/version.h"
#include "tb/loaded_dut.h"
#include "tb/shell.h"
#include "tb/unit_contract.h"

namespace halfpipe::tb {
namespace {

namespace fs = std::filesystem;

// Where the shim, the C ABI header and hp_uop_pkg.sv are: an installed halfpipe's share/ and
// include/ beside its bin/, else the source tree it was built from.
struct Sources {
  fs::path shim, include_dir, rtl_dir;
};

Sources find_sources() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    const fs::path prefix = exe.parent_path().parent_path();
    Sources installed{prefix / HALFPIPE_INSTALL_DATADIR / "dut" / "hp_dut_shim.cpp",
                      prefix / HALFPIPE_INSTALL_INCLUDEDIR,
                      prefix / HALFPIPE_INSTALL_DATADIR / "rtl"};
    if (fs::exists(installed.shim)) return installed;
  }
  const fs::path source = HALFPIPE_SOURCE_DIR;
  Sources tree{source / "tb" / "dut_abi" / "hp_dut_shim.cpp", source / "include", source / "rtl"};
  if (!fs::exists(tree.shim))
    throw std::invalid_argument(fmt::format(
        "cannot find hp_dut_shim.cpp: neither installed beside {} nor in the source tree {}",
        error ? "this halfpipe" : exe.string(), source.string()));
  return tree;
}

std::string run_output(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[256];
    while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
    pclose(pipe);
  }
  return out;
}

// `verilator --version`'s number; exit 2 when there is none or it is not halfpipe's.
void check_verilator() {
  const std::string line = run_output("verilator --version 2>/dev/null");
  std::smatch number;
  if (!std::regex_search(line, number, std::regex(R"(\d+\.\d+)")))
    throw std::invalid_argument(
        "verilator is not installed or prints no version (apt-get "
        "install verilator)");
  if (number.str() != halfpipe_verilator_version())
    throw std::invalid_argument(fmt::format(
        "verilator on PATH is {}, this halfpipe was built with Verilator {}: a unit must be "
        "Verilated by the same version as the harness that loads it",
        number.str(), halfpipe_verilator_version()));
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& word : words) out += (out.empty() ? "" : ", ") + word;
  return out;
}

// Verilator's own failure rather than the unit's: an internal error, named as Verilator's, with the
// options known to avoid it. Empty when the log holds none.
std::string verilator_bug(const std::string& log) {
  std::smatch m;
  if (!std::regex_search(log, m, std::regex(R"(%Error: Internal Error: ([^\n]*))"))) return {};
  std::string text = fmt::format(
      "Verilator {} stopped on an internal error, a bug of Verilator's and not of the unit: {}",
      halfpipe_verilator_version(), m[1].str());
  // Verilator 5.006 simulates a loop to unroll it, and under --x-assign unique an out-of-range
  // bit select in its condition has no value (fixed in later releases).
  if (log.find("V3Simulate") != std::string::npos &&
      log.find("No value found for node") != std::string::npos)
    text += "; dut build --x-assign fast avoids this one (X then takes fixed values, which the X "
            "check cannot vary)";
  return text;
}

std::string c_string(const std::string& text) {  // a C string literal, for -D on the shell
  std::string out = "\"";
  for (char c : text) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string build_unit(const UnitBuildRequest& o, std::ostream& log) {
  if (o.files.empty()) throw std::invalid_argument("dut build: give the adapter ADAPTER.sv first");
  for (const auto& file : o.files)
    if (!fs::is_regular_file(file))
      throw std::invalid_argument(fmt::format("{}: no such file", file));
  for (const auto& dir : o.include_dirs)
    if (!fs::is_directory(dir))
      throw std::invalid_argument(fmt::format("-I {}: no such folder", dir));
  for (const auto& setting : o.parameters)
    if (!std::regex_match(setting, std::regex(R"([A-Za-z_][A-Za-z0-9_]*=.+)")))
      throw std::invalid_argument(fmt::format("-G '{}': give NAME=VALUE", setting));
  check_verilator();
  const Sources sources = find_sources();
  fs::create_directories(o.output);
  const fs::path out = fs::absolute(o.output);

  // Both passes read the same sources: hp_uop_pkg (the Uop's type) first, then the user's.
  // halfpipe's RTL folder is a library (-y): a unit may instantiate any of its modules, as the
  // example's does, without listing their files.
  std::string sources_sv = "-I" + shell_quote(sources.rtl_dir.string()) + " -y " +
                           shell_quote(sources.rtl_dir.string());
  for (const auto& dir : o.include_dirs)
    sources_sv += " -I" + shell_quote(fs::absolute(dir).string());
  for (const auto& setting : o.parameters) sources_sv += " -G" + shell_quote(setting);
  for (const auto& arg : o.verilator_args) sources_sv += " " + shell_quote(arg);
  sources_sv += " " + shell_quote((sources.rtl_dir / "hp_uop_pkg.sv").string());
  for (const auto& file : o.files) sources_sv += " " + shell_quote(fs::absolute(file).string());

  // The elaboration: of --top's module, or, without it, of every module no other instantiates,
  // which must then be one.
  const fs::path elaborate_log = out / "elaborate.log";
  const fs::path xml = out / "elaborate" / "Vhp_dut.xml";
  auto elaborate = [&](const std::string& module) {
    const std::string command =
        "verilator --xml-only -Wno-fatal --Mdir " + shell_quote((out / "elaborate").string()) +
        " --prefix Vhp_dut" + (module.empty() ? "" : " --top-module " + shell_quote(module)) + " " +
        sources_sv + " >" + shell_quote(elaborate_log.string()) + " 2>&1";
    return std::system(command.c_str()) == 0;
  };
  std::string top = o.top;
  if (!elaborate(top)) {
    std::ifstream in(elaborate_log);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!top.empty() && text.find("was not found in design") != std::string::npos) {
      const std::vector<std::string> tops =
          elaborate("") ? top_modules(xml.string()) : std::vector<std::string>{};
      throw std::invalid_argument(fmt::format(
          "--top {}: no module of that name in the sources{}", top,
          tops.empty() ? "" : "; the modules instantiated by no other: " + joined(tops)));
    }
    log << text;
    throw std::invalid_argument(
        fmt::format("the adapter {} does not elaborate (Verilator's messages above, also in {})",
                    top.empty() ? o.files.front() : top, elaborate_log.string()));
  }
  if (top.empty()) {
    const std::vector<std::string> tops = top_modules(xml.string());
    if (tops.empty())
      throw std::invalid_argument("the sources hold no module: give the adapter ADAPTER.sv");
    if (tops.size() > 1)
      throw std::invalid_argument(fmt::format(
          "{} modules are instantiated by no other: {}; name the adapter with --top NAME",
          tops.size(), joined(tops)));
    top = tops.front();
  }
  const DeclaredUnit d = check_contract(read_adapter(xml.string(), top), top);
  const std::string sv = "-Wno-fatal --top-module " + shell_quote(top) + " " + sources_sv;
  // Every Verilator option the model is built with, as `dut show` prints them.
  std::string flags = fmt::format("--x-assign {} --x-initial {} --assert -O3", o.x_assign,
                                  o.x_initial);
  if (!o.no_trace) flags += " --trace-fst --trace-depth 2";
  if (o.coverage) flags += " --coverage";
  for (const auto& setting : o.parameters) flags += " -G" + setting;
  for (const auto& arg : o.verilator_args) flags += " " + arg;

  // What the adapter declared, for the shim: a header in DIR (no string survives the quoting of
  // Verilator's makefile intact).
  {
    std::ofstream header(out / "hp_dut_unit.h");
    header << fmt::format(
        "// Written by halfpipe dut build: what the adapter {} declared.\n"
        "#define HP_DUT_LANES {}\n#define HP_DUT_TAG_WIDTH {}\n#define HP_DUT_IN_ORDER {}\n"
        "#define HP_DUT_TRACED {}\n#define HP_DUT_COVERAGE {}\n",
        top, d.lanes, d.tag_width, d.in_order ? 1 : 0, o.no_trace ? 0 : 1, o.coverage ? 1 : 0);
    for (auto [name, value] : {std::pair{"TOP", top},
                               {"FORMS", d.forms},
                               {"LATENCIES", d.latencies},
                               {"VERILATOR_VERSION", std::string(halfpipe_verilator_version())},
                               {"HALFPIPE_VERSION", std::string(HALFPIPE_VERSION)},
                               {"VERILATOR_FLAGS", flags}})
      header << fmt::format("#define HP_DUT_{} {}\n", name, c_string(value));
    if (!header)
      throw std::invalid_argument(fmt::format("{}: cannot write the folder", out.string()));
  }
  // The model as hp_alu's is built (rtl/CMakeLists.txt): by default uninitialised state and X
  // randomised from a run-time seed (--x-assign/--x-initial change that), assertions on, fast code
  // at -O2; everything but hp_dut_abi hidden, so that the unit's Verilator runtime never meets
  // halfpipe's own.
  const std::string script = fmt::format(
      "#!/bin/sh\n"
      "# Written by halfpipe dut build: the unit {} behind halfpipe's C ABI, in {}.\n"
      "set -e\n"
      "verilator --cc --exe --build -j {} --Mdir {} --prefix Vhp_dut -o ../{} \\\n"
      "  --x-assign {} --x-initial {} --assert -O3 {}\\\n"
      "  -MAKEFLAGS 'OPT_FAST=-O2 OPT_SLOW=-O1' \\\n"
      "  -CFLAGS {} \\\n"
      "  -LDFLAGS '-shared -Wl,--exclude-libs,ALL -Wl,-Bsymbolic' \\\n"
      "  {} {}\n",
      top, kUnitLibrary, std::max(1u, std::thread::hardware_concurrency()),
      shell_quote((out / "obj").string()), kUnitLibrary, o.x_assign, o.x_initial,
      std::string(o.no_trace ? "" : "--trace-fst --trace-depth 2 ") +
          (o.coverage ? "--coverage " : ""),
      shell_quote("-fPIC -fvisibility=hidden -fvisibility-inlines-hidden -std=c++17 -I" +
                  sources.include_dir.string() + " -I" + out.string()),
      sv, shell_quote(sources.shim.string()));
  const fs::path script_path = out / "build.sh";
  {
    std::ofstream file(script_path);
    file << script;
    if (!file)
      throw std::invalid_argument(fmt::format("{}: cannot write the file", script_path.string()));
  }
  fs::permissions(script_path,
                  fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
  fs::remove(out / kUnitLibrary);
  log << fmt::format("halfpipe dut build: {} (Lanes={}, TagWidth={}, {}): building with {}\n",
                           top, d.lanes, d.tag_width,
                           d.in_order ? "in order" : "out of order by tag", script_path.string());
  const fs::path build_log = out / "build.log";
  if (std::system(
          (shell_quote(script_path.string()) + " >" + shell_quote(build_log.string()) + " 2>&1")
              .c_str()) != 0) {
    std::ifstream in(build_log);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    log << text;
    if (const std::string bug = verilator_bug(text); !bug.empty())
      log << "halfpipe dut: " << bug << '\n';
    throw std::invalid_argument(fmt::format(
        "the unit {} did not build (messages above, also in {})", top, build_log.string()));
  }
  LoadedUnit::load(out.string());  // the library loads and speaks this halfpipe's ABI
  return (out / kUnitLibrary).string();
}


}  // namespace halfpipe::tb
