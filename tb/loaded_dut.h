// A user's unit, built by `halfpipe dut build` into a shared object (include/halfpipe/dut_abi.h),
// loaded at run time behind tb::Dut: `--dut DIR` on the commands that run RTL drives it exactly
// as they drive hp_alu. doc/your-unit.md has the adapter contract.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tb/dut.h"
#include "tb/sweep.h"

struct hp_dut_api;

namespace halfpipe::tb {

// The shared object's name in a unit's folder.
inline constexpr const char* kUnitLibrary = "libhp_dut.so";

// What a unit's adapter declared, and how it was built.
struct UnitDescription {
  std::string dir;  // the folder given to --dut
  std::string top;
  std::string verilator_version;
  std::string halfpipe_version;
  int lanes = 0;
  int tag_width = 0;
  bool in_order = true;
  std::vector<std::string> forms;  // canonical spellings (isa::ptx_form); empty: every form
  std::vector<std::string> declared_forms;  // the same, as the adapter's Forms spells them
  std::string latencies;           // "family=cycles ...", empty: none declared
  bool traced = false;
  bool coverage = false;  // built with --coverage: Dut::write_coverage writes its counts
  std::string verilator_flags;  // the Verilator options it was built with

  // `form` as the adapter spells it, with halfpipe's spelling beside where the two differ
  // ("add.rn.f16 (add.f16)"); `form` itself when the adapter does not name it.
  std::string shown(const std::string& form) const;
};

// A loaded unit: the shared object stays loaded while a LoadedUnit or a Dut made from it lives.
class LoadedUnit {
 public:
  // Loads DIR/libhp_dut.so. Throws std::invalid_argument (an input error) naming DIR and the
  // problem: no such folder or library, a library that is not a unit, another ABI version, or a
  // unit Verilated by another Verilator than this halfpipe's (both versions named).
  static std::shared_ptr<const LoadedUnit> load(const std::string& dir);
  ~LoadedUnit();
  LoadedUnit(const LoadedUnit&) = delete;
  LoadedUnit& operator=(const LoadedUnit&) = delete;

  const UnitDescription& description() const { return description_; }
  // Whether the adapter declared `form` (a PTX form's canonical spelling) executable; a packed
  // form is when its scalar form is (S2).
  bool executes(const std::string& form) const;
  // `forms` (PTX forms in any spelling, or vISA forms) less those the unit does not execute,
  // which are listed in `skipped_note` ("skipped 2 forms that the unit T does not declare (its
  // Forms parameter): ...", empty when none was): a command prints it, so that no form is
  // dropped silently.
  std::vector<std::string> executable(const std::vector<std::string>& forms,
                                      std::string& skipped_note) const;

 private:
  friend std::unique_ptr<Dut> make_loaded_dut(const std::shared_ptr<const LoadedUnit>&, uint64_t,
                                              const std::string&);
  LoadedUnit() = default;
  void* handle_ = nullptr;
  const hp_dut_api* api_ = nullptr;
  UnitDescription description_;
};

// A freshly reset instance of the unit; `x_seed` as make_dut's; `plusargs` (`--plusargs`) for
// the unit's $value$plusargs, space-separated.
std::unique_ptr<Dut> make_loaded_dut(const std::shared_ptr<const LoadedUnit>& unit,
                                     uint64_t x_seed = 0, const std::string& plusargs = {});

// Two instances of a unit in lockstep, their uninitialised state randomised from two seeds
// (--x-initial unique), behind one Dut: every cycle both get the same inputs, and any difference
// in their handshakes or in an output taken throws RtlAssertionFailure naming the cycle: a
// result depends on uninitialised state, which the unit contract forbids (Verilator is
// two-state, so this is how X is seen). The first instance speaks for both.
std::unique_ptr<Dut> make_x_checked_dut(const std::shared_ptr<const LoadedUnit>& unit,
                                        const std::string& plusargs = {});

// A sweep of this unit: hp_alu's ready = advance rule left out, results matched by tag when the
// unit declares InOrder=0 (tb/sweep.h's SweepSettings).
void configure_for_unit(const LoadedUnit& unit, SweepSettings& settings);

// The Verilator this halfpipe was built with (`verilator --version`'s number, e.g. "5.006"):
// a unit must be built with the same.
const char* halfpipe_verilator_version();

}  // namespace halfpipe::tb
