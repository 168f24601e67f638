#include "top/b.h"
