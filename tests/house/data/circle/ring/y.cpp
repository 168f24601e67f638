#include "ring/y.h"

#include "ring/x.h"
