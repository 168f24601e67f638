// The native half-precision path of execute_n: kernels.inc at 32 lanes, with f16 add, sub, mul
// and fma executed by AVX512-FP16's own instructions (vaddph, vsubph, vmulph, vfmadd*ph), which
// round binary16 correctly, subnormals and overflow included. The rounding is an immediate
// (round to nearest even, no exceptions), so MXCSR does not reach it. What the instructions do
// not give is kernels.inc's, around them: the canonical NaN (S10), .ftz in and out, sat, relu,
// oob; f16 mul and fma under .ftz take the binary32 route, whose exact or rounded-to-odd value
// decides tininess (S8). bf16, min/max, neg/abs and the tables run the shared kernels at 32
// lanes, binary32 work in two halves.
//
// Compiled with -mavx512fp16 and AVX-512 F/BW/VL (CMakeLists.txt); called only where the CPU has
// them. execute_n's automatic choice takes this path only once it has been proven on a CPU that
// has it (kNativeF16Proven in execute_n.cpp; README.md here, "Paths proven where"); until then only
// HALFPIPE_BULK=avx512fp16 or a forced BulkPath runs it.
#include <immintrin.h>

#include <cstdint>

#define HALFPIPE_BULK_NS avx512fp16
#define HALFPIPE_BULK_LANES 32
#define HALFPIPE_BULK_NATIVE_F16 1

namespace halfpipe::ref::bulk::avx512fp16 {
namespace {
typedef uint16_t U16x32 __attribute__((vector_size(64)));
typedef float F32x32 __attribute__((vector_size(128)));
typedef uint32_t U32x32 __attribute__((vector_size(128)));

constexpr int kRoundNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

// Halves of 16 lanes for the conversions, which work on 16 binary32 values at a time.
inline void halves(U16x32 x, __m256i half[2]) { __builtin_memcpy(half, &x, sizeof x); }

inline F32x32 f16_to_f32(U16x32 x) {
  __m256i half[2];
  halves(x, half);
  const __m512 f[2] = {_mm512_maskz_cvtph_ps(0xFFFF, half[0]),
                       _mm512_maskz_cvtph_ps(0xFFFF, half[1])};
  F32x32 r;
  __builtin_memcpy(&r, f, sizeof r);
  return r;
}
inline U16x32 f32_to_f16(F32x32 x) {
  __m512 f[2];
  __builtin_memcpy(f, &x, sizeof x);
  const __m256i half[2] = {_mm512_maskz_cvtps_ph(0xFFFF, f[0], kRoundNearest),
                           _mm512_maskz_cvtps_ph(0xFFFF, f[1], kRoundNearest)};
  U16x32 r;
  __builtin_memcpy(&r, half, sizeof r);
  return r;
}
inline U32x32 widen(U16x32 x) {
  __m256i half[2];
  halves(x, half);
  const __m512i w[2] = {_mm512_maskz_cvtepu16_epi32(0xFFFF, half[0]),
                        _mm512_maskz_cvtepu16_epi32(0xFFFF, half[1])};
  U32x32 r;
  __builtin_memcpy(&r, w, sizeof r);
  return r;
}
inline U16x32 narrow(U32x32 x) {
  __m512i w[2];
  __builtin_memcpy(w, &x, sizeof x);
  const __m256i half[2] = {_mm512_maskz_cvtepi32_epi16(0xFFFF, w[0]),
                           _mm512_maskz_cvtepi32_epi16(0xFFFF, w[1])};
  U16x32 r;
  __builtin_memcpy(&r, half, sizeof r);
  return r;
}
inline bool any_above_16(U32x32 w) {
  __m512i half[2];
  __builtin_memcpy(half, &w, sizeof w);
  return _mm512_test_epi32_mask(_mm512_or_si512(half[0], half[1]),
                                _mm512_set1_epi32(static_cast<int>(0xFFFF0000u))) != 0;
}

// binary16 arithmetic, rounded once to nearest even; kernels.inc replaces NaN results.
inline U16x32 native_add(U16x32 a, U16x32 b) {
  return (U16x32)_mm512_add_round_ph((__m512h)a, (__m512h)b, kRoundNearest);
}
inline U16x32 native_mul(U16x32 a, U16x32 b) {
  return (U16x32)_mm512_mul_round_ph((__m512h)a, (__m512h)b, kRoundNearest);
}
inline U16x32 native_fma(U16x32 a, U16x32 b, U16x32 c) {
  return (U16x32)_mm512_fmadd_round_ph((__m512h)a, (__m512h)b, (__m512h)c, kRoundNearest);
}
}  // namespace
}  // namespace halfpipe::ref::bulk::avx512fp16

#include "model/ref/bulk/kernels.inc"
