#include "vectors/memh.h"

#include <fmt/format.h>

#include <stdexcept>

#include "model/isa/visa.h"
#include "model/ref/execute.h"

namespace halfpipe::vectors {

std::string format_memh_line(const Uop& u, const Operands& o, uint32_t expected) {
  // A scalar form reads and writes bits [15:0] (S2); the image carries exactly those.
  const uint32_t register_mask = u.packed ? 0xFFFFFFFFu : 0xFFFFu;
  const int reads = operand_count(u.op);
  const uint32_t a = o.a & register_mask;
  const uint32_t b = reads >= 2 ? o.b & register_mask : 0;
  const uint32_t c = reads >= 3 ? o.c & register_mask : 0;
  return fmt::format("{:08x} {:08x} {:08x} {:08x} {:08x}\n", encode(u), a, b, c,
                     expected & register_mask);
}

void write_memh_file(std::ostream& out, GenerationRequest request) {
  for (auto& f : request.forms) {
    if (isa::visa::is_batch_line(f))
      throw NotAPtxForm(
          fmt::format("'{}' is a vISA MIN_MAX form: a memh image holds PTX vectors only (the vISA "
                      "execution mask and channel beats have no place in its five words)",
                      f));
    f = canonical_form(f);
  }
  const auto parts = request.parts();
  out << fmt::format(
             "// halfpipe memh vectors, format {} (vectors/FORMAT.md): 5 words per vector, "
             "UOP A B C EXPECTED, 32-bit hex\n",
             kMemhFormatVersion)
      << generation_header(request, parts, "//", " --format memh");
  append_vectors(out, parts, reference_evaluator,
                 [](std::string& buffer, const GenerationRequest::Part& part, const Vector& v) {
                   buffer += format_memh_line(part.uop, v.operands, v.expected);
                 },
                 request.progress);
}

}  // namespace halfpipe::vectors
