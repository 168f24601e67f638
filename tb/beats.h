// The beats a harness drives into the unit, each with the reference's result per lane: PTX
// forms' operand streams (vectors/stream.h) and vISA forms' instruction streams
// (vectors/visa_stream.h), one after the other in the order they were added. `halfpipe sweep`
// and the co-simulation both draw from here, so they run the same vectors as `halfpipe gen`.
//
// A PTX instruction takes one lane (scalar) or two (packed, lane 1 of the register in the next
// lane, S2). A vISA instruction is split into beats of the unit's lane count (visa_beats.h,
// S25), its channel k*lanes + j in lane j; byte types (B, UB) carry their
// element in the low byte of a lane, over a junk high byte the unit must ignore.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/visa.h"
#include "model/uop/uop.h"
#include "tb/scoreboard.h"
#include "vectors/coverage.h"
#include "vectors/stream.h"
#include "vectors/visa_stream.h"

namespace halfpipe::tb {

// A PTX instruction given outright (`sweep --vector`, a vector file): its registers, and its
// expected result when a file supplies one (otherwise the reference computes it).
struct PtxVector {
  vectors::Operands operands;
  std::optional<uint32_t> expected;
};

// `--vector A[,B[,C]]` of a PTX form: its registers in hex, 16 bits for a scalar form and 32 for
// a packed one (lane 1 in bits [31:16], S2); a 16-bit value given to a packed form goes to both
// lanes. Throws std::invalid_argument naming the text and the problem.
PtxVector parse_ptx_vector(const std::string& text, const std::string& form, const Uop& u);
// `--vector 'EMASK DST SRC0 SRC1'` of a vISA form: the rest of its batch line. Throws
// std::invalid_argument as parse_ptx_vector does.
isa::visa::BatchLine parse_visa_vector(const std::string& text, const std::string& form);

class BeatSource {
 public:
  // How PTX instructions share a beat. Fill: as many as the lanes hold, every lane computing
  // its instruction (the sweep's throughput; each lane is the scalar computation, S2).
  // OnePerBeat: one instruction a beat in the low lanes, as a core issues them (co-simulation).
  enum class Packing { Fill, OnePerBeat };
  BeatSource(int lanes, Packing packing) : lanes_(lanes), packing_(packing) {}
  // Another lane count before the first next(); throws std::invalid_argument, as adding does,
  // when a form needs more lanes than that, or a vISA form's wide elements do not fit them.
  void set_lanes(int lanes);

  // A PTX form's streams, run one after the other; with `shard`, the shard-th slice of them
  // taken together (so corner and random vectors of one form share the slicing). `form` must
  // be the canonical spelling (isa::ptx_form).
  void add_ptx(const std::string& form, const Uop& u, std::vector<vectors::OperandStream> streams,
               vectors::Shard shard = {});
  void add_ptx_vectors(const std::string& form, const Uop& u, std::vector<PtxVector> vectors);
  // A vISA form's streams (form: isa::visa::form_name), sharded as add_ptx does.
  void add_visa(const isa::visa::Instruction& form, std::vector<vectors::VisaStream> streams,
                vectors::Shard shard = {});
  void add_visa_lines(const isa::visa::Instruction& form, std::vector<isa::visa::BatchLine> lines);

  // Every PTX instruction drawn is counted here (vISA forms have no coverage model).
  void set_coverage(vectors::Coverage* coverage) { coverage_ = coverage; }

  // The next beat: lanes, lane mask, Uop word, plan (the form's index), operands and expected
  // results (zero in lanes outside the mask); the caller sets the tag. False at the end.
  bool next(Expected& beat);

  const std::vector<std::string>& forms() const { return forms_; }
  const Uop& uop(int form) const { return uops_[form]; }  // PTX: the form's; vISA: no modifiers
  bool is_visa(int form) const { return visa_forms_[form].has_value(); }
  bool has_visa() const;
  const isa::visa::Instruction& visa_form(int form) const { return *visa_forms_[form]; }
  int lanes() const { return lanes_; }
  uint64_t instructions() const;                             // in all parts
  uint64_t drawn() const { return drawn_; }                  // instructions begun so far
  uint64_t lane_operations() const { return lane_operations_; }  // enabled lanes issued

 private:
  struct Part {
    int form = 0;
    std::vector<vectors::OperandStream> ptx;  // one of these four
    std::vector<PtxVector> ptx_vectors;
    std::vector<vectors::VisaStream> visa;
    std::vector<isa::visa::BatchLine> visa_lines;
    size_t stream = 0;     // the stream being drawn from
    uint64_t position = 0;  // in ptx_vectors / visa_lines
    // The next block of instructions, in order, with their expected results: drawn from `ptx`
    // with the reference's results computed in bulk (ref::execute_n), or taken from
    // `ptx_vectors` with the given results or the reference's. Served from ahead_next on.
    std::vector<vectors::Operands> ahead;
    std::vector<uint32_t> ahead_expected;
    size_t ahead_next = 0;
  };
  int add_form(const std::string& name, const Uop& u,
               const std::optional<isa::visa::Instruction>& visa);
  int add_visa_form(const isa::visa::Instruction& form);
  // Up to `max` next instructions of `part` and their expected results, in place in its block;
  // 0 when the part is drawn.
  size_t next_ptx(Part& part, const vectors::Operands*& operands, const uint32_t*& expected,
                  size_t max);
  bool next_visa(Part& part, isa::visa::BatchLine& line);
  bool fill_ptx(Expected& beat);
  void visa_beat(Expected& beat);

  int lanes_;
  Packing packing_;
  std::vector<std::string> forms_;
  std::vector<Uop> uops_;
  std::vector<uint32_t> uop_words_;  // encode(uops_[form]): a beat's word, lane mask aside
  std::vector<std::optional<isa::visa::Instruction>> visa_forms_;
  std::vector<Part> parts_;
  size_t current_ = 0;
  vectors::Coverage* coverage_ = nullptr;
  uint64_t drawn_ = 0;
  uint64_t lane_operations_ = 0;
  // The vISA instruction being issued, and its beats.
  isa::visa::BatchLine line_;
  std::vector<Uop> line_beats_;
  // One lane: the high half of a packed instruction, the beat after its low half.
  std::optional<Expected> high_half_;
  size_t next_beat_ = 0;
  int line_form_ = 0;
};

// The lane value that carries channel `channel`'s element of a vISA type: the element itself,
// under a junk high byte for the byte types.
uint16_t visa_lane_value(isa::visa::Type type, int channel, uint64_t element);

}  // namespace halfpipe::tb
