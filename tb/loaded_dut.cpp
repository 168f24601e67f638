#include "tb/loaded_dut.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "halfpipe/dut_abi.h"
#include "model/isa/ptx.h"

namespace halfpipe::tb {
namespace {

static_assert(HP_DUT_MAX_LANES == kMaxLanes, "the ABI's beats are tb::InBeat's");

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

class LoadedDut final : public Dut {
 public:
  LoadedDut(std::shared_ptr<const LoadedUnit> unit, const hp_dut_api* api, uint64_t x_seed,
            const std::string& plusargs)
      : unit_(std::move(unit)), api_(api) {
    char error[512] = "";
    instance_ = api_->create(x_seed, plusargs.c_str(), error, sizeof error);
    if (!instance_)
      throw std::runtime_error(
          fmt::format("the unit in {} could not be created: {}", unit_->description().dir, error));
  }
  ~LoadedDut() override { api_->destroy(instance_); }

  int lanes() const override { return unit_->description().lanes; }
  int depth() const override { return 0; }  // a user's unit declares no fixed depth
  int tag_width() const override { return unit_->description().tag_width; }

  CycleResult cycle(bool in_valid, const InBeat& in, bool out_ready, OutBeat& out) override {
    hp_dut_in abi_in;
    abi_in.uop_word = in.uop_word;
    abi_in.lane_mask = in.lane_mask;
    abi_in.tag = in.tag;
    std::copy(in.a.begin(), in.a.end(), abi_in.a);
    std::copy(in.b.begin(), in.b.end(), abi_in.b);
    std::copy(in.c.begin(), in.c.end(), abi_in.c);
    hp_dut_out abi_out;
    // Terminated, not cleared: the unit writes the text only when an assertion fails, and
    // zeroing 512 bytes every cycle is a visible share of a one-lane unit's cycle.
    char error[512];
    error[0] = '\0';
    const unsigned r =
        api_->cycle(instance_, in_valid, &abi_in, out_ready, &abi_out, error, sizeof error);
    if (r & HP_DUT_ASSERTION_FAILED) throw RtlAssertionFailure(error);
    CycleResult result;
    result.in_ready = r & HP_DUT_IN_READY;
    result.out_valid = r & HP_DUT_OUT_VALID;
    result.accepted = r & HP_DUT_ACCEPTED;
    result.consumed = r & HP_DUT_CONSUMED;
    if (result.consumed) copy_out(abi_out, out);
    return result;
  }

  void reset(int cycles) override { api_->reset(instance_, cycles); }

  bool peek(OutBeat& out) const override {
    hp_dut_out abi_out;
    if (!api_->peek(instance_, &abi_out)) return false;
    copy_out(abi_out, out);
    return true;
  }

  void trace_to(const std::string& path) override {
    if (!unit_->description().traced)
      throw std::logic_error(
          fmt::format("the unit in {} was built without tracing (dut build "
                      "--no-trace)",
                      unit_->description().dir));
    char error[512] = "";
    if (api_->trace_to(instance_, path.c_str(), error, sizeof error))
      throw std::runtime_error(fmt::format("{}: {}", path, error));
  }
  void close_trace() override { api_->close_trace(instance_); }

  void write_coverage(const std::string& path) override {
    if (!unit_->description().coverage)
      throw std::logic_error(fmt::format("the unit in {} was built without coverage: build it "
                                         "again with halfpipe dut build --coverage",
                                         unit_->description().dir));
    char error[512] = "";
    if (api_->write_coverage(instance_, path.c_str(), error, sizeof error))
      throw std::runtime_error(fmt::format("{}: {}", path, error));
  }

 private:
  static void copy_out(const hp_dut_out& from, OutBeat& to) {
    to.lane_mask = from.lane_mask;
    to.tag = from.tag;
    std::copy(std::begin(from.result), std::end(from.result), to.result.begin());
  }

