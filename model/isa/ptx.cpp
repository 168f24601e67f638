// Placeholder until the decoder lands.
#include "model/isa/ptx.h"
