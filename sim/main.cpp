// halfpipe: the command-line front of the golden reference, vector generator, sweeps and
// co-simulation. Dispatches to the command named first (sim/commands.h).
#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "halfpipe/version.h"
#include "sim/commands.h"
#include "sim/exit_status.h"
#include "sim/options.h"

namespace {

std::string usage() {
  auto commands = halfpipe::cli::command_registry();
  std::sort(commands.begin(), commands.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  std::string text =
      "halfpipe: verification-grade model of a half-precision ALU pipeline\n"
      "Usage: halfpipe COMMAND [OPTIONS]   (halfpipe COMMAND --help for its options)\n"
      "       halfpipe --version\n\n"
      "Commands:\n";
  for (const auto& c : commands) text += fmt::format("  {:<15} {}\n", c.name, c.description);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << usage() << "A command is required\n";
    return halfpipe::cli::kUsageOrInputError;
  }
  if (args[0] == "-h" || args[0] == "--help" || args[0] == "--help-all") {
    std::cout << usage();
    return halfpipe::cli::kPassed;
  }
  if (args[0] == "--version") {
    std::cout << "halfpipe " HALFPIPE_VERSION "\n";
    return halfpipe::cli::kPassed;
  }
  for (const auto& c : halfpipe::cli::command_registry()) {
    if (c.name == args[0]) return halfpipe::cli::run_command(c, {args.begin() + 1, args.end()});
  }
  std::vector<std::string> names;
  for (const auto& c : halfpipe::cli::command_registry()) names.push_back(c.name);
  const std::string best = halfpipe::cli::closest_name(args[0], names);
  std::cerr << fmt::format("halfpipe: no command '{}'{}\n\n{}", args[0],
                           best.empty() ? "" : "; did you mean '" + best + "'?", usage());
  return halfpipe::cli::kUsageOrInputError;
}
