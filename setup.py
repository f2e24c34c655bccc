"""Builds the search cores (Cython in pure-Python mode) when a C compiler is there.

Without a compiler, or with GRAPHSEARCH_PURE=1 set, the install still succeeds and the same
files run as plain Python: slower, the same answers.
"""

import os

from setuptools import setup
from setuptools.command.build_ext import build_ext

CORES = ["graphsearch/mayan/core.py", "graphsearch/llk/core.py"]
DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "legacy_implicit_noexcept": True,
}


class OptionalBuildExt(build_ext):
    """Compiles what it can; a core that does not compile stays plain Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all
            print(f"graphsearch: the search cores stay plain Python ({error})")

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"graphsearch: {ext.name} stays plain Python ({error})")


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("GRAPHSEARCH_PURE"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    return cythonize(CORES, compiler_directives=DIRECTIVES, quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
