"""halfpipe.execute and halfpipe.visa_minmax: ints and NumPy arrays, broadcasting, and results
worked out by hand from IEEE binary16/bfloat16 encodings."""
import threading
import time
import unittest

import numpy as np

import halfpipe


class ExecuteKinds(unittest.TestCase):
    def test_ints_in_int_out(self):
        # 1.0 + 1.0 = 2.0 in binary16: 0x3c00 + 0x3c00 = 0x4000.
        r = halfpipe.execute("add.f16", 0x3C00, 0x3C00)
        self.assertIs(type(r), int)
        self.assertEqual(r, 0x4000)

    def test_fma_relu_bf16x2_packed_lanes(self):
        # Lane 0: 1.0 * 2.0 + 0.5 = 2.5 (bf16 0x4020); lane 1: 1.0 * -2.0 + 0.5 = -1.5, relu -> +0.
        a = 0x3F80_3F80
        b = 0xC000_4000
        c = 0x3F00_3F00
        self.assertEqual(halfpipe.execute("fma.rn.relu.bf16x2", a, b, c), 0x0000_4020)

    def test_uint16_arrays_give_uint16(self):
        a = np.array([0x3C00, 0x4000, 0x7C00], dtype=np.uint16)  # 1, 2, +inf
        b = np.array([0x3C00, 0xC000, 0xFC00], dtype=np.uint16)  # 1, -2, -inf
        r = halfpipe.execute("mul.rn.f16", a, b)
        self.assertEqual(r.dtype, np.uint16)
        # 1, -4 (0xc400), -inf (0xfc00)
        self.assertEqual(r.tolist(), [0x3C00, 0xC400, 0xFC00])

    def test_scalar_form_on_uint32_gives_uint32(self):
        a = np.array([0x3C00], dtype=np.uint32)
        r = halfpipe.execute("neg.f16", a)
        self.assertEqual(r.dtype, np.uint32)
        self.assertEqual(r.tolist(), [0xBC00])

    def test_broadcasting_like_a_ufunc(self):
        a = np.array([[0x3C00], [0x4000]], dtype=np.uint16)  # shape (2, 1): 1, 2
        b = np.array([0x3C00, 0x4000, 0x4200], dtype=np.uint16)  # shape (3,): 1, 2, 3
        r = halfpipe.execute("add.f16", a, b)
        self.assertEqual(r.shape, (2, 3))
        # 1+1=2, 1+2=3, 1+3=4 / 2+1=3, 2+2=4, 2+3=5
        self.assertEqual(r.tolist(), [[0x4000, 0x4200, 0x4400], [0x4200, 0x4400, 0x4500]])
        # an int broadcasts as a 0-d operand
        self.assertEqual(halfpipe.execute("add.f16", b, 0x3C00).tolist(), [0x4000, 0x4200, 0x4400])

    def test_strided_views_and_numpy_scalars(self):
        a = np.array([0x3C00, 0xFFFF, 0x4000, 0xFFFF], dtype=np.uint16)[::2]
        self.assertEqual(halfpipe.execute("abs.f16", a).tolist(), [0x3C00, 0x4000])
        r = halfpipe.execute("abs.f16", np.uint16(0xBC00))
        self.assertIsInstance(r, np.uint16)
        self.assertEqual(int(r), 0x3C00)

    def test_empty_array(self):
        r = halfpipe.execute("add.f16x2", np.zeros(0, np.uint32), np.zeros(0, np.uint32))
        self.assertEqual(r.shape, (0,))

    def test_wrong_dtype_is_a_type_error(self):
        with self.assertRaises(TypeError):
            halfpipe.execute("add.f16", np.array([1.0]), np.array([1.0]))
        # A packed form reads uint16 as lanes in pairs (test_values.Pairs); without a trailing
        # axis of 2 they are no registers.
        with self.assertRaisesRegex(ValueError, "packed form takes 16-bit lanes as pairs"):
            halfpipe.execute("add.f16x2", np.zeros(3, np.uint16), np.zeros(3, np.uint16))


class VisaMinMax(unittest.TestCase):
    def test_hf_max_with_sat_and_modifiers(self):
        # max(-(abs)(-2.0), 0.5) = max(-2, 0.5) = 0.5 (0x3800); .sat keeps 0.5.
        self.assertEqual(halfpipe.visa_minmax("max", "hf", 0xC000, 0x3800, sat=True,
                                              src0_mod="-(abs)"), 0x3800)

    def test_hf_nan_rule_returns_the_other_operand_unchanged(self):
        # S28: one NaN operand returns the other one; two NaNs return src1, no canonicalisation.
        self.assertEqual(halfpipe.visa_minmax("min", "hf", 0x7E01, 0x3C00), 0x3C00)
        self.assertEqual(halfpipe.visa_minmax("min", "hf", 0x7E01, 0x7D02), 0x7D02)

    def test_integer_types_on_arrays(self):
        # B: signed bytes, -1 (0xff) < 1.
        r = halfpipe.visa_minmax("min", "b", np.array([0xFF, 0x05], np.uint8), np.array([0x01], np.uint8))
        self.assertEqual(r.dtype, np.uint8)
        self.assertEqual(r.tolist(), [0xFF, 0x01])
        # UB: unsigned, 255 > 1.
        self.assertEqual(halfpipe.visa_minmax("max", "ub", 0xFF, 0x01), 0xFF)
        # Q: 64-bit signed.
        self.assertEqual(halfpipe.visa_minmax("min", "q", 2**64 - 1, 0), 2**64 - 1)

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "unknown vISA type 'bf'"):
            halfpipe.visa_minmax("max", "bf", 0, 0)
        with self.assertRaisesRegex(ValueError, "unknown source modifier"):
            halfpipe.visa_minmax("max", "hf", 0, 0, src0_mod="abs")
        with self.assertRaisesRegex(ValueError, "min or max"):
            halfpipe.visa_minmax("sel", "hf", 0, 0)
        with self.assertRaisesRegex(ValueError, "does not fit"):
            halfpipe.visa_minmax("max", "ub", 0x100, 0)


class ReleasesTheGil(unittest.TestCase):
    def test_another_thread_runs_during_a_bulk_call(self):
        # A Python thread counts while the main thread is inside one long execute(); with the GIL
        # held for the whole call the counter could not move.
        a = np.full(3_000_000, 0x3C01, dtype=np.uint32)
        ticks = []
        started = threading.Event()
        done = threading.Event()

        def count():
            started.set()
            while not done.is_set():
                ticks.append(time.perf_counter())

        t = threading.Thread(target=count)
        t.start()
        started.wait()
        before = len(ticks)
        begin = time.perf_counter()
        halfpipe.execute("fma.rn.f16x2", a, a, a)
        end = time.perf_counter()
        done.set()
        t.join()
        inside = [x for x in ticks if begin < x < end]
        self.assertGreater(before, 0)
        # With the GIL held, the thread would be starved for the whole call (switch interval 5 ms).
        self.assertGreater(len(inside), 1000, f"{len(inside)} ticks in {end - begin:.3f} s")


if __name__ == "__main__":
    unittest.main()
