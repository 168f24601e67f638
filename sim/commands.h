// The subcommands of `halfpipe`: each lives in its own sim/cmd_<name>.cpp and registers a
// function that adds its options and callback to the application:
//
//   HALFPIPE_COMMAND(eval, add_eval_command);
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

namespace halfpipe::cli {

using CommandAdder = void (*)(CLI::App& app);

inline std::vector<std::pair<std::string, CommandAdder>>& command_registry() {
  static std::vector<std::pair<std::string, CommandAdder>> registry;
  return registry;
}

struct CommandRegistration {
  CommandRegistration(const char* name, CommandAdder add) { command_registry().emplace_back(name, add); }
};

}  // namespace halfpipe::cli

#define HALFPIPE_COMMAND(name, adder) \
  static const ::halfpipe::cli::CommandRegistration halfpipe_command_##name{#name, adder}
