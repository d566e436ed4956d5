"""pip install --no-build-isolation .  (or python3 setup.py build_ext --inplace)

Builds the Python module grundy._core with CMake from Debian's pybind11 and numpy; nothing is
downloaded. GRUNDY_BUILD_DIR reuses an existing CMake build tree (e.g. build/release), where only
the module is linked again.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
VERSION = re.search(r"project\(grundy VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        out = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        build = Path(os.environ.get("GRUNDY_BUILD_DIR") or Path(self.build_temp).resolve() / "cmake")
        if not (build / "CMakeCache.txt").exists():
            subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                                   "-DCMAKE_BUILD_TYPE=Release", "-DGRUNDY_BUILD_TESTS=OFF",
                                   "-DGRUNDY_BUILD_BENCH=OFF", "-DGRUNDY_PYTHON=ON",
                                   f"-DPython3_EXECUTABLE={sys.executable}"])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "_core", "-j",
                               os.environ.get("GRUNDY_JOBS", "2")])
        built = next((build / "python" / "grundy").glob("_core*.so"))
        out.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), self.get_ext_fullpath(ext.name))


setup(
    name="grundy",
    version=VERSION,
    description="Sprague-Grundy values of impartial games: tables, P-positions, periods, formulas",
    license="MIT",
    python_requires=">=3.9",
    install_requires=["numpy"],
    packages=["grundy"],
    package_dir={"": "python"},
    package_data={"grundy": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("grundy._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
