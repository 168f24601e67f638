// The Python module `halfpipe`: the golden reference inside a Python testbench.
//
//   halfpipe.execute("fma.rn.relu.bf16x2", a, b, c, target=None, ptx=None)
//   halfpipe.visa_minmax("max", "hf", src0, src1, sat=False, src0_mod="", src1_mod="")
//   halfpipe.decode(form, target=None, ptx=None) -> dict
//   halfpipe.eval_line(line, target=None, ptx=None) -> str   one `eval --batch` line, PTX or vISA
//   halfpipe.legal_forms() -> list[str]
//
//   halfpipe.bf16_from_f32(x) -> uint16 bits    halfpipe.f32_from_bf16(bits) -> float32
//   halfpipe.__version__
//
// Operands are bit patterns (Python ints, NumPy uint16/uint32 arrays) or values (NumPy float16
// arrays for f16 forms, Python floats for scalar forms), broadcast against each other as a NumPy
// ufunc does; the result is spelt as they were (an int for ints only, a float for Python floats,
// float16 for float16 arrays, else the bits' dtype). A packed form takes 32-bit registers, or
// pairs along a trailing axis of 2 (lane 0 first). Every decoder message reaches Python as
// ValueError; an operand of the wrong kind is a TypeError. The bulk loops run without the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/form.h"
#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/ref/bulk/execute_n.h"
#include "model/ref/execute.h"
#include "model/ref/visa_minmax.h"
#include "model/uop/uop.h"
#include "halfpipe/version.h"
#include "vectors/batch.h"
#include "vectors/line.h"
#include "vectors/operand_check.h"
#include "vectors/value_spelling.h"

namespace py = pybind11;

