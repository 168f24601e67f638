// halfpipe: the command-line front of the golden reference, vector generator, sweeps and
// co-simulation.
#include <CLI/CLI.hpp>

#include <algorithm>

#include "sim/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"halfpipe: verification-grade model of a half-precision ALU pipeline"};
  app.require_subcommand(1);
  auto commands = halfpipe::cli::command_registry();
  std::sort(commands.begin(), commands.end());
  for (const auto& [name, add] : commands) add(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
