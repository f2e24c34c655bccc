"""Loading the numba-compiled cores so that loading them never breaks a run.

A core (``graphsearch.mayan.compiled``, ``graphsearch.llk.compiled``) is compiled the first
time it runs and its machine code kept in numba's cache.  ``load_core`` makes sure that:

* the cache has a writable home: beside the package when that is writable, else a folder
  of this user's or a temporary one (``NUMBA_CACHE_DIR``), so a read-only install works;
* a damaged cache file is emptied and the core compiled again, rather than failing every
  later run;
* compiling keeps the caller's time limit: the core is warmed up (compiled, or read from
  the cache) in a thread, while the caller searches on in Python (``start_loading``,
  ``core_ready``) or waits on its deadline (``load_core``); a process that ends while the
  core still compiles leaves the compiling to a detached process of its own, so that the
  next run finds the core in the cache;
* where the core cannot run (no numba, ``NUMBA_DISABLE_JIT`` set, which would run it as
  slow Python, or any failure to compile) the caller is told so and searches in Python:
  slower, the same answers.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType

from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout

__all__ = [
    "any_loaded",
    "compile_on_after_exit",
    "core_ready",
    "hand_over_due",
    "jit_available",
    "load_core",
    "start_loading",
]

_loading: dict[str, _Loading] = {}
_lock = threading.Lock()


def jit_available() -> bool:
    """Whether numba is installed and its compiler is on."""
    if importlib.util.find_spec("numba") is None:
        return False
    return os.environ.get("NUMBA_DISABLE_JIT", "0").strip() in ("", "0")


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _choose_cache_dir() -> None:
    """Point numba at a writable cache folder when the package's own is not writable."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    if all(_writable(here / sub / "__pycache__") for sub in ("mayan", "llk")):
        return
    for folder in (
        Path.home() / ".cache" / "graphsearch" / "numba",
        Path(tempfile.gettempdir()) / f"graphsearch-numba-{os.getuid()}",
    ):
        if _writable(folder):
            os.environ["NUMBA_CACHE_DIR"] = str(folder)
            if "numba" in sys.modules:
                from numba.core import config

                config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
            return


def _warm(name: str) -> ModuleType | None:
    """Import the core and run its ``warm_up`` (compiling it, or reading numba's cache);
    a damaged cache is emptied and the warm-up tried once more; None when it fails."""
    try:
        _choose_cache_dir()
        module = importlib.import_module(name)
    except Exception:  # no cache location, a broken numba: search in Python instead
        return None
    for attempt in range(2):
        try:
            module.warm_up()
            return module
        except Exception:
            if attempt == 0:
                _flush_caches(module)
    return None


def _flush_caches(module: ModuleType) -> None:
    """Empty the cache index of every compiled function of the module."""
    for value in vars(module).values():
        cache = getattr(value, "_cache", None)
        flush = getattr(cache, "flush", None)
        if callable(flush):
            with contextlib.suppress(Exception):  # a cache it cannot write stays as it is
                flush()


class _Loading:
    """One core being loaded in a thread of its own."""

    def __init__(self, name: str) -> None:
        self.result: list[ModuleType | None] = []
        self.thread = threading.Thread(
            target=lambda: self.result.append(_warm(name)), name=f"load {name}", daemon=True
        )
        self.thread.start()


def start_loading(name: str) -> None:
    """Start loading the core in the background, if it is not loading or loaded."""
    with _lock:
        if name not in _loading:
            if not _loading:
                atexit.register(compile_on_after_exit)
            _loading[name] = _Loading(name)


def compile_on_after_exit() -> None:
    """At exit, a core still compiling is handed to a process of its own that outlives
    this one, so that the next run finds it in numba's cache (a run that ends before the
    compiler does would otherwise never fill the cache)."""
    for name, loading in list(_loading.items()):
        if not loading.thread.is_alive():
            continue
        mark = _compiling_mark(name)
        with contextlib.suppress(OSError):
            if time.time() - mark.stat().st_mtime < COMPILE_SECONDS:
                continue  # another process is compiling it: one at a time
        with contextlib.suppress(OSError):
            mark.touch()
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    f"from graphsearch._jit import _compile; _compile({name!r})",
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )


# How long a detached compiling process is taken to be at work (its mark file's age).
COMPILE_SECONDS = 300


def _compiling_mark(name: str) -> Path:
    """The file that says a detached process is compiling the core."""
    return Path(tempfile.gettempdir()) / f"graphsearch-compiling-{os.getuid()}-{name}"


def _compile(name: str) -> None:
    """The detached process's work: load the core (filling numba's cache), then say so."""
    try:
        _warm(name)
    finally:
        _compiling_mark(name).unlink(missing_ok=True)


def any_loaded() -> bool:
    """Whether this process has started loading a core: its exit then waits on numba's
    teardown (up to most of a second), which a command line may skip."""
    return bool(_loading)


def core_ready(name: str, wait: float = 0.0) -> bool:
    """Whether the core's loading has ended (``load_core`` then answers at once), after
    waiting for it at most ``wait`` seconds: reading a core from the cache takes about
    half a second, which is best spent waiting (a search beside it slows it down)."""
    with _lock:
        loading = _loading.get(name)
    if loading is None:
        return False
    if wait > 0:
        loading.thread.join(wait)
    return not loading.thread.is_alive()


# Seconds a Python search waits for its core when it starts loading it: reading the core
# from the cache takes about half a second, best spent waiting (a search beside it slows
# it down); a core that compiles (half a minute) is waited for beside the search.
LOAD_WAIT = 1.5


def hand_over_due(name: str, nodes: int, at: int | None, every: int, deadline: Deadline) -> bool:
    """For a Python search at ``nodes`` positions that hands over to the core ``name`` from
    ``at`` positions on: whether the core is ready to take over now.  It starts loading at
    ``at`` (waiting up to ``LOAD_WAIT``) and is asked about again every ``every``
    positions."""
    if at is None or nodes < at:
        return False
    wait = 0.0
    if nodes == at:
        start_loading(name)
        wait = min(LOAD_WAIT, deadline.left() or LOAD_WAIT)
    return bool(wait or nodes % every == 0) and core_ready(name, wait)


def load_core(name: str, deadline: Deadline) -> ModuleType | None:
    """The compiled core ``name``, warmed up, or None when it cannot run here (search in
    Python then).  Raises SearchTimeout when the deadline passes while it compiles (the
    loading goes on in the background)."""
    if not jit_available():
        return None
    start_loading(name)
    loading = _loading[name]
    while loading.thread.is_alive():
        left = deadline.left()
        loading.thread.join(None if left is None else min(left, 0.05))
        if loading.thread.is_alive() and deadline.passed():
            raise SearchTimeout("the compiled core was still compiling")
    return loading.result[0] if loading.result else None
