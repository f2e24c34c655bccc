"""Write a networkx graph to a file whose suffix names the format."""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["FORMATS", "ExportError", "write_graph"]

FORMATS = (".graphml", ".gexf", ".json", ".dot")


class ExportError(ValueError):
    """The graph cannot be written as asked (unknown suffix, missing optional package)."""


def write_graph(graph, path: str | Path) -> None:
    """``.graphml``, ``.gexf``, ``.json`` (networkx node-link) or ``.dot`` (needs pydot).

    The file is written whole or not at all: a temporary file is renamed into place.
    """
    import networkx as nx

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ExportError(
            f"{path}: unknown format {suffix or '(no suffix)'!r}; use one of {', '.join(FORMATS)}"
        )
    if suffix == ".dot":
        try:
            import pydot  # noqa: F401
        except ImportError:
            raise ExportError(
                "writing .dot needs pydot: pip install 'graphsearch[dot]' (or pip install pydot)"
            ) from None
    partial = path.with_name(path.name + ".partial")
    try:
        if suffix == ".graphml":
            nx.write_graphml(graph, partial)
        elif suffix == ".gexf":
            nx.write_gexf(graph, partial)
        elif suffix == ".json":
            partial.write_text(json.dumps(nx.node_link_data(graph), ensure_ascii=False))
        else:
            nx.nx_pydot.write_dot(graph, partial)
        partial.replace(path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise ExportError(f"{path}: cannot write: {exc.strerror or exc}") from None
