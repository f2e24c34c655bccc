"""The search cores: which of them run as machine code here, and their plain-Python twins.

A core is a module in Cython's pure-Python mode, compiled when the package is installed
(``setup.py``).  Where it was not compiled (no C compiler, or ``GRAPHSEARCH_PURE=1`` at
install) the same file runs as Python: slower, the same answers.  ``uncompiled`` loads a
core's source as Python even where it was compiled, which is how the tests check that the
two ways agree.
"""

from __future__ import annotations

import importlib
import importlib.util
import mmap
import os.path
import sys
from array import array
from types import ModuleType

__all__ = ["CORES", "compiled", "lazy_words", "stale", "uncompiled", "zeros"]

CORES = ("graphsearch.llk.core", "graphsearch.mayan.core")


def zeros(code: str, size: int) -> array:  # type: ignore[type-arg]
    """A zero-filled ``array.array`` of ``size`` items (at least one) of type ``code``: the
    cores' buffers, which the compiled code reads as typed memoryviews."""
    return array(code, bytes(max(size, 1) * array(code).itemsize))


# A buffer of at least this many bytes is mapped, not filled (``lazy_words``).
LAZY_BYTES = 1 << 20


def lazy_words(size: int) -> memoryview | array:  # type: ignore[type-arg]
    """``size`` zero words (unsigned, 64 bits), as ``zeros("Q", size)``, but from a
    large size on a private anonymous mapping, whose pages the system zeroes when they are
    first written: a search's table grows without being written whole (twice, as
    ``zeros`` would) while its thread holds the GIL; the core writes each page once without
    it (``DeadPositions._fresh``).  Private, so that a process forked while a table lives
    writes to its own copy."""
    if size * 8 < LAZY_BYTES:
        return zeros("Q", size)
    private = {"flags": mmap.MAP_PRIVATE} if hasattr(mmap, "MAP_PRIVATE") else {}
    try:
        pages = mmap.mmap(-1, size * 8, **private)
    except OSError as exc:  # as ``zeros`` would fail
        raise MemoryError(f"no room for {size * 8} bytes: {exc}") from exc
    return memoryview(pages).cast("Q")


def compiled() -> dict[str, bool]:
    """For each core, whether it runs as machine code."""
    return {name: bool(importlib.import_module(name).COMPILED) for name in CORES}


def stale() -> list[str]:
    """The compiled cores whose source changed after they were compiled (in a checkout
    installed with ``pip install -e``, which compiles once: run it again, or
    ``python setup.py build_ext --inplace``)."""
    out = []
    for name in CORES:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None or spec.origin.endswith(".py"):
            continue
        source = _source(spec.origin, name)
        if os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(spec.origin):
            out.append(name)
    return out


def uncompiled(name: str) -> ModuleType:
    """The core ``name`` loaded from its Python source, as a module of its own."""
    if name not in CORES:
        raise ValueError(f"{name} is not one of the search cores")
    alias = f"_graphsearch_pure_{name.rsplit('.', 2)[-2]}"
    loaded = sys.modules.get(alias)
    if loaded is not None:
        return loaded
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ImportError(f"no module {name}")
    source = _source(spec.origin, name)
    pure = importlib.util.spec_from_file_location(alias, source)
    if pure is None or pure.loader is None:
        raise ImportError(f"cannot load {source}")
    module = importlib.util.module_from_spec(pure)
    sys.modules[alias] = module  # cython.cclass's dataclass-like classes look it up
    pure.loader.exec_module(module)
    return module


def _source(origin: str, name: str) -> str:
    """The Python source beside the file a core was loaded from (``os.path``, not
    ``pathlib``: importing pathlib costs ``solve`` some 4 ms of its start-up)."""
    return os.path.join(os.path.dirname(origin), name.rsplit(".", 1)[-1] + ".py")
