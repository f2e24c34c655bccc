"""The search cores as installed: compiled where a compiler was, never stale."""

from __future__ import annotations

import os

import pytest

from graphsearch import cores


def test_the_installed_cores_are_compiled_where_a_compiler_was():
    """CI installs with gcc present, so the cores must be machine code there; its step that
    installs them uncompiled sets GRAPHSEARCH_EXPECT_PURE=1."""
    expected = not os.environ.get("GRAPHSEARCH_EXPECT_PURE")
    assert cores.compiled() == {name: expected for name in cores.CORES}


def test_no_compiled_core_is_older_than_its_source():
    assert cores.stale() == []


def test_a_core_loads_as_python_beside_its_compiled_self():
    for name in cores.CORES:
        pure = cores.uncompiled(name)
        assert pure.COMPILED is False
        assert cores.uncompiled(name) is pure
    with pytest.raises(ValueError, match="not one of the search cores"):
        cores.uncompiled("graphsearch.mayan.rules")


@pytest.mark.parametrize("size", [3, (cores.LAZY_BYTES >> 3) + 5])
def test_lazy_words_are_zero_words_of_their_own(size):
    """Small: an array; large: a private mapping, so that a process forked while a table
    is alive (a pool of workers) writes to its own copy, never to the table it came from."""
    words = cores.lazy_words(size)
    assert len(words) == size and words[0] == words[size - 1] == 0
    assert sum(words[:: max(1, size // 97)]) == 0
    words[size - 1] = (1 << 64) - 1
    assert words[size - 1] == (1 << 64) - 1
    if not hasattr(os, "fork"):
        return
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        words[0] = 7
        os._exit(0 if words[0] == 7 else 1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert words[0] == 0


def test_lazy_words_without_room_is_a_memory_error(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(cores.mmap, "mmap", refuse)
    with pytest.raises(MemoryError, match="no room for"):
        cores.lazy_words(cores.LAZY_BYTES)