namespace halfpipe::python {
namespace {

// ---- Operands: ints or arrays, broadcast -------------------------------------------------------

// One operand after broadcasting: a strided view of unsigned elements of `size` bytes.
struct StridedOperand {
  const char* data = nullptr;
  int size = 0;                  // 1, 2, 4 or 8
  std::vector<ssize_t> strides;  // bytes, per dimension; 0 along broadcast dimensions
};

inline uint64_t load(const char* p, int size) {
  switch (size) {
    case 1:
      return *reinterpret_cast<const uint8_t*>(p);
    case 2:
      return *reinterpret_cast<const uint16_t*>(p);
    case 4:
      return *reinterpret_cast<const uint32_t*>(p);
    default:
      return *reinterpret_cast<const uint64_t*>(p);
  }
}

inline void store(char* p, int size, uint64_t v) {
  switch (size) {
    case 1:
      *reinterpret_cast<uint8_t*>(p) = static_cast<uint8_t>(v);
      break;
    case 2:
      *reinterpret_cast<uint16_t*>(p) = static_cast<uint16_t>(v);
      break;
    case 4:
      *reinterpret_cast<uint32_t*>(p) = static_cast<uint32_t>(v);
      break;
    default:
      *reinterpret_cast<uint64_t*>(p) = v;
      break;
  }
}

// Operands converted to arrays, and whether every one was a Python int.
struct Prepared {
  std::vector<py::array> arrays;
  bool all_ints = true;
};

bool is_python_int(const py::handle& h) { return PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr()); }

// `accepted` lists the NumPy dtypes an array operand may have; a Python int must lie in
// [0, int_limit] and becomes a 0-d array of `int_dtype`.
Prepared prepare(const std::vector<py::object>& operands, const std::vector<py::dtype>& accepted,
                 const py::dtype& int_dtype, uint64_t int_limit, const std::string& what) {
  static const char* kNames[] = {"a", "b", "c"};
  Prepared p;
  for (size_t i = 0; i < operands.size(); ++i) {
    const py::object& o = operands[i];
    const char* name = kNames[i];
    if (is_python_int(o)) {
      const py::int_ value = py::reinterpret_borrow<py::int_>(o);
      if (value < py::int_(0) || value > py::int_(int_limit))
        throw py::value_error("operand " + std::string(name) + " = " + std::string(py::str(o)) +
                              " does not fit: " + what + " takes values 0 to " +
                              std::to_string(int_limit));
      py::array a(int_dtype, std::vector<ssize_t>{});
      store(static_cast<char*>(a.mutable_data()), static_cast<int>(int_dtype.itemsize()),
            py::cast<uint64_t>(value));
      p.arrays.push_back(a);
      continue;
    }
    if (!py::isinstance<py::array>(o) &&
        !py::isinstance(o, py::module_::import("numpy").attr("generic")))
      throw py::type_error("operand " + std::string(name) + " must be a Python int or a NumPy " +
                           "array, not " + std::string(py::str(o.get_type().attr("__name__"))));
    py::array a = py::array::ensure(o);
    const bool ok = std::any_of(accepted.begin(), accepted.end(), [&](const py::dtype& d) {
      return a.dtype().is(d) || a.dtype().equal(d);
    });
    if (!ok) {
      std::string names;
      for (const auto& d : accepted)
        names +=
            (names.empty() ? "" : " or ") + std::string(py::str(static_cast<const py::handle&>(d)));
      throw py::type_error("operand " + std::string(name) + " has dtype " +
                           std::string(py::str(static_cast<py::handle>(a.dtype()))) + ": " + what +
                           " takes " + names);
    }
    p.arrays.push_back(a);
    p.all_ints = false;
  }
  return p;
}

// The broadcast shape and each operand as a strided view of it (numpy.broadcast_arrays: no copy).
struct Broadcast {
  std::vector<ssize_t> shape;
  std::vector<StridedOperand> operands;
  std::vector<py::array> keep_alive;
  ssize_t size = 1;
};

Broadcast broadcast(const std::vector<py::array>& arrays) {
  Broadcast b;
  py::tuple views =
      py::module_::import("numpy").attr("broadcast_arrays")(*py::tuple(py::cast(arrays)));
  for (const py::handle& h : views) {
    py::array v = py::reinterpret_borrow<py::array>(h);
    if (b.shape.empty() && b.keep_alive.empty()) b.shape.assign(v.shape(), v.shape() + v.ndim());
    StridedOperand s;
    s.data = static_cast<const char*>(v.data());
    s.size = static_cast<int>(v.itemsize());
    s.strides.assign(v.strides(), v.strides() + v.ndim());
    b.operands.push_back(std::move(s));
    b.keep_alive.push_back(v);
  }
  for (ssize_t d : b.shape) b.size *= d;
  return b;
}

// Calls f(index, x0, x1, x2) for every element in C order (missing operands read 0). Runs
// without Python objects, so the caller may release the GIL around it.
template <class F>
void for_each_element(const Broadcast& b, F&& f) {
  const size_t n_ops = b.operands.size();
  const size_t ndim = b.shape.size();
  if (b.size == 0) return;
  if (ndim == 0) {
    uint64_t x[3] = {0, 0, 0};
    for (size_t k = 0; k < n_ops; ++k) x[k] = load(b.operands[k].data, b.operands[k].size);
    f(0, x[0], x[1], x[2]);
    return;
  }
  // The innermost dimension runs in a tight loop; the outer ones by an index counter.
  const ssize_t inner = b.shape[ndim - 1];
  std::array<const char*, 3> base{};
  std::array<ssize_t, 3> step{};
  std::array<int, 3> size{};
  for (size_t k = 0; k < n_ops; ++k) {
    base[k] = b.operands[k].data;
    step[k] = b.operands[k].strides[ndim - 1];
    size[k] = b.operands[k].size;
  }
  std::vector<ssize_t> index(ndim, 0);
  ssize_t out = 0;
  while (true) {
    std::array<const char*, 3> p = base;
    for (size_t d = 0; d + 1 < ndim; ++d)
      for (size_t k = 0; k < n_ops; ++k) p[k] += index[d] * b.operands[k].strides[d];
    for (ssize_t i = 0; i < inner; ++i, ++out) {
      uint64_t x[3] = {0, 0, 0};
      for (size_t k = 0; k < n_ops; ++k) x[k] = load(p[k] + i * step[k], size[k]);
      f(out, x[0], x[1], x[2]);
    }
    size_t d = ndim - 1;
    while (d > 0) {
      --d;
      if (++index[d] < b.shape[d]) break;
      index[d] = 0;
      if (d == 0) return;
    }
    if (ndim == 1) return;
  }
}

// Every operand a contiguous array of one element type and the full shape: the common case of
// a bulk call, run as a plain loop.
template <class T>
bool contiguous_of(const Broadcast& b) {
  for (const auto& o : b.operands) {
    if (o.size != sizeof(T)) return false;
    ssize_t expected = sizeof(T);
    for (size_t d = b.shape.size(); d-- > 0;) {
      if (b.shape[d] != 1 && o.strides[d] != expected) return false;
      expected *= b.shape[d];
    }
  }
  return true;
}

// The fast path: the reference's bulk path over operands that contiguous_of<T> accepted, only
// the `wanted` first ones read (the others are 0): ref::execute_n on 32-bit registers,
// ref::execute_n16 on a scalar form's 16-bit ones (no widening).
template <class T>
void contiguous_bulk(const Uop& u, const Broadcast& b, char* out, int wanted) {
  const T* x[3] = {};
  for (size_t k = 0; k < b.operands.size() && k < 3; ++k)
    x[k] = reinterpret_cast<const T*>(b.operands[k].data);
  T* r = reinterpret_cast<T*>(out);
  const size_t n = static_cast<size_t>(b.size);
  if constexpr (sizeof(T) == 4)
    ref::execute_n(u, x[0], wanted > 1 ? x[1] : nullptr, wanted > 2 ? x[2] : nullptr, r, n);
  else
    ref::execute_n16(u, x[0], wanted > 1 ? x[1] : nullptr, wanted > 2 ? x[2] : nullptr, r, n);
}

py::object finish(py::array result, bool all_ints) {
  if (all_ints) return py::int_(py::cast<uint64_t>(result.attr("item")()));
  if (result.ndim() == 0) return result[py::tuple()];  // a NumPy scalar, as a ufunc gives
  return std::move(result);
}

// ---- Decoding ----------------------------------------------------------------------------------

std::optional<isa::Target> target_of(const std::optional<std::string>& sm,
                                     const std::optional<std::string>& ptx) {
  isa::TargetOption t = isa::parse_target_option(sm.value_or(""), ptx.value_or(""));
  if (!t.ok()) throw py::value_error(t.error);
  return t.target;
}

Uop decode_or_throw(const std::string& form, const std::optional<isa::Target>& target) {
  isa::Decoded d = isa::decode_ptx(form, target);
  if (!d.uop) throw py::value_error(d.error);
  return *d.uop;
}

py::module_ numpy() { return py::module_::import("numpy"); }


// An operand as the caller spelt it, turned into bit patterns for the kernels.
struct Operand {
  py::object bits;        // a Python int or a NumPy array of bit patterns
  bool python_float = false;
  bool float16 = false;   // a float16 array, its bits a uint16 view
  bool pairs = false;     // a packed form's lanes along a trailing axis of 2, now uint32
};

// A Python float for a scalar form: its value in the form's format, exactly, or rounded to nearest
// even when `round` says so.
py::object float_bits(const py::handle& value, const char* name, const Uop& u, bool round) {
  if (u.packed)
    throw py::value_error(std::string("operand ") + name + " is a Python float: a packed form "
                          "takes pairs (a trailing axis of 2) or 32-bit registers");
  const double v = py::cast<double>(value);
  const vectors::ParsedValue parsed = vectors::value_bits(v, u.format);
  if (!parsed.exact && !round)
    throw py::value_error(std::string("operand ") + name + " = " + std::string(py::repr(value)) +
                          " is not exactly " + (u.format == Format::BF16 ? "a bf16" : "an f16") +
                          " value; give round=True to round it to nearest even");
  return py::int_(parsed.bits);
}

// Lanes along a trailing axis of 2 as one 32-bit register each, lane 0 in the low half (S2).
py::array pairs_as_registers(const py::array& a, const char* name) {
  if (a.ndim() == 0 || a.shape(a.ndim() - 1) != 2)
    throw py::value_error(std::string("operand ") + name + " has shape " +
                          std::string(py::str(py::cast(std::vector<ssize_t>(a.shape(), a.shape() + a.ndim())))) +
                          ": a packed form takes 16-bit lanes as pairs along a trailing axis of 2");
  py::array contiguous = numpy().attr("ascontiguousarray")(a);
  py::array bits = contiguous.attr("view")(numpy().attr("uint16")).attr("view")(numpy().attr("uint32"));
  return bits.attr("reshape")(py::tuple(py::cast(std::vector<ssize_t>(a.shape(), a.shape() + a.ndim() - 1))));
}

// `form`: the form as the caller wrote it, quoted, for the messages.
Operand classify(const py::object& o, const char* name, const Uop& u, const std::string& form,
                 bool round) {
  Operand r;
  if (is_python_int(o)) {
    r.bits = o;
    return r;
  }
  if (PyFloat_Check(o.ptr())) {
    r.python_float = true;
    r.bits = float_bits(o, name, u, round);
    return r;
  }
  if (!py::isinstance<py::array>(o) && !py::isinstance(o, numpy().attr("generic")))
    throw py::type_error("operand " + std::string(name) + " must be a Python int or float or a " +
                         "NumPy array, not " + std::string(py::str(o.get_type().attr("__name__"))));
  py::array a = py::array::ensure(o);
  const std::string dtype = py::str(static_cast<py::handle>(a.dtype()));
  const bool is_f16 = dtype == "float16", is_u16 = dtype == "uint16", is_u32 = dtype == "uint32";
  if (!is_f16 && !is_u16 && !is_u32)
    throw py::type_error("operand " + std::string(name) + " has dtype " + dtype +
                         ": execute takes float16 (f16 forms), uint16 or uint32");
  if (is_f16 && u.format == Format::BF16)
    throw py::type_error("operand " + std::string(name) + " has dtype float16, but " + form +
                         " is a bf16 form: give bf16 bit patterns (uint16 or uint32), e.g. from "
                         "halfpipe.bf16_from_f32");
  r.float16 = is_f16;
  if (is_f16) a = a.attr("view")(numpy().attr("uint16"));
  if (u.packed && !is_u32) {
    r.pairs = true;
    a = pairs_as_registers(a, name);
  }
  r.bits = a;
  return r;
}

// A packed result in pairs: uint32 registers as 16-bit lanes along a trailing axis of 2.
py::array registers_as_pairs(const py::array& r) {
  std::vector<ssize_t> shape(r.shape(), r.shape() + r.ndim());
  shape.push_back(2);
  py::array contiguous = numpy().attr("ascontiguousarray")(r);
  return contiguous.attr("view")(numpy().attr("uint16")).attr("reshape")(py::tuple(py::cast(shape)));
}

// `out=`: the caller's array, checked against the result's dtype and shape, as bits of `bits_dtype`
// with the broadcast shape (no copy). Raises ValueError for a wrong dtype or shape, an array that
// is not writeable and C-contiguous, or one that overlaps an input other than exactly.
py::array out_as_bits(const py::object& out, const py::dtype& result_dtype,
                      const std::vector<ssize_t>& result_shape, const py::dtype& bits_dtype,
                      const std::vector<ssize_t>& shape, const std::vector<py::object>& inputs) {
  if (!py::isinstance<py::array>(out)) throw py::type_error("out= must be a NumPy array");
  py::array o = py::reinterpret_borrow<py::array>(out);
  const std::vector<ssize_t> got(o.shape(), o.shape() + o.ndim());
  if (!o.dtype().equal(result_dtype) || got != result_shape)
    throw py::value_error("out= has dtype " + std::string(py::str(static_cast<py::handle>(o.dtype()))) +
                          " and shape " + std::string(py::str(py::cast(got))) + "; the result is " +
                          std::string(py::str(static_cast<py::handle>(result_dtype))) + " of shape " +
                          std::string(py::str(py::cast(result_shape))));
  if (!o.writeable() || !(o.flags() & py::array::c_style))
    throw py::value_error("out= must be a writeable C-contiguous array");
  for (const py::object& in : inputs) {
    if (!py::isinstance<py::array>(in)) continue;
    py::array a = py::reinterpret_borrow<py::array>(in);
    const bool same = a.data() == o.data() && a.nbytes() == o.nbytes() &&
                      (a.flags() & py::array::c_style);
    if (!same && py::cast<bool>(numpy().attr("shares_memory")(a, o)))
      throw py::value_error("out= overlaps an operand other than element for element: the "
                            "result would overwrite operands not yet read");
  }
  return o.attr("view")(bits_dtype).attr("reshape")(py::tuple(py::cast(shape)));
}

py::object execute(const std::string& form, py::object a, py::object b, py::object c,
                   const std::optional<std::string>& target,
                   const std::optional<std::string>& ptx, bool round, py::object out) {
  const Uop u = decode_or_throw(form, target_of(target, ptx));
  std::vector<py::object> given;
  for (py::object* o : {&a, &b, &c})
    if (!o->is_none()) given.push_back(*o);
  const int wanted = operand_count(u.op);
  if (static_cast<int>(given.size()) != wanted || (wanted < 3 && !c.is_none()) ||
      (wanted < 2 && !b.is_none()))
    throw py::value_error(
        vectors::operand_count_error(form, wanted, static_cast<int>(given.size())));

  static const char* kNames[] = {"a", "b", "c"};
  std::vector<py::object> operands;
  bool python_floats = false, float16 = false, pairs = false;
  for (size_t i = 0; i < given.size(); ++i) {
    Operand o = classify(given[i], kNames[i], u, "'" + form + "'", round);
    python_floats |= o.python_float;
    float16 |= o.float16;
    pairs |= o.pairs;
    operands.push_back(o.bits);
  }

  const py::dtype u16 = py::dtype::of<uint16_t>(), u32 = py::dtype::of<uint32_t>();
  const std::string what = "'" + form + "'";
  const uint64_t register_mask = vectors::register_mask(u);
  Prepared p =
      u.packed ? prepare(operands, {u32}, u32, register_mask, what + " (packed, 32-bit registers)")
               : prepare(operands, {u16, u32}, u32, register_mask, what + " (16-bit registers)");
  // A scalar form's result is as wide as its widest array operand (uint16 unless one is uint32).
  bool wide = u.packed;
  for (size_t i = 0; i < p.arrays.size(); ++i)
    if (!is_python_int(operands[i]) && p.arrays[i].itemsize() == 4) wide = true;
  if (float16 && !u.packed && wide)
    throw py::type_error("float16 and uint32 operands together: give the registers as uint16 "
                         "bits, or the values as float16");
  Broadcast bc = broadcast(p.arrays);

  // The result's spelling: float16 for float16 in, pairs for pairs in, else the bits' dtype.
  const py::dtype bits_dtype = wide ? u32 : u16;
  std::vector<ssize_t> result_shape = bc.shape;
  if (pairs) result_shape.push_back(2);
  const py::dtype result_dtype =
      float16 ? py::dtype("float16") : pairs ? u16 : bits_dtype;
  py::array result = out.is_none()
                         ? py::array(bits_dtype, bc.shape)
                         : out_as_bits(out, result_dtype, result_shape, bits_dtype, bc.shape, given);
  char* data = static_cast<char*>(result.mutable_data());
  const int out_size = wide ? 4 : 2;
  std::optional<std::pair<ssize_t, uint64_t>> too_wide;  // the first such element, its operand
  {
    py::gil_scoped_release release;
    if (u.packed && contiguous_of<uint32_t>(bc)) {
      contiguous_bulk<uint32_t>(u, bc, data, wanted);
    } else if (!u.packed && !wide && contiguous_of<uint16_t>(bc)) {
      contiguous_bulk<uint16_t>(u, bc, data, wanted);
    } else {
      for_each_element(bc, [&](ssize_t i, uint64_t x0, uint64_t x1, uint64_t x2) {
        if (((x0 | x1 | x2) & ~register_mask) && !too_wide)
          too_wide = {i, !vectors::fits_register(u, x0)   ? x0
                         : !vectors::fits_register(u, x1) ? x1
                                                          : x2};
        store(data + i * out_size, out_size,
              ref::execute(u, static_cast<uint32_t>(x0), static_cast<uint32_t>(x1),
                           static_cast<uint32_t>(x2)));
      });
    }
  }
  if (too_wide)
    throw py::value_error("element " + std::to_string(too_wide->first) + ": " +
                          vectors::too_wide_error(form, u, too_wide->second));
  if (!out.is_none()) return out;
  if (python_floats && p.all_ints)  // Python scalars only, a float among them: a float
    return py::float_(vectors::value_of(static_cast<uint16_t>(py::cast<uint64_t>(result.attr("item")())),
                               u.format));
  if (pairs) result = registers_as_pairs(result);
  if (float16) result = result.attr("view")(numpy().attr("float16"));
  return finish(result, p.all_ints);
}

// ---- bf16 <-> float32 ----------------------------------------------------------------------------

// float32 to bf16 bits, rounded to nearest even: the low 16 bits decide, a tie goes to the even
// neighbour, and a carry out of the significand moves to the next binade or to infinity, which
// is the encoding's order. A NaN keeps its sign and top payload bits and is made quiet, so that
// a payload only in the low bits does not become infinity.
uint16_t bf16_bits_of(uint32_t x) {
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);
  return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

py::object bf16_from_f32(py::object x, bool round) {
  if (PyFloat_Check(x.ptr()) || is_python_int(x)) {
    const vectors::ParsedValue v = vectors::value_bits(py::cast<double>(x), Format::BF16);
    if (!v.exact && !round)
      throw py::value_error(std::string(py::repr(x)) + " is not exactly a bf16 value; give "
                            "round=True to round it to nearest even");
    return py::int_(v.bits);
  }
  py::array a = py::array::ensure(x);
  if (!a || std::string(py::str(static_cast<py::handle>(a.dtype()))) != "float32")
    throw py::type_error("bf16_from_f32 takes a Python float or a float32 array, not " +
                         (a ? "dtype " + std::string(py::str(static_cast<py::handle>(a.dtype())))
                            : std::string(py::str(x.get_type().attr("__name__")))) +
                         " (a float64 array would be rounded twice: convert it yourself)");
  py::array_t<float, py::array::c_style | py::array::forcecast> f32(a);
  py::array_t<uint16_t> bits(std::vector<ssize_t>(a.shape(), a.shape() + a.ndim()));
  const float* in = f32.data();
  uint16_t* out = bits.mutable_data();
  {
    py::gil_scoped_release release;
    for (ssize_t i = 0; i < f32.size(); ++i) {
      uint32_t word;
      std::memcpy(&word, &in[i], 4);
      out[i] = bf16_bits_of(word);
    }
  }
  return finish(bits, false);
}

py::object f32_from_bf16(py::object bits) {
  if (is_python_int(bits)) {
    const py::int_ value = py::reinterpret_borrow<py::int_>(bits);
    if (value < py::int_(0) || value > py::int_(0xFFFF))
      throw py::value_error("bf16 bits " + std::string(py::str(bits)) + " do not fit in 16 bits");
    return py::float_(vectors::value_of(py::cast<uint16_t>(value), Format::BF16));
  }
  py::array a = py::array::ensure(bits);
  if (!a || std::string(py::str(static_cast<py::handle>(a.dtype()))) != "uint16")
    throw py::type_error("f32_from_bf16 takes a Python int or a uint16 array of bf16 bits");
  py::array_t<uint16_t, py::array::c_style | py::array::forcecast> in(a);
  py::array_t<float> values(std::vector<ssize_t>(a.shape(), a.shape() + a.ndim()));
  float* out = values.mutable_data();
  {
    py::gil_scoped_release release;
    for (ssize_t i = 0; i < in.size(); ++i) {  // exact: bf16 is binary32's top half
      const uint32_t word = static_cast<uint32_t>(in.data()[i]) << 16;
      std::memcpy(&out[i], &word, 4);
    }
  }
  return finish(values, false);
}

// ---- vISA MIN_MAX ------------------------------------------------------------------------------

VisaType visa_type_named(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char ch) { return std::tolower(ch); });
  std::string names;
  for (int t = 0; t < kVisaTypeCount; ++t) {
    const auto type = static_cast<VisaType>(t);
    if (traits(type).name == lower) return type;
    names += (t ? ", " : "") + std::string(traits(type).name);
  }
  throw py::value_error("unknown vISA type '" + name + "' (MIN_MAX takes " + names + ")");
}

