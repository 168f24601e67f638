// The AVX-512 path of execute_n: kernels.inc at 16 lanes, binary16 converted by AVX-512F's
// vcvtph2ps/vcvtps2ph. Compiled with -mavx512f -mavx512bw -mavx512vl (CMakeLists.txt); called
// only where the CPU has all three. (AVX-512 BF16's conversions are not used: vcvtneps2bf16
// flushes subnormals to zero, which S6 forbids; bf16 is rounded with integer operations.)
#include <immintrin.h>

#include <cstdint>

#define HALFPIPE_BULK_NS avx512
#define HALFPIPE_BULK_LANES 16

namespace halfpipe::ref::bulk::avx512 {
namespace {
typedef uint16_t U16x16 __attribute__((vector_size(32)));
typedef float F32x16 __attribute__((vector_size(64)));
typedef uint32_t U32x16 __attribute__((vector_size(64)));
// The zero-masked forms, all lanes enabled: the unmasked intrinsics start from
// _mm512_undefined_*, which GCC 12 reports as maybe-uninitialized.
inline F32x16 f16_to_f32(U16x16 x) { return (F32x16)_mm512_maskz_cvtph_ps(0xFFFF, (__m256i)x); }
// An immediate rounding control: round to nearest even whatever MXCSR says.
inline U16x16 f32_to_f16(F32x16 x) {
  return (U16x16)_mm512_maskz_cvtps_ph(0xFFFF, (__m512)x,
                                       _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
// One vpmovzxwd or vpmovdw each: GCC 12 lowers the generic conversion at this width through
// 128-bit halves, four instructions where one will do.
inline U32x16 widen(U16x16 x) { return (U32x16)_mm512_maskz_cvtepu16_epi32(0xFFFF, (__m256i)x); }
inline U16x16 narrow(U32x16 x) { return (U16x16)_mm512_maskz_cvtepi32_epi16(0xFFFF, (__m512i)x); }
// A binary32 sum rounded in the direction the instruction names, whatever MXCSR says:
// kernels.inc's rounding to odd in three instructions instead of TwoSum's fourteen.
#define HALFPIPE_BULK_DIRECTED_ADD 1
enum Direction {
  kRoundDown = _MM_FROUND_TO_NEG_INF,
  kRoundUp = _MM_FROUND_TO_POS_INF,
  kRoundTowardZero = _MM_FROUND_TO_ZERO,
};
template <Direction kDirection>
inline F32x16 add_rounded(F32x16 a, F32x16 b) {
  return (F32x16)_mm512_maskz_add_round_ps(0xFFFF, (__m512)a, (__m512)b,
                                            kDirection | _MM_FROUND_NO_EXC);
}
inline bool any_above_16(U32x16 w) {
  return _mm512_test_epi32_mask((__m512i)w, _mm512_set1_epi32(static_cast<int>(0xFFFF0000u))) != 0;
}
}  // namespace
}  // namespace halfpipe::ref::bulk::avx512

#include "model/ref/bulk/kernels.inc"
