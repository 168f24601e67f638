// hgemm-style inner product: each thread keeps a 2x2 register tile of C in packed halves and, per
// step of k, multiplies two rows of A by two columns of B with fma.rn.f16x2 (two k at a time in
// the halves), as tensor-core-free hgemm kernels do; the halves are summed at the end.
#include <cuda_fp16.h>

extern "C" __global__ void hgemm_inner(const __half2* __restrict__ a, const __half2* __restrict__ b,
                                       __half* __restrict__ c, int k2, int ldc) {
  const int row = 2 * (blockIdx.y * blockDim.y + threadIdx.y);
  const int col = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  const __half2* a0 = a + row * k2;
  const __half2* a1 = a0 + k2;
  const __half2* b0 = b + col * k2;  // B stored column-major: column col is contiguous in k
  const __half2* b1 = b0 + k2;
  __half2 c00 = __float2half2_rn(0.f), c01 = c00, c10 = c00, c11 = c00;
#pragma unroll 1
  for (int k = 0; k < k2; ++k) {
    const __half2 x0 = a0[k], x1 = a1[k], y0 = b0[k], y1 = b1[k];
    c00 = __hfma2(x0, y0, c00);  // fma.rn.f16x2
    c01 = __hfma2(x0, y1, c01);
    c10 = __hfma2(x1, y0, c10);
    c11 = __hfma2(x1, y1, c11);
  }
  c[row * ldc + col] = __hadd(__low2half(c00), __high2half(c00));  // add.f16
  c[row * ldc + col + 1] = __hadd(__low2half(c01), __high2half(c01));
  c[(row + 1) * ldc + col] = __hadd(__low2half(c10), __high2half(c10));
  c[(row + 1) * ldc + col + 1] = __hadd(__low2half(c11), __high2half(c11));
}
