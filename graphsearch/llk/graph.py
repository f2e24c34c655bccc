"""The model engine: a networkx graph of (cell, direction) states searched by 0-1 BFS.

A node ``(row, col, d)`` means "at this cell, heading in direction d" (0 up, 1 right, 2 down,
3 left).  Stepping ahead to the next empty cell (or onto the target tile) costs 0; turning to
a perpendicular direction in place costs 1.  The fewest turns from the first tile to the
second is then a shortest path with 0/1 weights, found with a deque: 0-edges go to the
front, 1-edges to the back.

Building the whole graph of a large board costs memory, so a query builds only the part it
can reach within its turn limit; ``build_graph`` builds a whole board for inspection.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

import numpy as np

from graphsearch.errors import InvalidInputError
from graphsearch.llk.grid import Case, Query
from graphsearch.llk.link import (
    DIRECTIONS,
    Cell,
    Link,
    Opened,
    endpoint_reason,
    found,
    no_path,
    open_query,
    padded,
    turns_needed,
)

if TYPE_CHECKING:
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

__all__ = [
    "MAX_QUERY_NODES",
    "GraphTooLarge",
    "build_graph",
    "export_graph",
    "min_turns",
    "solve_case",
]

Node = tuple[int, int, int]  # row, column, direction
# The most (cell, direction) states one query may build: the graph engine is the model, for
# inspection and boards of moderate size; ``scan`` answers any board.
MAX_QUERY_NODES = 1_000_000


class GraphTooLarge(InvalidInputError):
    """The graph would pass its node budget."""


def _open(tiles: np.ndarray, cell: Cell, endpoints: Collection[Cell]) -> bool:
    r, c = cell
    n, m = tiles.shape
    return 0 <= r < n and 0 <= c < m and (tiles[r, c] == 0 or cell in endpoints)


def _successors(
    tiles: np.ndarray, node: Node, endpoints: Collection[Cell], target: Cell | None = None
) -> Iterator[tuple[Node, int]]:
    """(next node, weight) pairs of a node; nothing leaves the target."""
    r, c, d = node
    if (r, c) == target:
        return
    dr, dc = DIRECTIONS[d]
    ahead = (r + dr, c + dc)
    if _open(tiles, ahead, endpoints):
        yield (*ahead, d), 0
    for turn in ((d + 1) % 4, (d + 3) % 4):
        yield (r, c, turn), 1


def build_graph(
    tiles: np.ndarray,
    endpoints: Collection[Cell] = (),
    source: Cell | None = None,
    target: Cell | None = None,
    max_turns: int | None = None,
    max_nodes: int | None = None,
) -> nx.DiGraph[Node]:
    """The directed (cell, direction) graph over the empty cells and the ``endpoints``.

    With ``source``, only the nodes reachable from it within ``max_turns`` turns that can
    still reach ``target`` within them (by ``turns_needed``); edges out of ``target`` are
    left out.  Edge attribute ``weight``: 0 straight on, 1 a turn.  Raises GraphTooLarge
    when the graph would pass ``max_nodes`` nodes.
    """
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

    graph: nx.DiGraph[Node] = nx.DiGraph()
    endpoints = frozenset(endpoints)
    if source is None:
        n, m = tiles.shape
        for r in range(n):
            for c in range(m):
                if _open(tiles, (r, c), endpoints):
                    for d in range(4):
                        node = (r, c, d)
                        graph.add_node(node)
                        for succ, weight in _successors(tiles, node, endpoints, target):
                            graph.add_edge(node, succ, weight=weight)
        return graph
    # the part reachable within the turn limit: a 0-1 BFS that records the edges it sees
    best: dict[Node, int] = {}
    queue = deque((source[0], source[1], d, 0) for d in range(4))
    while queue:
        r, c, d, turns = queue.popleft()
        node = (r, c, d)
        if node in best and best[node] <= turns:
            continue
        best[node] = turns
        if max_nodes is not None and len(best) > max_nodes:
            raise GraphTooLarge(
                f"the graph engine's query graph passes its budget of {max_nodes} "
                "(cell, direction) states; use the scan engine (--engine scan) for this board"
            )
        graph.add_node(node)
        for succ, weight in _successors(tiles, node, endpoints, target):
            if max_turns is not None and target is not None:
                if turns + weight + turns_needed(succ, target) > max_turns:
                    continue
            elif max_turns is not None and turns + weight > max_turns:
                continue
            graph.add_edge(node, succ, weight=weight)
            if weight:
                queue.append((*succ, turns + 1))
            else:
                queue.appendleft((*succ, turns))
    return graph


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _open_beside(tiles: np.ndarray, cell: Cell) -> bool:
    return any(_open(tiles, (cell[0] + dr, cell[1] + dc), ()) for dr, dc in DIRECTIONS)


def min_turns(graph: nx.DiGraph[Node], source: Cell, target: Cell) -> tuple[int, list[Node]] | None:
    """Fewest turns from ``source`` to ``target`` cells and a path of nodes (0-1 BFS), or None."""
    dist: dict[Node, int] = {}
    parent: dict[Node, Node | None] = {}
    queue: deque[Node] = deque()
    for d in range(4):
        node = (*source, d)
        if node in graph:
            dist[node] = 0
            parent[node] = None
            queue.append(node)
    while queue:
        node = queue.popleft()
        if node[:2] == tuple(target):
            path: list[Node] = []
            step: Node | None = node
            while step is not None:
                path.append(step)
                step = parent[step]
            return dist[node], path[::-1]
        for succ, data in graph[node].items():
            cost = dist[node] + data["weight"]
            if succ not in dist or cost < dist[succ]:
                dist[succ] = cost
                parent[succ] = node
                if data["weight"]:
                    queue.append(succ)
                else:
                    queue.appendleft(succ)
    return None


def link(
    tiles: np.ndarray,
    offset: int,
    board: np.ndarray,
    query: Query,
    max_turns: int,
    max_nodes: int | None = None,
) -> Link:
    """One query on ``tiles`` (the board, padded by ``offset`` with the ring); at most
    ``max_nodes`` states (default ``MAX_QUERY_NODES``), else GraphTooLarge."""
    if max_nodes is None:
        max_nodes = MAX_QUERY_NODES
    opened = open_query(board, query, offset)
    if not isinstance(opened, Opened):
        return opened
    a, b = opened.a, opened.b
    if not _adjacent(a, b) and not (_open_beside(tiles, a) and _open_beside(tiles, b)):
        return no_path(max_turns)  # walled in
    graph = build_graph(tiles, (a, b), source=a, target=b, max_turns=max_turns, max_nodes=max_nodes)
    best = min_turns(graph, a, b)
    if best is None or best[0] > max_turns:
        return no_path(max_turns)
    return found(best[1], offset)


def solve_case(case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]:
    """Answer every query of a case; raises GraphTooLarge past ``MAX_QUERY_NODES`` states."""
    tiles, offset = padded(case.board, outside)
    return [link(tiles, offset, case.board, query, max_turns) for query in case.queries]


DIRECTION_NAMES = ("up", "right", "down", "left")


def export_graph(
    case: Case,
    *,
    outside: bool = False,
    query: Query | None = None,
    max_turns: int = 2,
    max_nodes: int = 200_000,
) -> nx.DiGraph[str]:
    """The whole (cell, direction) graph of a case, with string node names, for writing out.

    Nodes ``"row,col,dir"`` (1-based; the ring is row 0 and n + 1 with ``outside``) carry
    ``row``, ``col`` and ``dir`` (up, right, down, left); edges carry ``weight`` (0 straight
    on, 1 a turn).  With a query its two tiles join the graph, the nodes of a fewest-turn
    path get ``path=True``, and the graph attributes ``linked`` and ``turns`` (-1 when they
    do not link within ``max_turns``) give the answer.
    """
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

    tiles, offset = padded(case.board, outside)
    endpoints: tuple[Cell, ...] = ()
    if query is not None:
        open_query(case.board, query, offset)  # the cells must be on the board
        endpoints = tuple((r + offset, c + offset) for r, c in (query.a, query.b))
    open_cells = int((tiles == 0).sum()) + len(endpoints)
    if 4 * open_cells > max_nodes:
        raise GraphTooLarge(
            f"the graph would have {4 * open_cells} nodes, over the limit of {max_nodes}"
        )
    graph = build_graph(tiles, endpoints)
    shift = 1 - offset  # to 1-based board coordinates

    def name(node: Node) -> str:
        r, c, d = node
        return f"{r + shift},{c + shift},{DIRECTION_NAMES[d]}"

    out: nx.DiGraph[str] = nx.DiGraph(outside=outside)
    for node in graph:
        r, c, d = node
        out.add_node(name(node), row=r + shift, col=c + shift, dir=DIRECTION_NAMES[d], path=False)
    for u, v in graph.edges:
        out.add_edge(name(u), name(v), weight=graph.edges[u, v]["weight"])
    if query is not None:
        best = None if endpoint_reason(case.board, query) else min_turns(graph, *endpoints)
        if best is not None and best[0] > max_turns:
            best = None
        out.graph.update(
            query=query.to_text(), linked=best is not None, turns=-1 if best is None else best[0]
        )
        for node in [] if best is None else best[1]:
            out.nodes[name(node)]["path"] = True
    return out
