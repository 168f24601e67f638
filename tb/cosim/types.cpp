#include "tb/cosim/types.h"

#include <fstream>
#include <sstream>

namespace halfpipe::tb::cosim {

ResidentMemory resident_memory() {
  ResidentMemory m;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    std::istringstream fields(line);
    std::string key;
    uint64_t kib = 0;
    fields >> key >> kib;
    if (key == "VmRSS:") m.now_kib = kib;
    if (key == "VmHWM:") m.peak_kib = kib;
  }
  return m;
}

}  // namespace halfpipe::tb::cosim