SourceModifier modifier_named(const std::string& text) {
  for (bool neg : {false, true})
    for (bool abs : {false, true}) {
      const SourceModifier m{neg, abs};
      if (isa::visa::modifier_text(m) == text) return m;
    }
  throw py::value_error("unknown source modifier '" + text +
                        "' (one of '', '-', '(abs)', '-(abs)')");
}

py::object visa_minmax(const std::string& op, const std::string& type_name, py::object src0,
                       py::object src1, bool sat, const std::string& src0_mod,
                       const std::string& src1_mod) {
  VisaMinMax m;
  if (op == "min" || op == "MIN")
    m.max = false;
  else if (op == "max" || op == "MAX")
    m.max = true;
  else
    throw py::value_error("unknown vISA MIN_MAX op '" + op + "' (min or max)");
  m.type = visa_type_named(type_name);
  m.sat = sat;
  m.src0_mod = modifier_named(src0_mod);
  m.src1_mod = modifier_named(src1_mod);
  const int bits = traits(m.type).bits;
  py::dtype dtype = bits == 8    ? py::dtype::of<uint8_t>()
                    : bits == 16 ? py::dtype::of<uint16_t>()
                    : bits == 32 ? py::dtype::of<uint32_t>()
                                 : py::dtype::of<uint64_t>();
  const std::string what = "vISA type " + std::string(traits(m.type).name) + " (" +
                           std::to_string(bits) + "-bit elements)";
  Prepared p = prepare({src0, src1}, {dtype}, dtype, element_mask(bits), what);
  Broadcast bc = broadcast(p.arrays);
  py::array result(dtype, bc.shape);
  char* out = static_cast<char*>(result.mutable_data());
  const int out_size = bits / 8;
  {
    py::gil_scoped_release release;
    for_each_element(bc, [&](ssize_t i, uint64_t x0, uint64_t x1, uint64_t) {
      store(out + i * out_size, out_size, ref::visa_minmax_element(m, x0, x1));
    });
  }
  return finish(result, p.all_ints);
}

