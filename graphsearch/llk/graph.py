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

import numpy as np

from graphsearch.llk.grid import Case, Query
from graphsearch.llk.link import (
    DIRECTIONS,
    Link,
    corners,
    endpoint_reason,
    padded,
    turns_needed,
)

__all__ = ["build_graph", "min_turns", "solve_case"]


def _open(tiles: np.ndarray, cell, endpoints) -> bool:
    r, c = cell
    n, m = tiles.shape
    return 0 <= r < n and 0 <= c < m and (tiles[r, c] == 0 or cell in endpoints)


def _successors(tiles, node, endpoints, target=None):
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


def build_graph(tiles: np.ndarray, endpoints=(), source=None, target=None, max_turns=None):
    """The directed (cell, direction) graph over the empty cells and the ``endpoints``.

    With ``source``, only the nodes reachable from it within ``max_turns`` turns that can
    still reach ``target`` within them (by ``turns_needed``); edges out of ``target`` are
    left out.  Edge attribute ``weight``: 0 straight on, 1 a turn.
    """
    import networkx as nx

    graph = nx.DiGraph()
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
    best = {}
    queue = deque((*source, d, 0) for d in range(4))
    while queue:
        r, c, d, turns = queue.popleft()
        node = (r, c, d)
        if node in best and best[node] <= turns:
            continue
        best[node] = turns
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


def _adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _open_beside(tiles, cell) -> bool:
    return any(_open(tiles, (cell[0] + dr, cell[1] + dc), ()) for dr, dc in DIRECTIONS)


def min_turns(graph, source, target):
    """Fewest turns from ``source`` to ``target`` cells and a path of nodes (0-1 BFS), or None."""
    dist = {}
    parent = {}
    queue = deque()
    for d in range(4):
        node = (*source, d)
        if node in graph:
            dist[node] = 0
            parent[node] = None
            queue.append(node)
    while queue:
        node = queue.popleft()
        if node[:2] == tuple(target):
            path = []
            while node is not None:
                path.append(node)
                node = parent[node]
            return dist[path[0]], path[::-1]
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


def link(tiles: np.ndarray, offset: int, board, query: Query, max_turns: int) -> Link:
    reason = endpoint_reason(board, query)
    if reason:
        return Link(False, reason=reason)
    a = (query.a[0] + offset, query.a[1] + offset)
    b = (query.b[0] + offset, query.b[1] + offset)
    if not _adjacent(a, b) and not (_open_beside(tiles, a) and _open_beside(tiles, b)):
        return Link(False, reason=f"no path with at most {max_turns} turns")  # walled in
    graph = build_graph(tiles, (a, b), source=a, target=b, max_turns=max_turns)
    found = min_turns(graph, a, b)
    if found is None or found[0] > max_turns:
        return Link(False, reason=f"no path with at most {max_turns} turns")
    turns, nodes = found
    path = corners((r - offset, c - offset) for r, c, _ in nodes)
    return Link(True, turns, path)


def solve_case(case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]:
    """Answer every query of a case."""
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
):
    """The whole (cell, direction) graph of a case, with string node names, for writing out.

    Nodes ``"row,col,dir"`` (1-based; the ring is row 0 and n + 1 with ``outside``) carry
    ``row``, ``col`` and ``dir`` (up, right, down, left); edges carry ``weight`` (0 straight
    on, 1 a turn).  With a query its two tiles join the graph, the nodes of a fewest-turn
    path get ``path=True``, and the graph attributes ``linked`` and ``turns`` (-1 when they
    do not link within ``max_turns``) give the answer.
    """
    import networkx as nx

    tiles, offset = padded(case.board, outside)
    endpoints = ()
    if query is not None:
        endpoints = tuple((r + offset, c + offset) for r, c in (query.a, query.b))
    open_cells = int((tiles == 0).sum()) + len(endpoints)
    if 4 * open_cells > max_nodes:
        raise ValueError(
            f"the graph would have {4 * open_cells} nodes, over the limit of {max_nodes}"
        )
    graph = build_graph(tiles, endpoints)
    shift = 1 - offset  # to 1-based board coordinates

    def name(node):
        r, c, d = node
        return f"{r + shift},{c + shift},{DIRECTION_NAMES[d]}"

    out = nx.DiGraph(outside=outside)
    for node in graph:
        r, c, d = node
        out.add_node(name(node), row=r + shift, col=c + shift, dir=DIRECTION_NAMES[d], path=False)
    for u, v, weight in graph.edges(data="weight"):
        out.add_edge(name(u), name(v), weight=weight)
    if query is not None:
        link = None if endpoint_reason(case.board, query) else min_turns(graph, *endpoints)
        linked = link is not None and link[0] <= max_turns
        out.graph.update(query=query.to_text(), linked=linked, turns=link[0] if linked else -1)
        if linked:
            for node in link[1]:
                out.nodes[name(node)]["path"] = True
    return out
