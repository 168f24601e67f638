// The C++ reference and decoder directly (halfpipe::ref, halfpipe::isa).
#include <cstdio>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"

int main() {
  halfpipe::isa::Decoded d = halfpipe::isa::decode_ptx("mul.rn.bf16");
  if (!d.uop) {
    std::printf("FAIL: %s\n", d.error.c_str());
    return 1;
  }
  // 1.5 * 2.0 = 3.0 in bf16: 0x3fc0 * 0x4000 = 0x4040
  const uint32_t r = halfpipe::ref::execute(*d.uop, 0x3fc0, 0x4000);
  std::printf("mul.rn.bf16 0x3fc0 0x4000 = 0x%04x\n", r);
  return r == 0x4040 ? 0 : 1;
}
