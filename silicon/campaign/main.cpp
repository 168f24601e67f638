// The host of the silicon campaign (`halfpipe silicon --campaign`, README "Silicon campaign"):
// every legal PTX form, every input, on the GPU (device.h), each result compared bit for bit with
// halfpipe's reference, computed here by its bulk path (model/ref/bulk/execute_n.h) on every core
// while the GPU computes the next chunks.
//
//   halfpipe_campaign [-o RESULTS] [--seconds N] [--forms F,...] [--threads N] ...
//
// In order: the semantics probes (probes.vec), every corner set (corners.vec), the one-operand
// forms on all 2^16 inputs, the two-operand forms on all 2^32 lane pairs, the fma forms on all
// (a, b) pairs for each c of enumeration.h's planes, then random fma triples. The operands of the
// generated phases come from enumeration.h on both sides. Every mismatch is classified (NaN
// payload, sign of zero, flushed subnormal, lane, other); RESULTS gets summary.json, report.md,
// the first mismatches of each form and class as vector files whose EXPECTED column is the
// device's result, and the device's table of every one-operand form.
//
// Exit status: 0 every result matched, 1 a mismatch, 2 a usage error or a device error (the error
// and the form named; what was finished is written).
//
// This file is the entry point; options.cpp reads the command line and run.cpp runs the campaign.
#include <cstring>
#include <exception>
#include <iostream>

#include "options.h"
#include "run.h"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0) {
      std::cout << halfpipe_campaign::kUsage;
      return 0;
    }
  try {
    return halfpipe_campaign::run(halfpipe_campaign::parse_options(argc, argv));
  } catch (const halfpipe_campaign::UsageError& e) {
    std::cerr << "halfpipe_campaign: " << e.what() << '\n' << halfpipe_campaign::kUsage;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "halfpipe_campaign: " << e.what() << '\n';
    return 2;
  }
}
