// A user's unit behind halfpipe's C ABI (include/halfpipe/dut_abi.h): `halfpipe dut build`
// compiles this file once per unit, beside the unit's Verilated adapter (always prefixed
// Vhp_dut), into the shared object that `--dut DIR` loads. It does what tb/verilated_dut.h does
// for hp_alu, for ports whose widths come from the adapter's parameters, which `dut build`
// writes into hp_dut_unit.h once its elaboration pass has checked them against the contract.
#include <verilated.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "Vhp_dut.h"
#include "halfpipe/dut_abi.h"
#include "hp_dut_unit.h"  // what the adapter declared: written by dut build beside build.sh

#if HP_DUT_TRACED
#include <verilated_fst_c.h>
#endif
#if HP_DUT_COVERAGE
#include <verilated_cov.h>
#endif

namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "ports are copied as lane arrays");
static_assert(HP_DUT_LANES >= 1 && HP_DUT_LANES <= HP_DUT_MAX_LANES, "Lanes is 1..8");

// Lane i sits in bits [16*i +: 16] of a port, which Verilator stores as an integer or a VlWide
// array of 32-bit words, least significant first: the lanes' bytes, then zeros.
template <class Port>
void store_lanes(Port& port, const uint16_t* lanes) {
  static_assert(sizeof(Port) >= 2 * HP_DUT_LANES);
  std::memset(static_cast<void*>(&port), 0, sizeof(Port));
  std::memcpy(static_cast<void*>(&port), lanes, 2 * HP_DUT_LANES);
}

template <class Port>
void load_lanes(uint16_t* lanes, const Port& port) {
  std::memcpy(lanes, static_cast<const void*>(&port), 2 * HP_DUT_LANES);
}

template <class Port>
void store(Port& port, uint32_t value) {
  port = static_cast<std::remove_reference_t<Port>>(value);
}

constexpr uint64_t kTracePeriod = 10;  // ns per cycle in the waveform, as tb/verilated_dut.h

struct Unit {
  std::unique_ptr<VerilatedContext> context;
  std::unique_ptr<Vhp_dut> model;
#if HP_DUT_TRACED
  std::unique_ptr<VerilatedFstC> trace;
#endif
  uint64_t cycles = 0;      // since the waveform started
  uint64_t run_cycles = 0;  // since creation
  // The contract's "outputs hold while stalled": what the outputs showed when the last cycle
  // ended with a result waiting and out_ready_i low.
  bool stalled = false;
  hp_dut_out stalled_out{};

  void dump(uint64_t time) {
#if HP_DUT_TRACED
    if (trace) trace->dump(time);
#else
    (void)time;
#endif
  }

  // One evaluation; false when an assertion of the unit failed in it.
  bool eval() {
    model->eval();
    if (!context->gotError()) return true;
    context->gotError(false);
    return false;
  }
};

void set_error(char* error, size_t size, const char* text) {
  if (error && size) std::snprintf(error, size, "%s", text);
}

bool same(const hp_dut_out& x, const hp_dut_out& y) {
  return x.lane_mask == y.lane_mask && x.tag == y.tag &&
         std::memcmp(x.result, y.result, sizeof x.result) == 0;
}

void read_outputs(const Vhp_dut& m, hp_dut_out* out) {
  std::memset(out, 0, sizeof *out);
  out->lane_mask = m.out_lane_mask_o;
  out->tag = m.out_tag_o;
  load_lanes(out->result, m.out_result_o);
}

void reset(void* handle, int cycles) {
  Unit& u = *static_cast<Unit*>(handle);
  Vhp_dut& m = *u.model;
  m.in_valid_i = 0;
  m.rst_ni = 1;
  m.clk_i = 0;
  u.eval();
  m.rst_ni = 0;
  u.eval();
  for (int i = 0; i < cycles; ++i) {
    m.clk_i = 1;
    u.eval();
    u.dump(kTracePeriod * u.cycles + kTracePeriod / 2);
    ++u.cycles;
    m.clk_i = 0;
    u.eval();
  }
  m.rst_ni = 1;
  u.eval();
  u.stalled = false;
}

// The unit's plusargs ($value$plusargs, $test$plusargs), e.g. "+fault=3" for
// examples/your-unit's seeded faults. Always given, if empty: Verilator aborts a model that
// reads a plusarg without them.
void pass_plusargs(VerilatedContext& context, const char* text) {
  std::vector<std::string> words{"hp_dut"};
  std::istringstream in(text ? text : "");
  for (std::string word; in >> word;) words.push_back(word);
  std::vector<const char*> argv;
  for (const auto& word : words) argv.push_back(word.c_str());
  context.commandArgs(static_cast<int>(argv.size()), argv.data());
}

void* create(uint64_t x_seed, const char* plusargs, char* error, size_t error_size) {
  try {
    auto u = std::make_unique<Unit>();
    u->context = std::make_unique<VerilatedContext>();
    pass_plusargs(*u->context, plusargs);
    u->context->randReset(x_seed ? 2 : 0);
    if (x_seed) u->context->randSeed(static_cast<int>(x_seed & 0x7FFFFFFF));
    u->context->fatalOnError(false);
    u->model = std::make_unique<Vhp_dut>(u->context.get(), HP_DUT_TOP);
    u->model->clk_i = 0;
    u->model->in_valid_i = 0;
    u->model->out_ready_i = 0;
    reset(u.get(), 2);
    return u.release();
  } catch (const std::exception& e) {
    set_error(error, error_size, e.what());
    return nullptr;
  }
}

