// What the reference throws for a Uop it cannot evaluate. Apart from execute.h, so that the
// families execute.h dispatches to (visa_minmax.cpp) throw it without depending on execute.
#pragma once

#include <stdexcept>

namespace halfpipe::ref {

// Thrown for a Uop the reference cannot evaluate (an approximation not yet built, a format an
// op does not take): never a made-up number.
class NotImplemented : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace halfpipe::ref
