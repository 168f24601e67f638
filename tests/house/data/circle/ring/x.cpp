#include "ring/x.h"

#include "ring/y.h"
