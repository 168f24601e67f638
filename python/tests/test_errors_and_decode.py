"""Errors reach Python as ValueError carrying the decoder's message, the same text
`halfpipe eval --batch` prints after `error: `; and halfpipe.decode's properties."""
import unittest

import numpy as np

import halfpipe
from batch_tool import eval_batch


def command_message(line):
    """What `halfpipe eval --batch` says about `line`, without its `error: ` prefix."""
    out, status = eval_batch([line])
    assert status == 1 and out[0].startswith("error: "), (line, out)
    return out[0][len("error: "):]


class Errors(unittest.TestCase):
    def assert_value_error(self, message, call, *args, **kwargs):
        with self.assertRaises(ValueError) as caught:
            call(*args, **kwargs)
        self.assertEqual(str(caught.exception), message)

    def test_unknown_form(self):
        message = command_message("frob.f16 0 0")
        self.assert_value_error(message, halfpipe.execute, "frob.f16", 0, 0)
        self.assert_value_error(message, halfpipe.decode, "frob.f16")

    def test_illegal_form(self):
        # .sat and .relu never go together (S22).
        message = command_message("add.sat.relu.f16 0 0")
        self.assertIn("relu", message)
        self.assert_value_error(message, halfpipe.execute, "add.sat.relu.f16", 0, 0)
        self.assert_value_error(message, halfpipe.decode, "add.sat.relu.f16")

    def test_target_too_old(self):
        # bf16 add needs sm_90 (S23): sm_80 rejects it, naming the target.
        self.assertEqual(halfpipe.decode("add.bf16")["minimum_target"], "sm_90")
        with self.assertRaisesRegex(ValueError, "sm_90") as caught:
            halfpipe.execute("add.bf16", 0x3F80, 0x3F80, target="sm_80")
        with self.assertRaises(ValueError) as again:
            halfpipe.decode("add.bf16", target="sm_80")
        self.assertEqual(str(caught.exception), str(again.exception))
        # the same target accepts what it supports
        self.assertEqual(halfpipe.execute("add.bf16", 0x3F80, 0x3F80, target="sm_90"), 0x4000)
        with self.assertRaises(ValueError):
            halfpipe.decode("add.f16", target="sm_x")

    def test_wrong_operand_count(self):
        self.assert_value_error(command_message("add.f16 0x3c00"), halfpipe.execute, "add.f16", 0x3C00)
        self.assert_value_error(command_message("fma.rn.f16 1 2"), halfpipe.execute, "fma.rn.f16", 1, 2)
        self.assert_value_error(command_message("neg.f16 1 2"), halfpipe.execute, "neg.f16", 1, 2)

    def test_value_too_wide(self):
        with self.assertRaisesRegex(ValueError, "does not fit"):
            halfpipe.execute("add.f16", 0x10000, 0)
        with self.assertRaisesRegex(ValueError, "does not fit"):
            halfpipe.execute("add.f16", -1, 0)
        # An array element says what the C API says of one operand (capi_test.cpp), after
        # where it sits: one checker serves both doors.
        self.assert_value_error(
            "element 1: operand 0x13c00 is too wide: 'add.f16' takes 16-bit registers",
            halfpipe.execute, "add.f16", np.array([0, 0x13C00], np.uint32),
            np.array([0, 0], np.uint32))

    def test_eval_line_reports_errors_as_text_not_exceptions(self):
        self.assertEqual(halfpipe.eval_line("frob.f16 0 0"), "error: " + command_message("frob.f16 0 0"))
        # a blank or comment line gives no output line, as in the command
        self.assertEqual(halfpipe.eval_line("   # nothing here"), "")
        with self.assertRaisesRegex(ValueError, "one line"):
            halfpipe.eval_line("add.f16 0 0\nadd.f16 0 0")

    def test_eval_line_takes_the_commands_target(self):
        # as `halfpipe eval --batch --target sm_80`: bf16 add needs sm_90 (S23)
        message = halfpipe.eval_line("add.bf16 3f80 3f80", target="sm_80")
        self.assertTrue(message.startswith("error: ") and "sm_90" in message, message)
        self.assertEqual(halfpipe.eval_line("add.bf16 3f80 3f80", target="sm_90"), "0x4000")


class Decode(unittest.TestCase):
    def test_ptx_properties(self):
        d = halfpipe.decode("fma.relu.rn.bf16x2")
        self.assertEqual(d["isa"], "ptx")
        self.assertEqual(d["form"], "fma.rn.relu.bf16x2")
        self.assertEqual((d["op"], d["type"]), ("fma", "bf16x2"))
        self.assertEqual((d["packed"], d["relu"], d["ftz"], d["sat"], d["oob"]), (True, True, False, False, False))
        self.assertEqual(d["operands"], 3)
        self.assertEqual(d["lane_mask"], 0b11)
        # op 3, format 1 in [6:4], packed bit 7, relu bit 10 (model/uop/uop.h)
        self.assertEqual(d["uop"], 0x3 | 0x10 | 0x80 | 0x400)

    def test_visa_form_head(self):
        d = halfpipe.decode("MAX.sat (16, M5) hf")
        self.assertEqual(d["isa"], "visa")
        self.assertEqual((d["op"], d["type"], d["sat"], d["exec_size"], d["mask_control"]),
                         ("max", "hf", True, 16, "M5"))
        self.assertEqual(d["bits"], 16)
        self.assertEqual(halfpipe.decode("MIN (2) df")["bits"], 64)
        with self.assertRaises(ValueError):
            halfpipe.decode("MAX (3) hf")

    def test_legal_forms_are_canonical(self):
        for form in halfpipe.legal_forms():
            self.assertEqual(halfpipe.decode(form)["form"], form)


if __name__ == "__main__":
    unittest.main()
