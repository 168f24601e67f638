// The one seam between the silicon check's host program (silicon_host.cpp) and the device.
// `halfpipe silicon` generates the GPU side (silicon_kernels.cu: one kernel per form, each the
// form's PTX instruction by inline asm); halfpipe's own tests link a stub that computes the same
// results with halfpipe's reference (tests/silicon/reference_device.cpp), so that everything the
// host does (reading vector files, grouping by form, comparing, reporting) runs without a GPU.
// Plain C++17, no halfpipe headers: this file is copied into the generated program's directory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace halfpipe_silicon {

// What the program knows of a form spelling (as a vector file writes it).
struct DeviceForm {
  int index = -1;        // the kernel, 0 <= index < device_form_count(); -1: none for this form
  int operands = 0;      // registers it reads: 1, 2 or 3
  bool packed = false;   // .f16x2 / .bf16x2: 32-bit registers, otherwise 16-bit
  std::string why_not;   // when index is -1: why the program has no kernel for it
};

DeviceForm device_find_form(const std::string& spelling);
// The instruction a kernel executes, e.g. "fma.rn.relu.bf16x2".
std::string device_form_name(int index);
// Where the results come from, for the report: "GPU 0: NVIDIA H100 (sm_90)", "reference stub".
std::string device_description();

// Runs n vectors of one form: d[i] = FORM(a[i], b[i], c[i]), registers as the vector file holds
// them (a scalar value in bits [15:0]; operands the form does not read are ignored). Host
// arrays; the device side batches the copies and launches. Returns an empty string, or why it
// failed (a CUDA error).
std::string device_run(int index, size_t n, const uint32_t* a, const uint32_t* b,
                       const uint32_t* c, uint32_t* d);

}  // namespace halfpipe_silicon