  std::shared_ptr<const LoadedUnit> unit_;
  const hp_dut_api* api_;
  void* instance_ = nullptr;
};

class XCheckedDut final : public Dut {
 public:
  XCheckedDut(std::unique_ptr<Dut> first, std::unique_ptr<Dut> second, std::string top)
      : first_(std::move(first)),
        second_(std::move(second)),
        top_(std::move(top)),
        lanes_(first_->lanes()) {}

  int lanes() const override { return lanes_; }
  int depth() const override { return first_->depth(); }
  int tag_width() const override { return first_->tag_width(); }

  CycleResult cycle(bool in_valid, const InBeat& in, bool out_ready, OutBeat& out) override {
    OutBeat other;
    const CycleResult r = first_->cycle(in_valid, in, out_ready, out);
    const CycleResult s = second_->cycle(in_valid, in, out_ready, other);
    const uint64_t cycle = cycles_++;
    auto differ = [&](const char* what) {
      throw RtlAssertionFailure(fmt::format(
          "{} differs between two seeds of its uninitialised state (--x-initial unique) in "
          "cycle {}: {} depends on state never written (sweep --no-x-check runs one seed)",
          top_, cycle, what));
    };
    if (r.in_ready != s.in_ready) differ("in_ready_o");
    if (r.out_valid != s.out_valid) differ("out_valid_o");
    if (r.consumed && (out.tag != other.tag || out.lane_mask != other.lane_mask))
      differ("the tag or lane mask of a valid output");
    if (r.consumed && !same_lanes(out.result, other.result, lanes_))
      differ("a valid result");
    return r;
  }
  void reset(int cycles) override {
    first_->reset(cycles);
    second_->reset(cycles);
  }
  bool peek(OutBeat& out) const override { return first_->peek(out); }
  void trace_to(const std::string& path) override { first_->trace_to(path); }
  void close_trace() override { first_->close_trace(); }
  // The two instances ran the same inputs: the first one's counts are the run's.
  void write_coverage(const std::string& path) override { first_->write_coverage(path); }