void destroy(void* handle) {
  Unit* u = static_cast<Unit*>(handle);
#if HP_DUT_TRACED
  if (u->trace) u->trace->close();
#endif
  u->model->final();
  delete u;
}

unsigned cycle(void* handle, int in_valid, const hp_dut_in* in, int out_ready, hp_dut_out* out,
               char* error, size_t error_size) {
  Unit& u = *static_cast<Unit*>(handle);
  Vhp_dut& m = *u.model;
  m.in_valid_i = in_valid ? 1 : 0;
  if (in_valid) {
    store(m.in_uop_i, in->uop_word);
    store(m.in_lane_mask_i, in->lane_mask);
    store(m.in_tag_i, in->tag);
    store_lanes(m.in_a_i, in->a);
    store_lanes(m.in_b_i, in->b);
    store_lanes(m.in_c_i, in->c);
  }
  m.out_ready_i = out_ready ? 1 : 0;
  m.clk_i = 0;
  bool ok = u.eval();
  u.dump(kTracePeriod * u.cycles);
  char broken[200] = "";
  if (u.stalled) {
    hp_dut_out now;
    if (!m.out_valid_o)
      std::snprintf(broken, sizeof broken, "out_valid_o fell while stalled");
    else if (read_outputs(m, &now), !same(now, u.stalled_out))
      std::snprintf(broken, sizeof broken, "the outputs changed while stalled (tag %#x)",
                    u.stalled_out.tag);
  }
  u.stalled = m.out_valid_o && !out_ready;
  if (u.stalled) read_outputs(m, &u.stalled_out);
  unsigned r = 0;
  if (m.in_ready_o) r |= HP_DUT_IN_READY;
  if (m.out_valid_o) r |= HP_DUT_OUT_VALID;
  if (in_valid && m.in_ready_o) r |= HP_DUT_ACCEPTED;
  if (m.out_valid_o && out_ready) {
    r |= HP_DUT_CONSUMED;
    read_outputs(m, out);
  }
  m.clk_i = 1;
  ok = u.eval() && ok;
  u.dump(kTracePeriod * u.cycles + kTracePeriod / 2);
  ++u.cycles;
  ++u.run_cycles;
  if (!ok || broken[0]) {
    r |= HP_DUT_ASSERTION_FAILED;
    char text[320];
    if (broken[0])
      std::snprintf(text, sizeof text, "%s broke the unit contract in cycle %llu of the run: %s",
                    HP_DUT_TOP, static_cast<unsigned long long>(u.run_cycles - 1), broken);
    else
      std::snprintf(text, sizeof text,
                    "an assertion of %s failed in cycle %llu of the run; its "
                    "message is on standard output",
                    HP_DUT_TOP, static_cast<unsigned long long>(u.run_cycles - 1));
    set_error(error, error_size, text);
  }
  return r;
}

int peek(const void* handle, hp_dut_out* out) {
  const Vhp_dut& m = *static_cast<const Unit*>(handle)->model;
  if (!m.out_valid_o) return 0;
  read_outputs(m, out);
  return 1;
}

int trace_to(void* handle, const char* path, char* error, size_t error_size) {
#if HP_DUT_TRACED
  Unit& u = *static_cast<Unit*>(handle);
  if (u.trace) u.trace->close();
  u.context->traceEverOn(true);
  auto trace = std::make_unique<VerilatedFstC>();
  u.model->trace(trace.get(), 99);
  trace->set_time_unit("1ns");
  trace->set_time_resolution("1ns");
  trace->open(path);
  if (!trace->isOpen()) {
    set_error(error, error_size, "cannot write the waveform");
    return 1;
  }
  u.trace = std::move(trace);
  u.cycles = 0;
  return 0;
#else
  (void)handle;
  (void)path;
  set_error(error, error_size, "this unit was built without tracing (dut build --no-trace)");
  return 1;
#endif
}

void close_trace(void* handle) {
#if HP_DUT_TRACED
  Unit& u = *static_cast<Unit*>(handle);
  if (u.trace) u.trace->close();
  u.trace.reset();
#else
  (void)handle;
#endif
}

int write_coverage(void* handle, const char* path, char* error, size_t error_size) {
#if HP_DUT_COVERAGE
  Unit& u = *static_cast<Unit*>(handle);
  try {
    u.context->coveragep()->write(path);
  } catch (const std::exception& e) {
    set_error(error, error_size, e.what());
    return 1;
  }
  return 0;
#else
  (void)handle;
  (void)path;
  set_error(error, error_size, "this unit was built without coverage (dut build --coverage)");
  return 1;
#endif
}

const hp_dut_description kDescription = {
    HP_DUT_TOP,   HP_DUT_VERILATOR_VERSION, HP_DUT_HALFPIPE_VERSION,
    HP_DUT_LANES, HP_DUT_TAG_WIDTH,         HP_DUT_IN_ORDER,
    HP_DUT_FORMS, HP_DUT_LATENCIES,         HP_DUT_TRACED,
    HP_DUT_COVERAGE, HP_DUT_VERILATOR_FLAGS};

const hp_dut_api kApi = {HP_DUT_ABI_VERSION, &kDescription, create, destroy, cycle, reset, peek,
                         trace_to,           close_trace,   write_coverage};

}  // namespace

extern "C" __attribute__((visibility("default"))) const hp_dut_api* hp_dut_abi(void) {
  return &kApi;
}
