#include "vectors/regression.h"

#include "model/isa/ptx.h"
#include "model/ref/execute.h"

namespace halfpipe::vectors {

bool reference_evaluates(const std::string& form, std::string& why, Evaluator evaluate) {
  const Uop u = *isa::decode_ptx(form).uop;
  VectorStream stream(u, form, StreamSpec{}, evaluate);
  try {
    for (Vector v; stream.next(v);) {
    }
  } catch (const ref::NotImplemented& e) {
    why = e.what();
    return false;
  }
  return true;
}

std::vector<RegressionFile> regression_files(std::vector<std::string>& skipped,
                                             Evaluator evaluate) {
  std::vector<RegressionFile> files;
  GenerationRequest random;
  random.random_count = kRegressionRandomCount;
  for (const auto& form : isa::legal_ptx_forms()) {
    std::string why;
    if (!reference_evaluates(form, why, evaluate)) {
      skipped.push_back(form + ": " + why);
      continue;
    }
    GenerationRequest corner;
    corner.forms = {form};
    corner.corner = true;
    files.push_back({"corner/" + form + ".vec", corner});
    random.forms.push_back(form);
  }
  files.push_back({"random.vec", random});
  return files;
}

}  // namespace halfpipe::vectors
