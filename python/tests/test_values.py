"""halfpipe.execute with values (NumPy float16, Python floats, lanes in pairs), out=, the bf16
helpers and __version__: each expected value worked out by hand from the IEEE encodings."""
import os
import subprocess
import unittest

import numpy as np

import halfpipe


class Float16Values(unittest.TestCase):
    def test_float16_in_float16_out(self):
        # 1.5 + 0.25 = 1.75; 2 + -3 = -1; 65504 + 65504 overflows to +inf (RN).
        r = halfpipe.execute("add.rn.f16", np.float16([1.5, 2, 65504]), np.float16([0.25, -3, 65504]))
        self.assertEqual(r.dtype, np.float16)
        self.assertEqual(r.tolist(), [1.75, -1.0, float("inf")])

    def test_float16_bits_are_the_registers(self):
        # The same operation on the float16's bits as uint16 gives the same bits.
        a = np.float16([0.1, -7.25, 6e-8])
        b = np.float16([3.0, 0.5, 6e-8])
        bits = halfpipe.execute("mul.rn.f16", a.view(np.uint16), b.view(np.uint16))
        self.assertEqual(halfpipe.execute("mul.rn.f16", a, b).view(np.uint16).tolist(), bits.tolist())

    def test_nan_result_is_the_canonical_nan(self):
        # inf - inf is NaN, canonical 0x7fff (S10) also when read as float16.
        r = halfpipe.execute("sub.rn.f16", np.float16([np.inf]), np.float16([np.inf]))
        self.assertEqual(r.view(np.uint16).tolist(), [0x7FFF])

    def test_bf16_forms_refuse_float16(self):
        with self.assertRaisesRegex(TypeError, r"operand a has dtype float16, but 'add.rn.bf16' is a bf16 form"):
            halfpipe.execute("add.rn.bf16", np.float16([1]), np.uint16([0x3F80]))

    def test_other_dtypes_are_type_errors_naming_the_operand(self):
        with self.assertRaisesRegex(TypeError, r"operand b has dtype float32: execute takes float16"):
            halfpipe.execute("add.rn.f16", np.float16([1]), np.float32([1]))
        with self.assertRaisesRegex(TypeError, r"operand a has dtype int64"):
            halfpipe.execute("neg.f16", np.array([1]))


class PythonFloats(unittest.TestCase):
    def test_floats_in_float_out(self):
        r = halfpipe.execute("add.rn.f16", 1.5, 0.25)
        self.assertIs(type(r), float)
        self.assertEqual(r, 1.75)
        # bf16: 1.5 * 3 = 4.5 (0x4090), exact in bf16.
        self.assertEqual(halfpipe.execute("mul.rn.bf16", 1.5, 3.0), 4.5)
        # A float beside an int register: the int is bits (0x3c00 = 1.0).
        self.assertEqual(halfpipe.execute("add.rn.f16", 0.5, 0x3C00), 1.5)

    def test_an_inexact_float_is_refused_unless_round(self):
        with self.assertRaisesRegex(ValueError, r"operand a = 0.1 is not exactly an f16 value; give round=True"):
            halfpipe.execute("add.rn.f16", 0.1, 1.0)
        # 0.1 rounds to 0x2e66 = 1638/16384; plus 1 is 1 + 102/1024 exactly on the grid after
        # rounding: 1.099609375 (0x3c66).
        self.assertEqual(halfpipe.execute("add.rn.f16", 0.1, 1.0, round=True), 1.099609375)
        # A tie rounds to even: 1 + 2^-11 lies between 1 and 1 + 2^-10; even is 1.
        self.assertEqual(halfpipe.execute("abs.f16", 1 + 2.0**-11, round=True), 1.0)
        # 1 + 3 * 2^-11 lies between 1 + 2^-10 and 1 + 2^-9; even is 1 + 2^-9.
        self.assertEqual(halfpipe.execute("abs.f16", 1 + 3 * 2.0**-11, round=True), 1 + 2.0**-9)

    def test_packed_forms_take_no_python_float(self):
        with self.assertRaisesRegex(ValueError, r"a packed form takes pairs"):
            halfpipe.execute("add.rn.f16x2", 1.0, 1.0)


