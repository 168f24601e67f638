// The AVX-512 path's source (kernels.inc at 16 lanes) built for AVX2 + F16C, binary16 converted
// eight lanes at a time: so that a CPU without AVX-512 still proves everything of that path but
// its two conversion instructions (avx512.cpp's f16_to_f32 and f32_to_f16). bulk_proof checks it
// as the path "avx512-source" wherever f16c runs. Compiled with -mavx2 -mf16c (CMakeLists.txt).
#include <immintrin.h>

#include <cstdint>

#define HALFPIPE_BULK_NS sixteen_lanes
#define HALFPIPE_BULK_LANES 16

namespace halfpipe::ref::bulk::sixteen_lanes {
namespace {
typedef uint16_t U16x16 __attribute__((vector_size(32)));
typedef float F32x16 __attribute__((vector_size(64)));
typedef uint32_t U32x16 __attribute__((vector_size(64)));
inline F32x16 f16_to_f32(U16x16 x) {
  __m128i half[2];
  __builtin_memcpy(half, &x, sizeof x);
  const __m256 f[2] = {_mm256_cvtph_ps(half[0]), _mm256_cvtph_ps(half[1])};
  F32x16 r;
  __builtin_memcpy(&r, f, sizeof r);
  return r;
}
inline U16x16 f32_to_f16(F32x16 x) {
  __m256 f[2];
  __builtin_memcpy(f, &x, sizeof x);
  const __m128i half[2] = {_mm256_cvtps_ph(f[0], _MM_FROUND_TO_NEAREST_INT),
                           _mm256_cvtps_ph(f[1], _MM_FROUND_TO_NEAREST_INT)};
  U16x16 r;
  __builtin_memcpy(&r, half, sizeof r);
  return r;
}
inline U32x16 widen(U16x16 x) { return __builtin_convertvector(x, U32x16); }
inline U16x16 narrow(U32x16 x) { return __builtin_convertvector(x, U16x16); }
inline bool any_above_16(U32x16 w) {
  __m256i half[2];
  __builtin_memcpy(half, &w, sizeof w);
  return !_mm256_testz_si256(_mm256_or_si256(half[0], half[1]),
                             _mm256_set1_epi32(static_cast<int>(0xFFFF0000u)));
}
}  // namespace
}  // namespace halfpipe::ref::bulk::sixteen_lanes

#include "model/ref/bulk/kernels.inc"
