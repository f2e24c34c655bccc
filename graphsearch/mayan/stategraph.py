"""The layered state graph of the Mayan search, as a networkx graph for inspection.

Layer 0 holds the input board, layer t every board reachable in t moves (the moves the
search expands, under the chosen convention).  A node is a (layer, board) pair; an edge is
one move, so two moves that give the same board are two parallel edges.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from graphsearch.errors import InvalidInputError
from graphsearch.mayan.board import HEIGHT, WIDTH, Board, Move, Puzzle, format_moves
from graphsearch.mayan.lines import CELLS
from graphsearch.mayan.rules import apply_move, grid_moves, play
from graphsearch.mayan.search import DeadTable, solve

if TYPE_CHECKING:
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

__all__ = ["GraphTooLarge", "node_id", "state_graph"]

Graph = Any  # a networkx.MultiDiGraph with string nodes


class GraphTooLarge(InvalidInputError):
    """The graph would pass the node limit."""


def node_id(layer: int, board: Board) -> str:
    return f"{layer}/{board.to_compact()}"


def state_graph(
    puzzle: Puzzle,
    *,
    depth: int | None = None,
    max_nodes: int = 200_000,
    same_color_swaps: bool = True,
    truncate: bool = False,
) -> nx.MultiDiGraph[str]:
    """A ``networkx.MultiDiGraph`` of the boards reachable in up to ``depth`` moves
    (at most n: no move is made after the n-th).

    Node attributes: ``layer``, ``board`` (columns in judge format joined by ``|``),
    ``blocks``, ``dead`` (no sequence of exactly the moves left clears it) and ``solution``
    (on the path of the answer).  Edge attributes: ``move`` (``"x y g"``), ``order`` (its
    place in expansion order) and ``solution``.  Graph attributes: ``n``, ``depth``,
    ``same_color_swaps``, ``answer`` and ``truncated``.

    Raises GraphTooLarge when the graph would pass ``max_nodes`` nodes, unless ``truncate``
    is set: then expansion stops at the limit and the graph says ``truncated``.  The layers
    are built before any search runs, so a graph too large is refused at once.
    """
    import networkx as nx  # type: ignore[import-untyped,unused-ignore]

    n = puzzle.n
    if depth is not None and depth < 0:
        raise InvalidInputError("depth must be at least 0")
    depth = n if depth is None else min(depth, n)
    graph: nx.MultiDiGraph[str] = nx.MultiDiGraph(
        n=n, depth=depth, same_color_swaps=same_color_swaps, truncated=False
    )
    expanded = _expand(graph, puzzle.board, depth, max_nodes, same_color_swaps, truncate)
    table = DeadTable()  # one dead-state table for the answer and all the leaf searches
    answer = solve(puzzle, same_color_swaps=same_color_swaps, table=table).moves
    graph.graph["answer"] = format_moves(answer).strip().replace("\n", "; ")
    _mark_dead(graph, expanded, n, same_color_swaps, table)
    if answer is not None:
        _mark_solution(graph, puzzle.board, answer, depth)
    return graph


def _add_node(graph: Graph, name: str, layer: int, compact: str, blocks: int) -> None:
    graph.add_node(name, layer=layer, board=compact, blocks=blocks, dead=False, solution=False)


@dataclass
class _Layer:
    """One layer of the walk: its boards (by key) and the moves into them, in order."""

    grids: dict[bytes, list[int]] = field(default_factory=dict)
    edges: list[tuple[bytes, int, int, bytes]] = field(
        default_factory=list
    )  # parent, src, g, child
    done: list[bytes] = field(default_factory=list)  # parents whose every move was walked


def _walk(
    board: Board, depth: int, max_nodes: int, same_color_swaps: bool
) -> tuple[list[_Layer], bool]:
    """The layers on flat grids with the simulator's fast path (the moves of
    ``search_moves``, in the same order), stopping at the node limit; and whether it did."""
    grid = board.grid()
    layers = [_Layer({bytes(grid): grid})]
    room = max_nodes - 1
    for _ in range(depth):
        layer = _Layer()
        for parent, grid in layers[-1].grids.items():
            for src, g in grid_moves(grid, same_color_swaps):
                child = grid[:]
                play(child, src, g)
                key = bytes(child)
                if key not in layer.grids:
                    if len(layer.grids) == room:
                        layers.append(layer)
                        return layers, True
                    layer.grids[key] = child
                layer.edges.append((parent, src, g, key))
            layer.done.append(parent)
        room -= len(layer.grids)
        layers.append(layer)
    return layers, False


def _expand(
    graph: Graph,
    board: Board,
    depth: int,
    max_nodes: int,
    same_color_swaps: bool,
    truncate: bool,
) -> set[str]:
    """Add the layers; returns the nodes all of whose moves are in the graph.

    The whole walk is done first, on grids, so that a graph too large is refused before
    networkx does any work.
    """
    layers, full = _walk(board, depth, max_nodes, same_color_swaps)
    if full and not truncate:
        raise GraphTooLarge(
            f"the state graph passes {max_nodes} nodes at layer {len(layers) - 1}; "
            "lower --depth, raise --max-nodes, or pass --truncate"
        )
    graph.graph["truncated"] = full
    names = {bytes(board.grid()): _add_grid(graph, 0, board.grid())}
    expanded: set[str] = set()
    order = 0
    for number, layer in enumerate(layers[1:], 1):
        children = {key: _add_grid(graph, number, child) for key, child in layer.grids.items()}
        for parent, src, g, key in layer.edges:
            text = Move(src // HEIGHT, src % HEIGHT, g).to_text()
            graph.add_edge(
                names[parent], children[key], key=text, move=text, order=order, solution=False
            )
            order += 1
        expanded.update(names[parent] for parent in layer.done)
        names = children
    return expanded


def _add_grid(graph: Graph, layer: int, grid: list[int]) -> str:
    """The node of a flat grid, added without building its Board."""
    columns = (grid[x * HEIGHT : x * HEIGHT + HEIGHT] for x in range(WIDTH))
    compact = "|".join(" ".join(str(c) for c in column if c) for column in columns)
    name = f"{layer}/{compact}"
    _add_node(graph, name, layer, compact, CELLS - grid.count(0))
    return name


def _mark_dead(
    graph: Graph, expanded: set[str], n: int, same_color_swaps: bool, table: DeadTable
) -> None:
    """Dead nodes: by induction over the fully expanded ones, by a search for the others."""
    for name in sorted(graph, key=lambda v: -graph.nodes[v]["layer"]):
        data = graph.nodes[name]
        left = n - data["layer"]
        if left == 0:
            data["dead"] = data["blocks"] > 0
        elif name in expanded:
            data["dead"] = all(graph.nodes[child]["dead"] for child in graph.successors(name))
        else:
            board = Board.from_compact(data["board"])
            result = solve(Puzzle(left, board), same_color_swaps=same_color_swaps, table=table)
            data["dead"] = result.moves is None


def _mark_solution(graph: Graph, board: Board, answer: tuple[Move, ...], depth: int) -> None:
    name = node_id(0, board)
    graph.nodes[name]["solution"] = True
    for layer, move in enumerate(answer[:depth], 1):
        board = apply_move(board, move)
        child = node_id(layer, board)
        if child not in graph:
            return  # cut off by --truncate
        graph.nodes[child]["solution"] = True
        graph.edges[name, child, move.to_text()]["solution"] = True
        name = child