class Pairs(unittest.TestCase):
    def test_pairs_along_a_trailing_axis_are_lanes(self):
        # Lane 0 is the register's low half (S2): [1, 2] is 0x4000_3c00.
        a = np.float16([[1, 2], [3, 4]])
        b = np.float16([[0.5, 0.5], [-3, 4]])
        r = halfpipe.execute("add.rn.f16x2", a, b)
        self.assertEqual(r.dtype, np.float16)
        self.assertEqual(r.shape, (2, 2))
        self.assertEqual(r.tolist(), [[1.5, 2.5], [0.0, 8.0]])
        registers = halfpipe.execute("add.rn.f16x2", np.uint32([0x4000_3C00]), np.uint32([0x3800_3800]))
        self.assertEqual(registers.tolist(), [0x4100_3E00])  # 2.5, 1.5

    def test_uint16_pairs_give_uint16_pairs(self):
        # bf16x2: [1, -2] * [2, 2] = [2, -4] = [0x4000, 0xc080].
        r = halfpipe.execute("mul.rn.bf16x2", np.uint16([0x3F80, 0xC000]), np.uint16([0x4000, 0x4000]))
        self.assertEqual(r.dtype, np.uint16)
        self.assertEqual(r.tolist(), [0x4000, 0xC080])

    def test_pairs_need_a_trailing_axis_of_two(self):
        with self.assertRaisesRegex(ValueError, r"operand a has shape \[3\]: a packed form takes 16-bit lanes as pairs"):
            halfpipe.execute("neg.f16x2", np.float16([1, 2, 3]))


class Out(unittest.TestCase):
    def test_out_is_written_and_returned(self):
        a = np.float16([1, 2, 3])
        out = np.empty(3, np.float16)
        r = halfpipe.execute("neg.f16", a, out=out)
        self.assertIs(r, out)
        self.assertEqual(out.tolist(), [-1.0, -2.0, -3.0])

    def test_out_may_be_an_operand_element_for_element(self):
        a = np.uint16(np.arange(0x3C00, 0x3C00 + 1000))
        expected = halfpipe.execute("add.rn.f16", a, a)
        halfpipe.execute("add.rn.f16", a, a, out=a)
        self.assertEqual(a.tolist(), expected.tolist())

    def test_bad_outs_are_value_errors(self):
        a = np.float16([1, 2, 3, 4])
        with self.assertRaisesRegex(ValueError, r"out= has dtype uint16 and shape \[4\]; the result is float16 of shape \[4\]"):
            halfpipe.execute("neg.f16", a, out=np.zeros(4, np.uint16))
        with self.assertRaisesRegex(ValueError, r"shape \[3\]"):
            halfpipe.execute("neg.f16", a, out=np.zeros(3, np.float16))
        with self.assertRaisesRegex(ValueError, r"overlaps an operand"):
            halfpipe.execute("neg.f16", a[:3], out=a[1:])
        with self.assertRaisesRegex(ValueError, r"writeable C-contiguous"):
            halfpipe.execute("neg.f16", a[:2], out=np.zeros(4, np.float16)[::2])


class Bf16Helpers(unittest.TestCase):
    def test_round_to_nearest_even(self):
        x = np.float32([1.0, 1 + 2.0**-8, 1 + 3 * 2.0**-8, 1 + 2.0**-8 + 2.0**-20, -0.0, 2.0**-130,
                        3.4e38, -np.inf])
        # 1 = 0x3f80; the tie 1 + 2^-8 goes to even 0x3f80, 1 + 3*2^-8 up to even 0x3f82; just
        # above the tie rounds up, 0x3f81; -0 = 0x8000; 2^-130 is the bf16 subnormal 0x0008;
        # 3.4e38 is past the midpoint of 0x7f7f and 2^128: +inf 0x7f80; -inf 0xff80.
        self.assertEqual(halfpipe.bf16_from_f32(x).tolist(),
                         [0x3F80, 0x3F80, 0x3F82, 0x3F81, 0x8000, 0x0008, 0x7F80, 0xFF80])

    def test_nan_stays_nan(self):
        # A NaN whose payload lies only in the low 16 bits must not become infinity.
        low_payload = np.uint32([0x7F800001, 0xFFC00000]).view(np.float32)
        bits = halfpipe.bf16_from_f32(low_payload)
        self.assertTrue(np.isnan(halfpipe.f32_from_bf16(bits)).all())
        self.assertEqual(bits.tolist()[1] & 0x8000, 0x8000)  # the sign kept

    def test_f32_from_bf16_is_exact(self):
        self.assertEqual(halfpipe.f32_from_bf16(np.uint16([0x3F80, 0xC000, 0x0001])).tolist(),
                         [1.0, -2.0, 2.0**-133])
        self.assertEqual(halfpipe.f32_from_bf16(0x4090), 4.5)

    def test_python_floats_and_bad_kinds(self):
        self.assertEqual(halfpipe.bf16_from_f32(1.5), 0x3FC0)
        with self.assertRaisesRegex(ValueError, r"not exactly a bf16 value"):
            halfpipe.bf16_from_f32(0.1, round=False)
        with self.assertRaisesRegex(TypeError, r"float64 array would be rounded twice"):
            halfpipe.bf16_from_f32(np.float64([1.0]))


class Version(unittest.TestCase):
    def test_version_is_the_commands(self):
        command = subprocess.run([os.environ["HALFPIPE"], "--version"], capture_output=True,
                                 text=True, check=True).stdout.split()
        self.assertEqual(halfpipe.__version__, command[1])


if __name__ == "__main__":
    unittest.main()
