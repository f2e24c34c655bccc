"""State-graph exports: every format loads back the same; the content is right."""

from __future__ import annotations

import json
from collections import Counter

import networkx as nx
import numpy as np
import pytest

from graphsearch.export import ExportError, write_graph
from graphsearch.llk import Case, Query
from graphsearch.llk.graph import export_graph
from graphsearch.llk.scan import LinkScanner
from graphsearch.mayan import Board, Move, Puzzle, is_solution, parse_puzzle
from graphsearch.mayan.search import solve
from graphsearch.mayan.stategraph import GraphTooLarge, state_graph
from tests.mayan import naive

SAMPLE = parse_puzzle("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n")


def load(path):
    if path.suffix == ".graphml":
        return nx.read_graphml(path)
    if path.suffix == ".gexf":
        return nx.read_gexf(path)
    if path.suffix == ".json":
        return nx.node_link_graph(json.loads(path.read_text()))
    return nx.MultiDiGraph(nx.nx_pydot.read_dot(path))


def same_graph(original, loaded, as_text=False):
    def norm(value):
        return str(value).strip('"') if as_text else value

    assert set(loaded.nodes) == set(original.nodes)
    assert loaded.number_of_edges() == original.number_of_edges()
    for node, data in original.nodes(data=True):
        got = loaded.nodes[node]
        for key, value in data.items():
            assert norm(got[key]) == norm(value), (node, key)
    edges = Counter((u, v) for u, v in original.edges())
    assert Counter((u, v) for u, v in loaded.edges()) == edges


@pytest.mark.parametrize("suffix", [".graphml", ".gexf", ".json", ".dot"])
def test_mayan_graph_loads_back(tmp_path, suffix):
    graph = state_graph(SAMPLE, depth=2)
    path = tmp_path / f"g{suffix}"
    write_graph(graph, path)
    same_graph(graph, load(path), as_text=suffix == ".dot")


@pytest.mark.parametrize("suffix", [".graphml", ".gexf", ".json", ".dot"])
def test_llk_graph_loads_back(tmp_path, suffix):
    case = Case(np.array([[1, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 1]]), ())
    graph = export_graph(case, query=Query.from_text("1 1 3 4"))
    path = tmp_path / f"g{suffix}"
    write_graph(graph, path)
    same_graph(graph, load(path), as_text=suffix == ".dot")


def test_unknown_suffix(tmp_path):
    with pytest.raises(ExportError, match="unknown format"):
        write_graph(nx.DiGraph(), tmp_path / "g.txt")
    assert not list(tmp_path.iterdir())


def naive_layers(puzzle: Puzzle, depth: int, same: bool = True):
    """Independent count of (layer, board) nodes and move edges with the naive simulator."""
    layer = {puzzle.board.columns}
    nodes, edges = 1, 0
    for _ in range(depth):
        following = set()
        for columns in layer:
            for x, y, g in naive.all_moves(columns, same):
                if g == -1 and naive.to_grid(columns)[x - 1][y]:
                    continue  # a left swap is the right move of the neighbour
                following.add(naive.move(columns, x, y, g))
                edges += 1
        nodes += len(following)
        layer = following
    return nodes, edges


@pytest.mark.parametrize("same", [True, False])
def test_mayan_graph_content(same):
    graph = state_graph(SAMPLE, same_color_swaps=same)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == naive_layers(SAMPLE, 3, same)
    assert graph.graph["answer"] == "2 1 1; 3 1 1; 3 0 1"
    # edges keep expansion order; every edge joins consecutive layers
    orders = [data["order"] for _, _, data in graph.edges(data=True)]
    assert sorted(orders) == list(range(len(orders)))
    for u, v in graph.edges():
        assert graph.nodes[v]["layer"] == graph.nodes[u]["layer"] + 1
    # dead flags against the solver
    for node, data in graph.nodes(data=True):
        board = Board.from_compact(data["board"])
        left = SAMPLE.n - data["layer"]
        alive = (
            board.is_empty()
            if left == 0
            else solve(Puzzle(left, board), same_color_swaps=same).solvable
        )
        assert data["dead"] is not alive, node
    # the solution path replays to an empty board
    path = [u for u in graph if graph.nodes[u]["solution"]]
    assert sorted(graph.nodes[u]["layer"] for u in path) == [0, 1, 2, 3]
    moves = [Move.from_text(d["move"]) for _, _, d in graph.edges(data=True) if d["solution"]]
    assert is_solution(SAMPLE.board, 3, moves, same_color_swaps=same)


def test_shallow_graph_dead_flags_use_the_search():
    graph = state_graph(SAMPLE, depth=1)
    leaves = [d for _, d in graph.nodes(data=True) if d["layer"] == 1]
    assert sum(not d["dead"] for d in leaves) == 1  # only the answer's first move survives


def test_node_limit():
    with pytest.raises(GraphTooLarge, match="--truncate"):
        state_graph(SAMPLE, max_nodes=50)
    graph = state_graph(SAMPLE, max_nodes=50, truncate=True)
    assert graph.number_of_nodes() == 50 and graph.graph["truncated"] is True


@pytest.mark.parametrize("outside", [False, True])
def test_llk_graph_content(outside):
    board = np.array(
        [
            [0, 0, 0, 2, 0],
            [2, 0, 0, 1, 0],
            [0, 0, 0, 0, 0],
            [0, 0, 2, 0, 2],
            [2, 1, 0, 2, 0],
            [0, 0, 2, 0, 0],
        ]
    )
    query = Query.from_text("4 5 5 1")
    graph = export_graph(Case(board, ()), outside=outside, query=query)
    ring = 2 * (board.shape[0] + board.shape[1]) + 4 if outside else 0
    assert graph.number_of_nodes() == 4 * (int((board == 0).sum()) + 2 + ring)
    for _, data in graph.nodes(data=True):
        assert data["dir"] in ("up", "right", "down", "left")
    assert {w for _, _, w in graph.edges(data="weight")} == {0, 1}
    # two turn edges from every node; a straight edge where the next cell is open
    turns = sum(1 for _, _, w in graph.edges(data="weight") if w == 1)
    assert turns == 2 * graph.number_of_nodes()
    link = LinkScanner(board, outside=outside).link(query)
    assert graph.graph["linked"] is True and graph.graph["turns"] == link.turns
    on_path = [d for _, d in graph.nodes(data=True) if d["path"]]
    assert {(d["row"], d["col"]) for d in on_path} >= {(4, 5), (5, 1)}
