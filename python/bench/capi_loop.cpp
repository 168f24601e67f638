// The baseline of `scripts/bench python`: the C API's n-at-once call, hp_ptx_exec_n over arrays of
// registers, timed as the Python module's execute() is (python/bench/bench.py). Reads the operand
// arrays the Python side wrote (raw little-endian uint16 for scalar forms, uint32 for packed
// ones) so both time the same data; the C API takes 32-bit registers, widened before timing.
//
//   capi_loop FORM N REPEATS FILE_A [FILE_B [FILE_C]]   prints the best CPU time in seconds
#include <halfpipe/halfpipe.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <vector>

namespace {

// CPU time of this process: on a shared machine it is steadier than wall-clock time, and both
// sides of the comparison run on one thread.
double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class T>
std::vector<uint32_t> read_registers(const char* path, size_t n) {
  std::vector<T> raw(n);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(raw.data()), static_cast<std::streamsize>(n * sizeof(T)))) {
    std::fprintf(stderr, "capi_loop: cannot read %zu elements from %s\n", n, path);
    std::exit(2);
  }
  return std::vector<uint32_t>(raw.begin(), raw.end());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: capi_loop FORM N REPEATS FILE_A [FILE_B [FILE_C]]\n");
    return 2;
  }
  hp_form* form = nullptr;
  if (hp_ptx_decode(argv[1], nullptr, nullptr, &form) != HP_OK) {
    std::fprintf(stderr, "capi_loop: %s\n", hp_last_error());
    return 2;
  }
  const size_t n = std::strtoull(argv[2], nullptr, 10);
  const int repeats = std::atoi(argv[3]);
  const size_t count = static_cast<size_t>(argc - 4);
  uint32_t uop_word = 0, lane_mask = 0;
  hp_form_uop(form, &uop_word, &lane_mask);
  const bool packed = lane_mask == 0x3;
  std::vector<std::vector<uint32_t>> x;
  std::vector<const uint32_t*> operands;
  for (size_t k = 0; k < count; ++k) {
    x.push_back(packed ? read_registers<uint32_t>(argv[4 + k], n)
                       : read_registers<uint16_t>(argv[4 + k], n));
    operands.push_back(x.back().data());
  }
  std::vector<uint32_t> results(n);
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    const double start = cpu_seconds();
    if (hp_ptx_exec_n(form, operands.data(), count, n, results.data()) != HP_OK) {
      std::fprintf(stderr, "capi_loop: %s\n", hp_last_error());
      return 2;
    }
    best = std::min(best, cpu_seconds() - start);
  }
  hp_form_free(form);
  std::printf("%.6f\n", best);
  return 0;
}
