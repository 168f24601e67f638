// `scripts/bench doors`: the C API's n-at-once calls against the bulk path they wrap, in one
// process on the same arrays: ref::execute_n on uint32 registers (the baseline), hp_ptx_exec_n
// (uint32, through the shared library a user links) and hp_ptx_exec_n16 (uint16). CPU time of
// the process, best of ROUNDS rounds, the three interleaved within each round so that a noisy
// neighbour hits them alike. Target: each door at least 80% of the baseline.
//
//   bench_doors [N]   N instructions per call (default 16384: every array in L2)
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "halfpipe/halfpipe.h"
#include "model/isa/ptx.h"
#include "model/ref/bulk/execute_n.h"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Instructions per CPU second of `call` (n instructions a call), repeated for about 0.1 s.
double rate(size_t n, const std::function<void()>& call) {
  call();  // warm the caches and the path's one-time set-up
  size_t calls = 0;
  const double start = cpu_seconds();
  double elapsed = 0;
  do {
    for (int i = 0; i < 16; ++i) call();
    calls += 16;
    elapsed = cpu_seconds() - start;
  } while (elapsed < 0.1);
  return static_cast<double>(calls * n) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 16384;
  constexpr int kRounds = 5;
  std::mt19937 random(2026);
  std::vector<uint32_t> wide[3], wide_out(n);
  std::vector<uint16_t> narrow[3], narrow_out(n);
  for (int k = 0; k < 3; ++k) {
    wide[k].resize(n);
    narrow[k].resize(n);
    for (size_t i = 0; i < n; ++i) narrow[k][i] = static_cast<uint16_t>(wide[k][i] = random() & 0xFFFF);
  }
  std::printf("%zu instructions a call, bulk path %s; G instructions per CPU second, best of %d\n",
              n, halfpipe::ref::bulk_path_name(halfpipe::ref::bulk_path_auto()), kRounds);
  std::printf("%-12s %12s %14s %16s %8s %8s\n", "form", "execute_n", "hp_ptx_exec_n",
              "hp_ptx_exec_n16", "n/base", "n16/base");
  double worst = 1e9;
  for (const char* name : {"add.rn.f16", "mul.rn.f16", "fma.rn.f16", "add.rn.bf16",
                           "mul.rn.bf16", "fma.rn.bf16"}) {
    const halfpipe::Uop u = *halfpipe::isa::decode_ptx(name).uop;
    hp_form* form = nullptr;
    if (hp_ptx_decode(name, nullptr, nullptr, &form) != HP_OK) return 1;
    const int count = hp_form_operand_count(form);
    const uint32_t* wide_in[3] = {wide[0].data(), wide[1].data(), wide[2].data()};
    const uint16_t* narrow_in[3] = {narrow[0].data(), narrow[1].data(), narrow[2].data()};
    double base = 0, door = 0, door16 = 0;
    for (int round = 0; round < kRounds; ++round) {
      base = std::max(base, rate(n, [&] {
        halfpipe::ref::execute_n(u, wide_in[0], wide_in[1], count > 2 ? wide_in[2] : nullptr,
                                 wide_out.data(), n);
      }));
      door = std::max(door, rate(n, [&] {
        if (hp_ptx_exec_n(form, wide_in, count, n, wide_out.data()) != HP_OK) std::abort();
      }));
      door16 = std::max(door16, rate(n, [&] {
        if (hp_ptx_exec_n16(form, narrow_in, count, n, narrow_out.data()) != HP_OK) std::abort();
      }));
    }
    // The doors compute what the baseline computes.
    for (size_t i = 0; i < n; ++i)
      if (narrow_out[i] != wide_out[i]) {
        std::fprintf(stderr, "%s: hp_ptx_exec_n16 and hp_ptx_exec_n disagree at %zu\n", name, i);
        return 1;
      }
    hp_form_free(form);
    worst = std::min({worst, door / base, door16 / base});
    std::printf("%-12s %12.2f %14.2f %16.2f %8.2f %8.2f\n", name, base / 1e9, door / 1e9,
                door16 / 1e9, door / base, door16 / base);
  }
  std::printf("doors: worst ratio to execute_n %.2f (target: at least 0.80)\n", worst);
  return 0;
}
