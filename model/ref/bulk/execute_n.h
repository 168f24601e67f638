// The reference in bulk: one Uop over arrays of operands, at the speed of the machine's vector
// units, bit for bit equal to ref::execute (execute.h), which stays the specification.
//
// Four implementations ("paths") sit behind one call, chosen at run time:
//   exact       ref::execute in a loop: the specification itself, and the portable fallback;
//   f16c        AVX2 + F16C, 8 lanes at a time (f16c.cpp);
//   avx512      AVX-512 F/BW/VL, 16 lanes at a time (avx512.cpp);
//   avx512fp16  AVX512-FP16, 32 lanes at a time, f16 arithmetic native (avx512fp16.cpp).
// The vector paths are one source (kernels.inc) compiled at three widths; every rounding
// argument they rely on is written there. They are proven equal to the exact path by
// tests/bulk_proof/bulk_proof.cpp (all 2^16 one-operand inputs, all 2^32 two-operand pairs, the
// fma forms as model/ref/bulk/README.md says) and by a quick subset in the default suite.
//
// Choosing the path: the automatic choice is the widest the CPU supports among the paths proven
// on a CPU that has them (avx512fp16 not yet: model/ref/bulk/README.md); the environment
// variable HALFPIPE_BULK=exact|f16c|avx512|avx512fp16|auto forces one for the whole process,
// and the BulkPath argument forces one for a call. Forcing a path the CPU lacks is an error
// (std::runtime_error naming it and the CPU features it needs), never a silent substitution.
//
// Forms a vector path does not implement run through the exact path for that call: vISA
// MIN_MAX Uops (nan_policy VisaSrc1 or an integer format, S26-S29). So does every call made
// while the floating-point environment is not IEEE's default (round-to-nearest, no flush-to-zero
// or denormals-are-zero in MXCSR), which the vector paths' arithmetic assumes.
// bulk_path_runs_kernel() says which happens, so the proof knows what it covers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "model/uop/uop.h"

namespace halfpipe::ref {

enum class BulkPath : uint8_t { Auto, Exact, F16c, Avx512, Avx512Fp16 };

// "auto", "exact", "f16c", "avx512", "avx512fp16".
const char* bulk_path_name(BulkPath p);
std::optional<BulkPath> parse_bulk_path(std::string_view name);

// Whether this CPU (and OS) can run the path; Auto and Exact always can.
bool bulk_path_supported(BulkPath p);

// What Auto means in this process: HALFPIPE_BULK when set (read once; an unknown value or an
// unsupported path throws std::runtime_error), else the widest supported vector path that has
// been proven (execute_n.cpp's kNativeF16Proven).
BulkPath bulk_path_auto();

// Whether `path` evaluates `u` with its own kernel (true for Exact, always) rather than handing
// the call to the exact path.
bool bulk_path_runs_kernel(BulkPath path, const Uop& u);

// d[i] = execute(u, a[i], b[i], c[i]) for i < n. Operands the op does not read may be null (read
// as zeros, as execute's defaults); d may alias a, b or c. Throws what execute throws
// (NotImplemented) for a Uop the reference cannot evaluate, and std::runtime_error for a forced
// path the CPU lacks.
void execute_n(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               size_t n, BulkPath path = BulkPath::Auto);

// execute_n for a caller whose 32-bit registers may be too wide for a scalar form (the C API):
// stops at the first i whose a[i], b[i] or c[i] has a bit of [31:16] set and returns it (n when
// none), every instruction before it computed and none from it on written. The test rides on
// the kernel's own loads. A packed form's registers are all 32 bits: it returns n.
size_t execute_n_until_wide(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                            uint32_t* d, size_t n, BulkPath path = BulkPath::Auto);

// The same on 16-bit lanes, no widening: a scalar form's n registers are n uint16; a packed
// form's are 2n, lane 0 of instruction i at 2i (the memory of n little-endian uint32
// registers). d may alias a, b or c element for element.
void execute_n16(const Uop& u, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                 uint16_t* d, size_t n, BulkPath path = BulkPath::Auto);

}  // namespace halfpipe::ref
