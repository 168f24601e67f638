// The legal PTX forms of S22, enumerated here as the spec's syntax lines read, independently of
// the decoder's own table, with the Uop each one must decode to.
#pragma once

#include <string>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::test {

struct ExpectedForm {
  std::string spelling;   // modifiers in canonical order, with the optional .rn where written
  std::string canonical;  // the canonical spelling ptx_form must give (no optional .rn)
  Uop uop;
};

struct ModifierChoice {
  bool approx = false, rn = false, ftz = false, oob = false, sat = false, relu = false,
       nan = false, xorsign_abs = false;
};

inline ExpectedForm make_form(const char* opcode, Op op, const char* type, ModifierChoice m) {
  const std::string t = type;
  Uop u;
  u.op = op;
  u.format = t.rfind("bf16", 0) == 0 ? Format::BF16 : Format::F16;
  u.packed = t.size() > 2 && t.substr(t.size() - 2) == "x2";
  u.ftz = m.ftz;
  u.sat = m.sat;
  u.relu = m.relu;
  u.oob = m.oob;
  u.nan = m.nan;
  u.xorsign_abs = m.xorsign_abs;
  u.lane_mask = u.packed ? 3 : 1;
  auto spell = [&](bool with_rn) {
    std::string s = opcode;
    if (m.approx) s += ".approx";
    if (with_rn) s += ".rn";
    if (m.ftz) s += ".ftz";
    if (m.oob) s += ".oob";
    if (m.sat) s += ".sat";
    if (m.relu) s += ".relu";
    if (m.nan) s += ".NaN";
    if (m.xorsign_abs) s += ".xorsign.abs";
    return s + "." + t;
  };
  return {spell(m.rn), spell(m.rn && op == Op::Fma), u};
}

inline std::vector<ExpectedForm> s22_legal_forms() {
  std::vector<ExpectedForm> forms;
  const bool no_yes[] = {false, true};
  struct Named {
    const char* name;
    Op op;
  };
  // add/sub/mul{.rnd}{.ftz}{.sat}.f16[x2] and {.rnd}.bf16[x2]
  for (Named n : {Named{"add", Op::Add}, Named{"sub", Op::Sub}, Named{"mul", Op::Mul}}) {
    for (const char* type : {"f16", "f16x2"})
      for (bool rn : no_yes)
        for (bool ftz : no_yes)
          for (bool sat : no_yes) {
            ModifierChoice m;
            m.rn = rn, m.ftz = ftz, m.sat = sat;
            forms.push_back(make_form(n.name, n.op, type, m));
          }
    for (const char* type : {"bf16", "bf16x2"})
      for (bool rn : no_yes) {
        ModifierChoice m;
        m.rn = rn;
        forms.push_back(make_form(n.name, n.op, type, m));
      }
  }
  // fma
  for (const char* type : {"f16", "f16x2"}) {
    for (bool ftz : no_yes)
      for (bool sat : no_yes) {  // fma.rnd{.ftz}{.sat}
        ModifierChoice m;
        m.rn = true, m.ftz = ftz, m.sat = sat;
        forms.push_back(make_form("fma", Op::Fma, type, m));
      }
    for (bool ftz : no_yes) {  // fma.rnd{.ftz}.relu
      ModifierChoice m;
      m.rn = true, m.ftz = ftz, m.relu = true;
      forms.push_back(make_form("fma", Op::Fma, type, m));
    }
    ModifierChoice oob_sat;  // fma.rn.oob.sat (S22's addition)
    oob_sat.rn = true, oob_sat.oob = true, oob_sat.sat = true;
    forms.push_back(make_form("fma", Op::Fma, type, oob_sat));
  }
  for (const char* type : {"bf16", "bf16x2"})
    for (bool relu : no_yes) {  // fma.rnd{.relu}.bf16
      ModifierChoice m;
      m.rn = true, m.relu = relu;
      forms.push_back(make_form("fma", Op::Fma, type, m));
    }
  for (const char* type : {"f16", "f16x2", "bf16", "bf16x2"})
    for (bool relu : no_yes) {  // fma.rnd.oob{.relu}.type
      ModifierChoice m;
      m.rn = true, m.oob = true, m.relu = relu;
      forms.push_back(make_form("fma", Op::Fma, type, m));
    }
  // neg/abs{.ftz}.f16[x2], .bf16[x2]
  for (Named n : {Named{"neg", Op::Neg}, Named{"abs", Op::Abs}}) {
    for (const char* type : {"f16", "f16x2"})
      for (bool ftz : no_yes) {
        ModifierChoice m;
        m.ftz = ftz;
        forms.push_back(make_form(n.name, n.op, type, m));
      }
    for (const char* type : {"bf16", "bf16x2"}) forms.push_back(make_form(n.name, n.op, type, {}));
  }
  // min/max{.ftz}{.NaN}{.xorsign.abs}.f16[x2], {.NaN}{.xorsign.abs}.bf16[x2]
  for (Named n : {Named{"min", Op::Min}, Named{"max", Op::Max}})
    for (const char* type : {"f16", "f16x2", "bf16", "bf16x2"})
      for (bool ftz : no_yes)
        for (bool nan : no_yes)
          for (bool xorsign_abs : no_yes) {
            if (ftz && type[0] == 'b') continue;
            ModifierChoice m;
            m.ftz = ftz, m.nan = nan, m.xorsign_abs = xorsign_abs;
            forms.push_back(make_form(n.name, n.op, type, m));
          }
  // tanh.approx.type; ex2.approx.atype, ex2.approx.ftz.btype
  for (const char* type : {"f16", "f16x2", "bf16", "bf16x2"}) {
    ModifierChoice m;
    m.approx = true;
    forms.push_back(make_form("tanh", Op::Tanh, type, m));
    m.ftz = type[0] == 'b';
    forms.push_back(make_form("ex2", Op::Ex2, type, m));
  }
  return forms;
}

}  // namespace halfpipe::test
