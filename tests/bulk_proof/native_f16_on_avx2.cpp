// The native path's source (kernels.inc at 32 lanes, with HALFPIPE_BULK_NATIVE_F16) built for
// AVX2 + F16C, so that a CPU without AVX512-FP16 still proves everything of that path but its
// instructions: the binary16 arithmetic is emulated here as IEEE 754 defines it, add and sub in
// binary32 rounded again (innocuous at 24 >= 2 * 11 + 2 bits, kernels.inc's header), mul exact in
// binary32 and rounded once, fma rounded to odd in binary32 and then to binary16 (f16_fma).
// bulk_proof checks it as the path "avx512fp16-source" wherever f16c runs and avx512fp16 does
// not. Compiled with -mavx2 -mf16c (tests/CMakeLists.txt).
#include <immintrin.h>

#include <cstdint>

#define HALFPIPE_BULK_NS native_f16_source
#define HALFPIPE_BULK_LANES 32
#define HALFPIPE_BULK_NATIVE_F16 1

namespace halfpipe::ref::bulk::native_f16_source {
namespace {
typedef uint16_t U16x32 __attribute__((vector_size(64)));
typedef float F32x32 __attribute__((vector_size(128)));
typedef uint32_t U32x32 __attribute__((vector_size(128)));

inline F32x32 f16_to_f32(U16x32 x) {
  __m128i quarter[4];
  __builtin_memcpy(quarter, &x, sizeof x);
  const __m256 f[4] = {_mm256_cvtph_ps(quarter[0]), _mm256_cvtph_ps(quarter[1]),
                       _mm256_cvtph_ps(quarter[2]), _mm256_cvtph_ps(quarter[3])};
  F32x32 r;
  __builtin_memcpy(&r, f, sizeof r);
  return r;
}
inline U16x32 f32_to_f16(F32x32 x) {
  __m256 f[4];
  __builtin_memcpy(f, &x, sizeof x);
  const __m128i quarter[4] = {_mm256_cvtps_ph(f[0], _MM_FROUND_TO_NEAREST_INT),
                              _mm256_cvtps_ph(f[1], _MM_FROUND_TO_NEAREST_INT),
                              _mm256_cvtps_ph(f[2], _MM_FROUND_TO_NEAREST_INT),
                              _mm256_cvtps_ph(f[3], _MM_FROUND_TO_NEAREST_INT)};
  U16x32 r;
  __builtin_memcpy(&r, quarter, sizeof r);
  return r;
}
inline U32x32 widen(U16x32 x) { return __builtin_convertvector(x, U32x32); }
inline U16x32 narrow(U32x32 x) { return __builtin_convertvector(x, U16x32); }
inline bool any_above_16(U32x32 w) {
  __m256i part[4];
  __builtin_memcpy(part, &w, sizeof w);
  const __m256i any = _mm256_or_si256(_mm256_or_si256(part[0], part[1]),
                                      _mm256_or_si256(part[2], part[3]));
  return !_mm256_testz_si256(any, _mm256_set1_epi32(static_cast<int>(0xFFFF0000u)));
}

// binary16 arithmetic as IEEE 754 defines it (see the top); fma after kernels.inc, whose
// f16_fma it is.
inline U16x32 native_add(U16x32 a, U16x32 b) { return f32_to_f16(f16_to_f32(a) + f16_to_f32(b)); }
inline U16x32 native_mul(U16x32 a, U16x32 b) { return f32_to_f16(f16_to_f32(a) * f16_to_f32(b)); }
inline U16x32 native_fma(U16x32 a, U16x32 b, U16x32 c);
}  // namespace
}  // namespace halfpipe::ref::bulk::native_f16_source

#include "model/ref/bulk/kernels.inc"

namespace halfpipe::ref::bulk::native_f16_source {
namespace {
inline U16x32 native_fma(U16x32 a, U16x32 b, U16x32 c) {
  I16 tiny;
  return f16_fma(a, b, c, tiny);
}
}  // namespace
}  // namespace halfpipe::ref::bulk::native_f16_source
