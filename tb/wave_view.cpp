#include "tb/wave_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <vector>

#include "gtkwave/fstapi.h"  // Verilator's copy of GTKWave's FST library (reader and writer)
#include "tb/uop_name.h"

namespace halfpipe::tb {
namespace {

namespace fs = std::filesystem;

std::string stem_of(const std::string& fst_path) {
  const std::string ext = ".fst";
  if (fst_path.size() > ext.size() && fst_path.compare(fst_path.size() - ext.size(), ext.size(), ext) == 0)
    return fst_path.substr(0, fst_path.size() - ext.size());
  return fst_path;
}

// Every signal of the FST by its hierarchical name without a bit range ("hp_alu.in_uop_i"), as
// GTKWave's save files name it ("hp_alu.in_uop_i[19:0]"), with its width.
struct Signal {
  std::string name;
  uint32_t width = 1;
};
std::map<std::string, Signal> signals_of(const std::string& fst_path) {
  void* reader = fstReaderOpen(fst_path.c_str());
  if (!reader) throw std::runtime_error(fst_path + ": cannot read the waveform back");
  std::map<std::string, Signal> signals;
  std::vector<std::string> scopes;
  while (const fstHier* h = fstReaderIterateHier(reader)) {
    if (h->htyp == FST_HT_SCOPE) {
      scopes.emplace_back(h->u.scope.name, h->u.scope.name_length);
    } else if (h->htyp == FST_HT_UPSCOPE) {
      if (!scopes.empty()) scopes.pop_back();
    } else if (h->htyp == FST_HT_VAR) {
      std::string name(h->u.var.name, h->u.var.name_length);
      std::string range;
      if (const size_t space = name.find(" ["); space != std::string::npos) {
        range = name.substr(space + 1);
        name.resize(space);
      }
      std::string path;
      for (const std::string& s : scopes) path += s + ".";
      signals.emplace(path + name, Signal{path + name + range, h->u.var.length});
    }
  }
  fstReaderClose(reader);
  return signals;
}

class SaveFile {
 public:
  SaveFile(const std::map<std::string, Signal>& signals, std::string filter)
      : signals_(signals), filter_(std::move(filter)) {}

  void group(const std::string& name, const std::vector<std::string>& members,
             const std::vector<std::string>& uop_words = {}) {
    std::string body;
    for (const std::string& m : members) {
      const auto it = signals_.find(m);
      if (it == signals_.end()) continue;  // not in this model (the netlist keeps only ports)
      const bool uop = std::find(uop_words.begin(), uop_words.end(), m) != uop_words.end();
      // Flags: 0x28 binary for one bit, 0x22 hex for a vector, 0x2000 translated by filter 1.
      if (uop) body += fmt::format("^1 {}\n@2022\n", filter_);
      else body += it->second.width == 1 ? "@28\n" : "@22\n";
      body += it->second.name + "\n";
    }
    if (body.empty()) return;
    // A group: 0x800200 opens it, 0x1000200 closes it, each followed by its name.
    text_ += fmt::format("@800200\n-{}\n{}@1000200\n-{}\n", name, body, name);
  }
  const std::string& text() const { return text_; }

 private:
  const std::map<std::string, Signal>& signals_;
  std::string filter_;
  std::string text_;
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
}

}  // namespace

std::string wave_save_path(const std::string& fst_path) { return stem_of(fst_path) + ".gtkw"; }
std::string wave_filter_path(const std::string& fst_path) { return stem_of(fst_path) + ".uops.txt"; }

std::string wave_note(const std::string& fst, const std::optional<WaveMarker>& marker) {
  return fmt::format("wave: {}; open it with: gtkwave {} {}{}", fst, fst, wave_save_path(fst),
                     marker ? fmt::format(" (marker at {} ns: {}, cycle {})",
                                          marker_time_ns(marker->cycle), marker->label,
                                          marker->cycle)
                            : std::string());
}

void check_wave_paths(const std::string& fst_path) {
  if (fst_path == "-")
    throw std::runtime_error("-: a waveform is a file that GTKWave opens, not standard output; give a path");
  for (const std::string& path : {fst_path, wave_save_path(fst_path), wave_filter_path(fst_path)}) {
    const bool existed = fs::exists(path);
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe)
      throw std::runtime_error(fmt::format("{}: cannot write the waveform there: {}", path,
                                           std::strerror(errno)));
    probe.close();
    if (!existed) fs::remove(path);
  }
}

