"""Runs the built `halfpipe eval --batch` (its path in $HALFPIPE, set by CTest)."""
import os
import subprocess


def halfpipe_binary():
    path = os.environ.get("HALFPIPE")
    if not path:
        raise RuntimeError("HALFPIPE is not set: run these tests through ctest, which points it "
                           "at the built halfpipe command")
    return path


def eval_batch(lines):
    """The output lines `halfpipe eval --batch` prints for `lines`, and its exit status."""
    run = subprocess.run([halfpipe_binary(), "eval", "--batch"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, env=dict(os.environ, SC_COPYRIGHT_MESSAGE="DISABLE"))
    return run.stdout.splitlines(), run.returncode