// ---- decode ------------------------------------------------------------------------------------

std::string target_text(int sm) { return sm ? "sm_" + std::to_string(sm) : ""; }
std::string ptx_text(int v) {
  return v ? std::to_string(v / 10) + "." + std::to_string(v % 10) : "";
}

py::dict decode(const std::string& form, const std::optional<std::string>& target,
                const std::optional<std::string>& ptx) {
  py::dict d;
  if (const isa::DecodedForm decoded = isa::decode_form(form); decoded.visa) {
    if (target || ptx)
      throw py::value_error("target and ptx apply to PTX forms, not to vISA '" + form + "'");
    if (!decoded.instruction) throw py::value_error(decoded.error);
    const isa::visa::Instruction* i = &*decoded.instruction;
    d["isa"] = "visa";
    d["form"] = decoded.name;
    d["op"] = i->max ? "max" : "min";
    d["type"] = std::string(traits(i->type).name);
    d["sat"] = i->sat;
    d["exec_size"] = i->exec_size;
    d["mask_control"] = isa::visa::mask_control_name(i->mask);
    d["bits"] = traits(i->type).bits;
    return d;
  }
  const Uop u = decode_or_throw(form, target_of(target, ptx));
  const std::string canonical = isa::ptx_form(u);
  d["isa"] = "ptx";
  d["form"] = canonical;
  d["op"] = canonical.substr(0, canonical.find('.'));
  d["type"] = canonical.substr(canonical.rfind('.') + 1);
  d["packed"] = u.packed;
  d["ftz"] = u.ftz;
  d["sat"] = u.sat;
  d["relu"] = u.relu;
  d["oob"] = u.oob;
  d["nan"] = u.nan;
  d["xorsign_abs"] = u.xorsign_abs;
  d["operands"] = operand_count(u.op);
  d["uop"] = encode(u);
  d["lane_mask"] = u.lane_mask;
  const isa::Target least = isa::minimum_target(u);
  d["minimum_target"] = target_text(least.sm);
  d["minimum_ptx"] = ptx_text(least.ptx_version);
  return d;
}

