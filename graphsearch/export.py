"""Write a networkx graph to a file whose suffix names the format."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from graphsearch.errors import InvalidInputError
from graphsearch.files import write_atomically

if TYPE_CHECKING:
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

__all__ = ["FORMATS", "ExportError", "write_graph"]

FORMATS = (".graphml", ".gexf", ".json", ".dot")


class ExportError(InvalidInputError):
    """The graph cannot be written as asked (unknown suffix, missing optional package)."""


def write_graph(graph: nx.Graph[Any], path: str | Path) -> None:
    """``.graphml``, ``.gexf``, ``.json`` (networkx node-link) or ``.dot`` (needs pydot).

    The file is written whole or not at all: a temporary file of this call's own is renamed
    into place, and removed on any failure or interrupt.
    """
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ExportError(
            f"{path}: unknown format {suffix or '(no suffix)'!r}; use one of {', '.join(FORMATS)}"
        )
    if suffix == ".dot" and find_spec("pydot") is None:
        raise ExportError(
            "writing .dot needs pydot: pip install 'graphsearch[dot]' (or pip install pydot)"
        )

    def write(partial: Path) -> None:
        if suffix == ".graphml":
            nx.write_graphml(graph, partial)
        elif suffix == ".gexf":
            nx.write_gexf(graph, partial)
        elif suffix == ".json":
            partial.write_text(json.dumps(nx.node_link_data(graph), ensure_ascii=False))
        else:
            nx.nx_pydot.write_dot(graph, partial)

    try:
        write_atomically(path, write)
    except OSError as exc:
        raise ExportError(f"{path}: cannot write: {exc.strerror or exc}") from None