void write_wave_view(const std::string& fst_path, const std::optional<WaveMarker>& marker) {
  const std::string filter_path = wave_filter_path(fst_path);
  std::string filter = "# Uop words as forms: GTKWave's translate filter (halfpipe uop --table)\n";
  for (const auto& [word, name] : uop_name_table()) filter += fmt::format("{:05X} {}\n", word, name);
  write_file(filter_path, filter);

  const auto signals = signals_of(fst_path);
  SaveFile save(signals, fs::absolute(filter_path).string());
  const std::string top = "hp_alu.";        // the ports, as the testbench drives them
  const std::string unit = "hp_alu.hp_alu.";  // the RTL's own signals
  save.group("handshake", {top + "clk_i", top + "rst_ni", top + "in_valid_i", top + "in_ready_o",
                           top + "out_valid_o", top + "out_ready_i"});
  save.group("input", {top + "in_uop_i", top + "in_lane_mask_i", top + "in_tag_i", top + "in_a_i",
                       top + "in_b_i", top + "in_c_i"},
             {top + "in_uop_i"});
  save.group("output", {top + "out_tag_o", top + "out_lane_mask_o", top + "out_result_o"});
  // The line: which stages hold a transaction, from the operate stage to the output.
  std::vector<std::string> line{unit + "advance", unit + "in_id", unit + "operate_valid",
                                unit + "operate_uop", unit + "operate_id", unit + "line_valid",
                                unit + "line_id", unit + "post_ctrl", unit + "post_id",
                                unit + "out_id"};
  save.group("line stages", line, {unit + "operate_uop"});
  for (int lane = 0; signals.count(fmt::format("{}g_lane[{}].u_lane.a_i", unit, lane)); ++lane) {
    const std::string l = fmt::format("{}g_lane[{}].u_lane.", unit, lane);
    // One lane's datapath in stage order: operands, operate, round, post-process, result.
    save.group(fmt::format("lane {}", lane),
               {l + "a_i", l + "b_i", l + "c_i", l + "in_operands", l + "operate_in",
                l + "operated", l + "round_in", l + "rounded", l + "post_in", l + "result",
                l + "result_o"});
  }

  const uint64_t at = marker ? marker_time_ns(marker->cycle) : 0;
  std::string named = marker ? fmt::format("{}", at) : "-1";
  for (int i = 1; i < 26; ++i) named += " -1";
  std::string text = fmt::format(
      "[*] halfpipe --wave: open with  gtkwave {} {}\n"
      "[*] cycle n drives its inputs at 10n ns and has its rising edge at 10n+5 ns\n"
      "[dumpfile] \"{}\"\n[savefile] \"{}\"\n[timestart] {}\n[size] 1400 900\n[pos] -1 -1\n"
      "*-2.000000 {} {}\n",
      fst_path, wave_save_path(fst_path), fs::absolute(fst_path).string(),
      fs::absolute(wave_save_path(fst_path)).string(), at > 100 ? at - 100 : 0,
      marker ? fmt::format("{}", at) : "-1", named);
  if (marker) text += fmt::format("[markername] A{} (cycle {})\n", marker->label, marker->cycle);
  text += "[signals_width] 300\n[sst_expanded] 1\n" + save.text();
  write_file(wave_save_path(fst_path), text);
}

}  // namespace halfpipe::tb
