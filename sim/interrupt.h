// Ctrl-C in a long command (sweep, gen): while an InterruptScope lives, SIGINT only raises
// g_interrupted, which the command's loop checks between batches to stop cleanly and say what it
// had done. A second Ctrl-C kills the process as usual (SA_RESETHAND).
#pragma once

#include <signal.h>

#include <csignal>

namespace halfpipe::cli {

inline volatile std::sig_atomic_t g_interrupted = 0;

class InterruptScope {
 public:
  InterruptScope() {
    g_interrupted = 0;
    struct sigaction action {};
    action.sa_handler = [](int) { g_interrupted = 1; };
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_);
    // A shell without job control starts background jobs with SIGINT ignored: keep it so.
    if (previous_.sa_handler == SIG_IGN) sigaction(SIGINT, &previous_, nullptr);
  }
  ~InterruptScope() { sigaction(SIGINT, &previous_, nullptr); }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  struct sigaction previous_ {};
};

}  // namespace halfpipe::cli
