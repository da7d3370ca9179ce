"""pip install . : builds the extension sudoku_count._core with CMake (the
same tree as the command-line tool: Debian's g++, cmake, Boost, pcg-cpp,
nlohmann-json, pybind11 and numpy) and installs it with the package in
python/sudoku_count. Works offline with `pip install --no-build-isolation
--no-index .`.

SUDOKU_COUNT_CMAKE_BUILD_DIR=DIR reuses a tree already configured with
-DSUDOKU_COUNT_PYTHON=ON for this interpreter instead of configuring one
under the setuptools build folder."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent


def version():
    """The version, set once in CMakeLists.txt's project()."""
    text = (SOURCE / "CMakeLists.txt").read_text()
    return re.search(r"project\(sudoku_count VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        tree = os.environ.get("SUDOKU_COUNT_CMAKE_BUILD_DIR")
        if tree:
            tree = pathlib.Path(tree).resolve()
        else:
            tree = pathlib.Path(self.build_temp).resolve() / "cmake"
            subprocess.check_call(["cmake", "-S", str(SOURCE), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                                   f"-DPython3_EXECUTABLE={sys.executable}", "-DSUDOKU_COUNT_PYTHON=ON",
                                   "-DSUDOKU_COUNT_BUILD_TESTS=OFF", "-DSUDOKU_COUNT_BUILD_BENCHMARKS=OFF",
                                   "-DSUDOKU_COUNT_DOCS=OFF"])
        subprocess.check_call(["cmake", "--build", str(tree), "--target", "sudoku_count_python", "-j",
                               str(os.cpu_count() or 1)])
        built = sorted((tree / "python" / "sudoku_count").glob("_core*.so"))
        if not built:
            raise RuntimeError(f"no extension _core*.so in {tree}/python/sudoku_count")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], target)


setup(
    name="sudoku_count",
    version=version(),
    description="Count, estimate, sample and solve completed Sudoku grids",
    license="MIT",
    python_requires=">=3.9",
    install_requires=["numpy"],
    package_dir={"": "python"},
    packages=["sudoku_count"],
    ext_modules=[Extension("sudoku_count._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
