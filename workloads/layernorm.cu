// A layer-norm-like reduction on packed bfloat16: per-thread sums of x and x*x with
// fma.rn.bf16x2, then (x - mean) * rstd * gamma + beta, all in bf16x2.
#include <cuda_bf16.h>

extern "C" __global__ void layernorm_bf16x2(const __nv_bfloat162* __restrict__ x,
                                 const __nv_bfloat162* __restrict__ gamma,
                                 const __nv_bfloat162* __restrict__ beta,
                                 __nv_bfloat162* __restrict__ y, int n2, __nv_bfloat162 inv_n) {
  const __nv_bfloat162* row = x + blockIdx.x * n2;
  __nv_bfloat162 sum = __float2bfloat162_rn(0.f), sq = sum;
#pragma unroll 1
  for (int i = threadIdx.x; i < n2; i += blockDim.x) {
    const __nv_bfloat162 v = row[i];
    sum = __hadd2(sum, v);
    sq = __hfma2(v, v, sq);  // fma.rn.bf16x2
  }
  const __nv_bfloat162 mean = __hmul2(sum, inv_n);
  const __nv_bfloat162 var = __hfma2(__hneg2(mean), mean, __hmul2(sq, inv_n));
  const __nv_bfloat162 rstd = h2rsqrt(var);
#pragma unroll 1
  for (int i = threadIdx.x; i < n2; i += blockDim.x)
    y[blockIdx.x * n2 + i] = __hfma2(__hmul2(__hsub2(row[i], mean), rstd), gamma[i], beta[i]);
}
