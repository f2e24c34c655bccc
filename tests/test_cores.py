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
