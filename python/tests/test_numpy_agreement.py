"""halfpipe.execute against NumPy's float16 arithmetic, an independent implementation of IEEE
binary16 round-to-nearest-even.

NumPy computes a float16 add, sub or mul by converting both operands to float32, operating in
float32 and rounding the float32 result to float16. That double rounding is exact here: the
float32 operation is itself correctly rounded, and rounding a correctly rounded p'-bit result of
+, -, * to p bits gives the correctly rounded p-bit result whenever p' >= 2p + 2 (Figueroa,
"When is double rounding innocuous?", 1995); for float32 and float16 that is 24 >= 2 * 11 + 2.
float32's exponent range holds every float16 sum and product without overflow or underflow
(the smallest product, 2^-24 * 2^-24 = 2^-48, is a float32 normal), so the theorem's premise
holds, and the float16 subnormal range only lowers the precision of the second rounding.

So on every result that is not a NaN the two must agree bit for bit (signs of zeros included).
NaN results are compared by class only: halfpipe returns the canonical NaN 0x7fff (S10), NumPy
propagates payloads.
"""
import unittest

import numpy as np

import halfpipe

PAIRS = 1_000_000


def is_nan(bits):
    return ((bits & 0x7C00) == 0x7C00) & ((bits & 0x03FF) != 0)


class NumpyFloat16Agreement(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rng = np.random.default_rng(20240611)
        cls.a = rng.integers(0, 1 << 16, PAIRS, dtype=np.uint16)
        cls.b = rng.integers(0, 1 << 16, PAIRS, dtype=np.uint16)

    def check(self, form, numpy_op):
        got = halfpipe.execute(form, self.a, self.b)
        with np.errstate(all="ignore"):
            want = numpy_op(self.a.view(np.float16), self.b.view(np.float16)).view(np.uint16)
        want_nan = is_nan(want)
        compared = ~want_nan
        mismatch = np.nonzero(compared & (got != want))[0]
        if mismatch.size:
            i = mismatch[0]
            self.fail(f"{form} 0x{self.a[i]:04x} 0x{self.b[i]:04x}: halfpipe 0x{got[i]:04x}, "
                      f"numpy 0x{want[i]:04x} ({mismatch.size} mismatches)")
        # Where NumPy gives a NaN, halfpipe gives its one canonical NaN (S10).
        self.assertTrue(np.all(got[want_nan] == 0x7FFF))
        # Most of the million results are numbers, so the comparison above is not vacuous.
        self.assertGreater(int(compared.sum()), PAIRS * 9 // 10)

    def test_add_rn_f16(self):
        self.check("add.rn.f16", np.add)

    def test_sub_rn_f16(self):
        self.check("sub.rn.f16", np.subtract)

    def test_mul_rn_f16(self):
        self.check("mul.rn.f16", np.multiply)

    def test_packed_lanes_are_the_scalar_form_twice(self):
        # S2: lane 0 in [15:0], lane 1 in [31:16], each computed as the scalar form.
        a32 = self.a[:1000].astype(np.uint32) | (self.b[:1000].astype(np.uint32) << 16)
        b32 = self.b[1000:2000].astype(np.uint32) | (self.a[1000:2000].astype(np.uint32) << 16)
        got = halfpipe.execute("mul.rn.f16x2", a32, b32)
        lane0 = halfpipe.execute("mul.rn.f16", (a32 & 0xFFFF).astype(np.uint16), (b32 & 0xFFFF).astype(np.uint16))
        lane1 = halfpipe.execute("mul.rn.f16", (a32 >> 16).astype(np.uint16), (b32 >> 16).astype(np.uint16))
        self.assertTrue(np.array_equal(got, lane0.astype(np.uint32) | (lane1.astype(np.uint32) << 16)))


if __name__ == "__main__":
    unittest.main()
