// The AVX2 + F16C path of execute_n: kernels.inc at 8 lanes, binary16 converted by F16C.
// Compiled with -mavx2 -mf16c (CMakeLists.txt); called only where the CPU has both.
#include <immintrin.h>

#include <cstdint>

#define HALFPIPE_BULK_NS f16c
#define HALFPIPE_BULK_LANES 8

namespace halfpipe::ref::bulk::f16c {
namespace {
typedef uint16_t U16x8 __attribute__((vector_size(16)));
typedef float F32x8 __attribute__((vector_size(32)));
typedef uint32_t U32x8 __attribute__((vector_size(32)));
inline F32x8 f16_to_f32(U16x8 x) { return (F32x8)_mm256_cvtph_ps((__m128i)x); }
// vcvtps2ph with an immediate rounding control: round to nearest even whatever MXCSR says.
inline U16x8 f32_to_f16(F32x8 x) {
  return (U16x8)_mm256_cvtps_ph((__m256)x, _MM_FROUND_TO_NEAREST_INT);
}
inline U32x8 widen(U16x8 x) { return __builtin_convertvector(x, U32x8); }
inline U16x8 narrow(U32x8 x) { return __builtin_convertvector(x, U16x8); }
inline bool any_above_16(U32x8 w) {
  return !_mm256_testz_si256((__m256i)w, _mm256_set1_epi32(static_cast<int>(0xFFFF0000u)));
}
}  // namespace
}  // namespace halfpipe::ref::bulk::f16c

#include "model/ref/bulk/kernels.inc"
