// What a `--wave FILE.fst` run leaves beside its waveform, so that it opens reading like the
// spec: `gtkwave FILE.fst FILE.gtkw`.
//   FILE.gtkw       a GTKWave save file: the handshake first, then the input and output ports,
//                   the line stage by stage, and each lane's datapath stage by stage; Uop words
//                   shown as their forms; the marker on the failing transaction when there is one.
//   FILE.uops.txt   the translate filter that names Uop words (`halfpipe uop --table`).
// Times follow tb/dut.h: cycle n drives its inputs at 10n ns and has its rising edge at
// 10n + 5 ns, as cycles in a cosim --log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace halfpipe::tb {

// FILE.gtkw for FILE.fst (FILE.gtkw for a path without .fst, appended).
std::string wave_save_path(const std::string& fst_path);
std::string wave_filter_path(const std::string& fst_path);

// Before a run: throws std::runtime_error ("F: cannot write the waveform: why") when the FST or
// the files beside it cannot be created, so that a bad --wave is an input error before any cycle.
void check_wave_paths(const std::string& fst_path);

// Where the marker goes for a transaction the unit handed out at cycle n: 10n ns, the start of
// that cycle, while the result is on the output ports (the edge at 10n + 5 ns takes it).
constexpr uint64_t marker_time_ns(uint64_t cycle) { return 10 * cycle; }

struct WaveMarker {
  uint64_t cycle = 0;
  std::string label;  // e.g. "first mismatch: add.f16 lane 0"
};

// "wave: F.fst; open it with: gtkwave F.fst F.gtkw (marker at T ns: LABEL, cycle N)".
std::string wave_note(const std::string& fst_path, const std::optional<WaveMarker>& marker);

// After the run, once the FST is closed: reads its signal list and writes the save file and
// the filter. Throws std::runtime_error when the FST cannot be read or a file not written.
void write_wave_view(const std::string& fst_path, const std::optional<WaveMarker>& marker);

}  // namespace halfpipe::tb