// ---- eval_line ---------------------------------------------------------------------------------

// One `halfpipe eval --batch` line through the command's own evaluator (vectors/batch.h), with
// the command's output text: the result, `error: <message>`, or nothing for a blank or comment
// line (the command prints no line for it).
std::string eval_line(const std::string& line, const std::optional<std::string>& target,
                      const std::optional<std::string>& ptx) {
  if (line.find('\n') != std::string::npos)
    throw py::value_error("eval_line takes one line; this text holds a newline");
  const vectors::Tokens tokens = vectors::tokenize(line);
  if (tokens.empty()) return "";
  std::string out;
  auto evaluate = [&](vectors::BatchEvaluator& evaluator) {
    if (!evaluator.evaluate(line, tokens, out)) out = "error: " + out;
  };
  const std::optional<isa::Target> t = target_of(target, ptx);
  if (!t) {
    // Forms decoded once per spelling across calls, as in one batch; the GIL serialises callers.
    static vectors::BatchEvaluator untargeted;
    evaluate(untargeted);
  } else {
    vectors::BatchEvaluator targeted(t);
    evaluate(targeted);
  }
  return out;
}

}  // namespace
}  // namespace halfpipe::python

PYBIND11_MODULE(halfpipe, m) {
  using namespace halfpipe::python;
  namespace py = pybind11;
  m.doc() =
      "halfpipe: the bit-exact golden reference of the PTX half-precision instructions "
      "and vISA MIN_MAX";
  m.attr("__version__") = HALFPIPE_VERSION;
  m.def("execute", &execute, py::arg("form"), py::arg("a"), py::arg("b") = py::none(),
        py::arg("c") = py::none(), py::kw_only(), py::arg("target") = py::none(),
        py::arg("ptx") = py::none(), py::arg("round") = false, py::arg("out") = py::none(),
        "Executes a PTX form on registers: bit patterns (Python ints, NumPy uint16/uint32 "
        "arrays) or values (float16 arrays for f16 forms; Python floats for scalar forms, exact "
        "unless round=True rounds them to nearest even), broadcast like a ufunc; returns the "
        "same kind. Packed forms take uint32 registers or pairs along a trailing axis of 2. "
        "out= writes into the caller's array. ValueError with the decoder's message for an "
        "unknown or illegal form, a target too old (target='sm_NN', ptx='X.Y'), a wrong operand "
        "count, a value too wide or inexact, or an out= that does not fit; TypeError for a "
        "dtype it does not take.");
  m.def("bf16_from_f32", &bf16_from_f32, py::arg("x"), py::kw_only(), py::arg("round") = true,
        "bf16 bit patterns (uint16) of a float32 array, rounded to nearest even; a NaN stays a "
        "NaN (quiet, its sign and top payload kept). A Python float is rounded from its exact "
        "value; round=False makes an inexact one a ValueError.");
  m.def("f32_from_bf16", &f32_from_bf16, py::arg("bits"),
        "The float32 values of bf16 bit patterns (a uint16 array or a Python int), exactly.");
  m.def("visa_minmax", &visa_minmax, py::arg("op"), py::arg("type"), py::arg("src0"),
        py::arg("src1"), py::kw_only(), py::arg("sat") = false, py::arg("src0_mod") = "",
        py::arg("src1_mod") = "",
        "vISA MIN_MAX per element: op 'min' or 'max', type b ub w uw d ud q uq hf f df, "
        "elements as ints or NumPy arrays of the type's width (uint8/16/32/64), source "
        "modifiers '', '-', '(abs)' or '-(abs)' (S26-S29).");
  m.def("decode", &decode, py::arg("form"), py::arg("target") = py::none(),
        py::arg("ptx") = py::none(),
        "The properties of a PTX form (or of a vISA form head 'MAX.sat (16, M5) hf') as a dict; "
        "ValueError with the decoder's message for a form it rejects.");
  m.def("eval_line", &eval_line, py::arg("line"), py::arg("target") = py::none(),
        py::arg("ptx") = py::none(),
        "One `halfpipe eval --batch` input line, PTX or vISA: exactly the text the command "
        "prints for it (the result, or 'error: <message>'; '' for a blank or comment line). "
        "target/ptx as the command's --target/--ptx.");
  m.def(
      "legal_forms", [] { return halfpipe::isa::legal_ptx_forms(); },
      "Every legal PTX form, canonical spelling.");
}
