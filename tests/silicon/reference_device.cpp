// The device of silicon/host/silicon_device.h, computed with halfpipe's reference instead of a
// GPU: what a GPU that follows doc/semantics.md in every rule would return. Linked with the
// program's host side (silicon_host.cpp) so that the tests run its reading, grouping,
// comparison and reporting here, where there is no GPU. Forms are found by the decoder, so the
// stub knows every legal form (the generated device knows the files' forms only).
#include <map>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "silicon/host/silicon_device.h"

namespace halfpipe_silicon {
namespace {

std::vector<halfpipe::Uop>& uops() {
  static std::vector<halfpipe::Uop> found;
  return found;
}

}  // namespace

DeviceForm device_find_form(const std::string& spelling) {
  static std::map<std::string, DeviceForm> known;
  auto it = known.find(spelling);
  if (it != known.end()) return it->second;
  DeviceForm form;
  const halfpipe::isa::Decoded decoded = halfpipe::isa::decode_ptx(spelling);
  if (!decoded.uop) {
    form.why_not = decoded.error;
  } else {
    form.index = static_cast<int>(uops().size());
    form.operands = halfpipe::operand_count(decoded.uop->op);
    form.packed = decoded.uop->packed;
    uops().push_back(*decoded.uop);
  }
  return known.emplace(spelling, form).first->second;
}

std::string device_form_name(int index) {
  return halfpipe::isa::ptx_form(uops().at(static_cast<size_t>(index)));
}

std::string device_description() { return "the reference stub (no GPU)"; }

std::string device_run(int index, size_t n, const uint32_t* a, const uint32_t* b,
                       const uint32_t* c, uint32_t* d) {
  const halfpipe::Uop& u = uops().at(static_cast<size_t>(index));
  for (size_t i = 0; i < n; ++i) d[i] = halfpipe::ref::execute(u, a[i], b[i], c[i]);
  return "";
}

}  // namespace halfpipe_silicon
