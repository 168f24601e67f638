// The baseline of `scripts/bench python`: the C++ reference's own loop, ref::execute over arrays
// of registers, timed as the Python module's execute() is (python/bench/bench.py). Reads the
// operand arrays the Python side wrote (raw little-endian uint16 for scalar forms, uint32 for
// packed ones) so both time the same data.
//
//   reference_loop FORM N REPEATS FILE_A [FILE_B [FILE_C]]   prints the best CPU time in seconds
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"

namespace {

// CPU time of this process: on a shared machine it is steadier than wall-clock time, and both
// sides of the comparison run on one thread.
double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class T>
std::vector<T> read_array(const char* path, size_t n) {
  std::vector<T> v(n);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n * sizeof(T)))) {
    std::fprintf(stderr, "reference_loop: cannot read %zu elements from %s\n", n, path);
    std::exit(2);
  }
  return v;
}

template <class T>
double best_time(const halfpipe::Uop& u, size_t n, int repeats,
                 const std::vector<std::vector<T>>& x) {
  std::vector<T> result(n);
  const int count = halfpipe::operand_count(u.op);
  double best = 1e30;
  uint64_t checksum = 0;
  for (int r = 0; r < repeats; ++r) {
    const double start = cpu_seconds();
    if (count == 1)
      for (size_t i = 0; i < n; ++i) result[i] = static_cast<T>(halfpipe::ref::execute(u, x[0][i]));
    else if (count == 2)
      for (size_t i = 0; i < n; ++i)
        result[i] = static_cast<T>(halfpipe::ref::execute(u, x[0][i], x[1][i]));
    else
      for (size_t i = 0; i < n; ++i)
        result[i] = static_cast<T>(halfpipe::ref::execute(u, x[0][i], x[1][i], x[2][i]));
    best = std::min(best, cpu_seconds() - start);
    checksum += result[n / 2];  // keeps the loop's results live
  }
  std::fprintf(stderr, "checksum %llu\n", static_cast<unsigned long long>(checksum));
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: reference_loop FORM N REPEATS FILE_A [FILE_B [FILE_C]]\n");
    return 2;
  }
  const auto d = halfpipe::isa::decode_ptx(argv[1]);
  if (!d.uop) {
    std::fprintf(stderr, "reference_loop: %s\n", d.error.c_str());
    return 2;
  }
  const size_t n = std::strtoull(argv[2], nullptr, 10);
  const int repeats = std::atoi(argv[3]);
  const int count = halfpipe::operand_count(d.uop->op);
  if (argc != 4 + count) {
    std::fprintf(stderr, "reference_loop: %s takes %d operand files\n", argv[1], count);
    return 2;
  }
  double seconds;
  if (d.uop->packed) {
    std::vector<std::vector<uint32_t>> x;
    for (int k = 0; k < count; ++k) x.push_back(read_array<uint32_t>(argv[4 + k], n));
    seconds = best_time(*d.uop, n, repeats, x);
  } else {
    std::vector<std::vector<uint16_t>> x;
    for (int k = 0; k < count; ++k) x.push_back(read_array<uint16_t>(argv[4 + k], n));
    seconds = best_time(*d.uop, n, repeats, x);
  }
  std::printf("%.6f\n", seconds);
  return 0;
}
