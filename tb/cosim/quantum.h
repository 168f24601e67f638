// The co-simulation's default quantum, apart from tb/cosim/cosim.h so that what only parses
// options (sim/commands.h) compiles no SystemC.
#pragma once

#include <cstdint>

namespace halfpipe::tb::cosim {

// Cycles per SystemC activation unless told otherwise (Settings::quantum). Measured with
// callgrind on `halfpipe cosim --corner --random 200` (the bare harness: 274M instructions):
// quantum 1 501M, 16 381M, 64 378M, 256 378M, 1024 378M; past a few dozen the kernel's share is
// negligible.
constexpr uint64_t kDefaultQuantum = 256;

}  // namespace halfpipe::tb::cosim
