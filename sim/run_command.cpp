#include <iostream>

#include "sim/commands.h"
#include "sim/exit_status.h"
#include "tb/dut.h"

namespace halfpipe::cli {

int run_command(const CommandEntry& command, const std::vector<std::string>& args) {
  try {
    return command.main(args);
  } catch (const tb::RtlAssertionFailure& e) {
    std::cerr << "halfpipe " << command.name << ": " << e.what() << "\n";
    return kVerificationFailure;
  }
}

}  // namespace halfpipe::cli
