"""`pip install .` (pyproject.toml): setuptools hands the one extension, the module `halfpipe`, to
CMake. CMake configures the project with -DHALFPIPE_PYTHON_ONLY=ON (the module and the reference,
decoders and vectors under it) for the interpreter pip runs, builds the target halfpipe_python and
the module it writes is copied where setuptools packages it. The version is CMake's project()
version, as halfpipe --version and halfpipe.__version__ give it. Build files go under
build-python/, beside the CMake build trees, never into them.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(halfpipe VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        tree = Path(self.build_temp).resolve() / "cmake"
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(tree), "-DHALFPIPE_PYTHON_ONLY=ON",
                        "-DCMAKE_BUILD_TYPE=Release", f"-DPython3_EXECUTABLE={sys.executable}"],
                       check=True)
        subprocess.run(["cmake", "--build", str(tree), "--target", "halfpipe_python",
                        "-j", str(os.cpu_count() or 1)], check=True)
        built = sorted((tree / "python" / "module").glob("halfpipe*.so"))
        if not built:
            raise RuntimeError(f"CMake wrote no module under {tree / 'python' / 'module'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=project_version(),
    packages=[],  # the one extension module, no Python package (the tree holds none)
    py_modules=[],
    ext_modules=[Extension("halfpipe", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(ROOT / "build-python")},
             "egg_info": {"egg_base": str(ROOT / "build-python")}},
)
