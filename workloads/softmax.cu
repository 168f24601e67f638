// Softmax over a row of packed halves: a running max, then exp2((x - max) * log2(e)) with
// ex2.approx.f16x2 in inline asm (as hand-tuned attention kernels write it), summed, then scaled.
#include <cuda_fp16.h>

__device__ __forceinline__ __half2 ex2_f16x2(__half2 x) {
  unsigned int in = *reinterpret_cast<unsigned int*>(&x), out;
  asm("ex2.approx.f16x2 %0, %1;" : "=r"(out) : "r"(in));
  return *reinterpret_cast<__half2*>(&out);
}

extern "C" __global__ void softmax_row(const __half2* __restrict__ x, __half2* __restrict__ y, int n2) {
  const __half2* row = x + blockIdx.x * n2;
  __half2* out = y + blockIdx.x * n2;
  __half2 m = __float2half2_rn(-65504.f);
#pragma unroll 1
  for (int i = threadIdx.x; i < n2; i += blockDim.x) m = __hmax2(m, row[i]);  // max.f16x2
  const __half2 log2e = __float2half2_rn(1.4426950408889634f);
  __half2 sum = __float2half2_rn(0.f);
#pragma unroll 1
  for (int i = threadIdx.x; i < n2; i += blockDim.x) {
    const __half2 e = ex2_f16x2(__hmul2(__hsub2(row[i], m), log2e));
    out[i] = e;
    sum = __hadd2(sum, e);
  }
  const __half2 inv = h2rcp(sum);
#pragma unroll 1
  for (int i = threadIdx.x; i < n2; i += blockDim.x) out[i] = __hmul2(out[i], inv);
}
