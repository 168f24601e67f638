// GEMM epilogues: bias + ReLU with fma.rn.relu.f16x2, a saturating scale with .sat, and a
// clamp with min/max, on packed halves.
#include <cuda_fp16.h>

extern "C" __global__ void epilogue_relu_sat(const __half2* __restrict__ acc, const __half2* __restrict__ bias,
                                  __half2* __restrict__ relu_out, __half2* __restrict__ sat_out,
                                  __half2* __restrict__ clamp_out, __half2 alpha, __half2 lo,
                                  __half2 hi, int n2) {
#pragma unroll 1
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += gridDim.x * blockDim.x) {
    const __half2 v = acc[i], b = bias[i];
    relu_out[i] = __hfma2_relu(v, alpha, b);             // fma.rn.relu.f16x2
    sat_out[i] = __hfma2_sat(v, alpha, b);               // fma.rn.sat.f16x2
    clamp_out[i] = __hmin2(__hmax2(__hadd2(v, b), lo), hi);  // max, min .f16x2
  }
}
