// Debian's libsystemc defines main() and leaves sc_main undefined, so every executable linking
// it must define sc_main. halfpipe's executables own main() themselves (the CLI, Catch2) and run
// SystemC with sc_start from there, so this is never called. It lives here, with the executables,
// and not in the SystemC model's library: a user's platform that links halfpipe::sc brings its
// own sc_main, and two definitions would not link.
#include <systemc>  // declares sc_main extern "C", as the library calls it

#include <cstdio>

int sc_main(int, char*[]) {
  std::fprintf(stderr, "halfpipe: sc_main is not an entry point; run the halfpipe command\n");
  return 1;
}