 private:
  std::unique_ptr<Dut> first_, second_;
  std::string top_;
  int lanes_;  // read on every valid output: no virtual call to the first instance each time
  uint64_t cycles_ = 0;
};

}  // namespace

std::unique_ptr<Dut> make_x_checked_dut(const std::shared_ptr<const LoadedUnit>& unit,
                                        const std::string& plusargs) {
  return std::make_unique<XCheckedDut>(make_loaded_dut(unit, 1, plusargs),
                                       make_loaded_dut(unit, 2, plusargs), unit->description().top);
}

void configure_for_unit(const LoadedUnit& unit, SweepSettings& settings) {
  settings.ready_is_advance = false;  // hp_alu's rule, not the contract's
  settings.out_of_order = !unit.description().in_order;
}

const char* halfpipe_verilator_version() { return HALFPIPE_VERILATOR_VERSION; }

std::string UnitDescription::shown(const std::string& form) const {
  const auto decoded = isa::decode_ptx(form);
  if (!decoded.uop) return form;
  const std::string canonical = isa::ptx_form(*decoded.uop);
  for (size_t i = 0; i < forms.size(); ++i)
    if (forms[i] == canonical && declared_forms[i] != form)
      return declared_forms[i] + " (" + form + ")";
  return form;
}

std::shared_ptr<const LoadedUnit> LoadedUnit::load(const std::string& dir) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir))
    throw std::invalid_argument(
        fmt::format("--dut {}: no such folder (halfpipe dut build -o "
                    "DIR makes one)",
                    dir));
  const std::string library = (fs::absolute(dir) / kUnitLibrary).string();
  if (!fs::exists(library))
    throw std::invalid_argument(
        fmt::format("--dut {}: no {} in it: is it the -o folder of "
                    "halfpipe dut build?",
                    dir, kUnitLibrary));
  // RTLD_LOCAL: the unit's Verilator runtime stays its own.
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw std::invalid_argument(
        fmt::format("--dut {}: cannot load {}: {}", dir, library, dlerror()));
  std::shared_ptr<LoadedUnit> unit(new LoadedUnit);
  unit->handle_ = handle;
  const auto abi = reinterpret_cast<hp_dut_abi_fn>(dlsym(handle, "hp_dut_abi"));
  if (!abi)
    throw std::invalid_argument(
        fmt::format("--dut {}: {} exports no hp_dut_abi: it was not "
                    "built by halfpipe dut build",
                    dir, library));
  unit->api_ = abi();
  if (unit->api_->abi_version != HP_DUT_ABI_VERSION)
    throw std::invalid_argument(fmt::format(
        "--dut {}: the unit speaks the unit ABI version {}, this halfpipe version {}: build it "
        "again with this halfpipe's dut build",
        dir, unit->api_->abi_version, HP_DUT_ABI_VERSION));
  const hp_dut_description& d = *unit->api_->description;
  if (std::string(d.verilator_version) != HALFPIPE_VERILATOR_VERSION)
    throw std::invalid_argument(fmt::format(
        "--dut {}: the unit was Verilated by Verilator {}, this halfpipe was built with {}: "
        "build it again with Verilator {}",
        dir, d.verilator_version, HALFPIPE_VERILATOR_VERSION, HALFPIPE_VERILATOR_VERSION));
  UnitDescription& u = unit->description_;
  u.dir = dir;
  u.top = d.top;
  u.verilator_version = d.verilator_version;
  u.halfpipe_version = d.halfpipe_version;
  u.lanes = d.lanes;
  u.tag_width = d.tag_width;
  u.in_order = d.in_order != 0;
  for (const std::string& form : words(d.forms)) {
    // Compared by canonical spelling: add.rn.f16 is add.f16.
    const auto decoded = isa::decode_ptx(form);
    if (!decoded.uop)
      throw std::invalid_argument(
          fmt::format("--dut {}: the adapter declares '{}' in Forms, "
                      "which is no PTX form",
                      dir, form));
    u.forms.push_back(isa::ptx_form(*decoded.uop));
    u.declared_forms.push_back(form);
  }
  u.latencies = d.latencies;
  u.traced = d.traced != 0;
  u.verilator_flags = d.verilator_flags;
  u.coverage = d.coverage != 0;
  return unit;
}

LoadedUnit::~LoadedUnit() {
  if (handle_) dlclose(handle_);
}

bool LoadedUnit::executes(const std::string& form) const {
  if (description_.forms.empty()) return true;
  auto declared = [&](const std::string& name) {
    return std::find(description_.forms.begin(), description_.forms.end(), name) !=
           description_.forms.end();
  };
  if (declared(form)) return true;
  // A packed form computes each lane as its scalar form (S2): declared with it.
  const auto decoded = isa::decode_ptx(form);
  if (!decoded.uop || !decoded.uop->packed) return false;
  Uop scalar = *decoded.uop;
  scalar.packed = false;
  scalar.lane_mask = 1;
  return declared(isa::ptx_form(scalar));
}

std::vector<std::string> LoadedUnit::executable(const std::vector<std::string>& forms,
                                                std::string& skipped_note) const {
  std::vector<std::string> executed, skipped;
  for (const auto& form : forms) {
    const auto decoded = isa::decode_ptx(form);
    (executes(decoded.uop ? isa::ptx_form(*decoded.uop) : form) ? executed : skipped)
        .push_back(form);
  }
  skipped_note.clear();
  if (!skipped.empty()) {
    std::string list;
    for (const auto& form : skipped) list += (list.empty() ? "" : " ") + form;
    skipped_note = fmt::format("skipped {} form{} that the unit {} does not declare (its Forms "
                               "parameter): {}", skipped.size(), skipped.size() == 1 ? "" : "s",
                               description_.top, list);
  }
  return executed;
}

std::unique_ptr<Dut> make_loaded_dut(const std::shared_ptr<const LoadedUnit>& unit, uint64_t x_seed,
                                     const std::string& plusargs) {
  return std::make_unique<LoadedDut>(unit, unit->api_, x_seed, plusargs);
}

}  // namespace halfpipe::tb
