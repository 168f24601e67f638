// scripts/bench bulk: execute_n's paths per op family against a plain F16C loop, one core,
// random operands (Google Benchmark). The F16C loop converts binary16 to binary32 with F16C,
// applies the operation with AVX (or FMA3), and converts back: what the hardware does with no
// PTX semantics at all, the yardstick the issue measures the fast path against.
//
// Benchmarks are named FAMILY/PATH, e.g. add.f16/f16c, add.f16/f16c-loop, and FAMILY@1e7/PATH on
// 10^7-element arrays; items per second is operations (lanes) per second. scripts/bench turns the JSON into the table of README.
// Built with -mavx2 -mf16c -mfma for the F16C loop, so it runs only on a CPU with all three.
// bf16 has no F16C conversion: its rows are measured against the same binary16 loop.
#include <immintrin.h>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "model/ref/bulk/execute_n.h"
#include "model/uop/uop.h"

namespace {

using halfpipe::Format;
using halfpipe::Op;
using halfpipe::Uop;
using halfpipe::ref::BulkPath;

constexpr size_t kCount = size_t{1} << 14;  // 64 KiB per operand array: in L2 with the result
// Arrays far beyond the caches (40 MB each): the rate memory bandwidth allows. Named
// FAMILY@1e7/PATH.
constexpr size_t kLargeCount = 10'000'000;

struct Operands {
  std::vector<uint32_t> a, b, c, d;
  explicit Operands(size_t count) : a(count), b(count), c(count), d(count) {
    std::mt19937 rng(2026);
    for (size_t i = 0; i < count; ++i) {
      a[i] = rng() & 0xFFFF;
      b[i] = rng() & 0xFFFF;
      c[i] = rng() & 0xFFFF;
    }
  }
};
const Operands& operands(size_t count) {
  static const Operands small(kCount);
  if (count == kCount) return small;
  static const Operands large(kLargeCount);  // made on first use only
  return large;
}

void run_path(benchmark::State& state, Uop u, BulkPath path, size_t count) {
  if (!halfpipe::ref::bulk_path_supported(path)) {
    state.SkipWithError("not supported by this CPU");
    return;
  }
  Operands o = operands(count);  // a copy: d is written
  for (auto _ : state) {
    halfpipe::ref::execute_n(u, o.a.data(), o.b.data(), o.c.data(), o.d.data(), count, path);
    benchmark::DoNotOptimize(o.d.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * count));
}

// The plain F16C loop: 8 binary16 lanes at a time, taken from the low halves of the 32-bit
// registers as execute_n's scalar forms are.
template <typename Operation>
void run_f16c_loop(benchmark::State& state, Operation operation) {
  Operands o = operands(kCount);
  const __m256i low_halves = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1,
                                              -1, -1, 0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1,
                                              -1, -1, -1, -1);
  auto load = [&](const uint32_t* p) {
    const __m256i w = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                                          low_halves);
    const __m256i packed = _mm256_permute4x64_epi64(w, 0b1000);
    return _mm256_cvtph_ps(_mm256_castsi256_si128(packed));
  };
  for (auto _ : state) {
    for (size_t i = 0; i < kCount; i += 8) {
      const __m256 r = operation(load(&o.a[i]), load(&o.b[i]), load(&o.c[i]));
      const __m128i h = _mm256_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(&o.d[i]), _mm256_cvtepu16_epi32(h));
    }
    benchmark::DoNotOptimize(o.d.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kCount));
}

Uop uop(Op op, Format format) {
  Uop u;
  u.op = op;
  u.format = format;
  return u;
}

struct Family {
  const char* name;
  Op op;
  Format format;
};

void register_f16c_loop(const std::string& name, Op op) {
  switch (op) {
    case Op::Add:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256) { return _mm256_add_ps(a, b); });
      });
      break;
    case Op::Sub:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256) { return _mm256_sub_ps(a, b); });
      });
      break;
    case Op::Mul:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256) { return _mm256_mul_ps(a, b); });
      });
      break;
    case Op::Fma:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); });
      });
      break;
    case Op::Min:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256) { return _mm256_min_ps(a, b); });
      });
      break;
    case Op::Max:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256 b, __m256) { return _mm256_max_ps(a, b); });
      });
      break;
    case Op::Neg:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256, __m256) {
          return _mm256_xor_ps(a, _mm256_set1_ps(-0.0f));
        });
      });
      break;
    case Op::Abs:
      benchmark::RegisterBenchmark(name.c_str(), [](benchmark::State& s) {
        run_f16c_loop(s, [](__m256 a, __m256, __m256) {
          return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a);
        });
      });
      break;
    default:
      break;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Family families[] = {
      {"add.f16", Op::Add, Format::F16},   {"add.bf16", Op::Add, Format::BF16},
      {"sub.f16", Op::Sub, Format::F16},   {"sub.bf16", Op::Sub, Format::BF16},
      {"mul.f16", Op::Mul, Format::F16},   {"mul.bf16", Op::Mul, Format::BF16},
      {"fma.f16", Op::Fma, Format::F16},   {"fma.bf16", Op::Fma, Format::BF16},
      {"min.f16", Op::Min, Format::F16},   {"min.bf16", Op::Min, Format::BF16},
      {"max.f16", Op::Max, Format::F16},   {"max.bf16", Op::Max, Format::BF16},
      {"neg.f16", Op::Neg, Format::F16},   {"neg.bf16", Op::Neg, Format::BF16},
      {"abs.f16", Op::Abs, Format::F16},   {"abs.bf16", Op::Abs, Format::BF16},
      {"tanh.f16", Op::Tanh, Format::F16}, {"tanh.bf16", Op::Tanh, Format::BF16},
      {"ex2.f16", Op::Ex2, Format::F16},   {"ex2.bf16", Op::Ex2, Format::BF16},
  };
  const bool has_f16c = halfpipe::ref::bulk_path_supported(BulkPath::F16c);
  const BulkPath paths[] = {BulkPath::Exact, BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16};
  for (const Family& f : families) {
    const Uop u = uop(f.op, f.format);
    for (BulkPath p : paths) {
      const std::string name = std::string(f.name) + "/" + halfpipe::ref::bulk_path_name(p);
      benchmark::RegisterBenchmark(name.c_str(),
                                   [u, p](benchmark::State& s) { run_path(s, u, p, kCount); });
    }
    if (has_f16c) register_f16c_loop(std::string(f.name) + "/f16c-loop", f.op);
  }
  // The arithmetic families again on 10^7-element arrays, the vector paths only.
  for (const Family& f : families) {
    if (f.op != Op::Add && f.op != Op::Sub && f.op != Op::Mul && f.op != Op::Fma) continue;
    const Uop u = uop(f.op, f.format);
    for (BulkPath p : paths) {
      if (p == BulkPath::Exact) continue;
      const std::string name = std::string(f.name) + "@1e7/" + halfpipe::ref::bulk_path_name(p);
      benchmark::RegisterBenchmark(name.c_str(),
                                   [u, p](benchmark::State& s) { run_path(s, u, p, kLargeCount); });
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
