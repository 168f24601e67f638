// The campaign itself: choose the forms, read the explicit vectors, plan the phases, run them on
// the device while the host checks every result, and write the results folder.
#pragma once

#include "options.h"

namespace halfpipe_campaign {

// The exit status: 0 every result matched, 1 a mismatch, 2 a device error. Throws UsageError
// for an option the run cannot take (a form it does not carry, a vector file it cannot read).
int run(const Options& options);

}  // namespace halfpipe_campaign
