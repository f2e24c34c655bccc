"""``solve export``: write the state graphs the engines search, for inspection."""

from __future__ import annotations

from typing import Any

import click

from .common import (
    INPUT_FILE,
    CliError,
    case_option,
    library_errors,
    max_turns_option,
    output_option,
    outside_option,
    parse_query_option,
    pick_case,
    query_option,
    read_cases,
    read_puzzle,
    same_color_swaps_option,
)

__all__ = ["export_group"]

OUT_HELP = (
    "The file to write; its suffix picks the format: .graphml, .gexf, .json (networkx "
    "node-link) or .dot (needs pydot)."
)
max_nodes_option = click.option(
    "--max-nodes",
    type=click.IntRange(min=1),
    default=200_000,
    show_default=True,
    metavar="N",
    help="Stop with an error rather than build a larger graph.",
)


@click.group("export")
def export_group() -> None:
    """Write a puzzle's state graph to a file (GraphML, GEXF, node-link JSON or DOT)."""


def _write(graph: Any, output: str) -> None:
    from graphsearch.export import ExportError, write_graph

    try:
        write_graph(graph, output)
    except ExportError as exc:
        raise CliError(str(exc)) from None
    note = " (truncated)" if graph.graph.get("truncated") else ""
    click.echo(
        f"{output}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges{note}",
        err=True,
    )


@export_group.command("mayan")
@click.argument("file", type=INPUT_FILE)
@output_option(OUT_HELP, required=True, metavar="OUT")
@click.option(
    "--depth",
    type=click.IntRange(min=0),
    metavar="D",
    help="Layers of moves to expand (default: n).",
)
@max_nodes_option
@click.option(
    "--truncate", is_flag=True, help="At --max-nodes, write the graph built so far instead."
)
@same_color_swaps_option("The move convention, as for solve mayan.")
def export_mayan(
    file: str,
    output: str,
    depth: int | None,
    max_nodes: int,
    truncate: bool,
    same_color_swaps: bool,
) -> None:
    """The layered state graph of the Mayan search.

    One node per (layer, board): layer 0 is the input board, layer t the boards reachable
    in t moves.  Nodes carry layer, board ("1|2 1|..."), blocks, dead (no sequence of the
    moves left clears it) and solution (on the answer's path); edges carry the move
    ("x y g") in expansion order.
    """
    from graphsearch.mayan.stategraph import state_graph

    puzzle = read_puzzle(file)
    with library_errors(file if file != "-" else "<stdin>"):
        graph = state_graph(
            puzzle,
            depth=depth,
            max_nodes=max_nodes,
            same_color_swaps=same_color_swaps,
            truncate=truncate,
        )
    _write(graph, output)


@export_group.command("llk")
@click.argument("file", type=INPUT_FILE)
@output_option(OUT_HELP, required=True, metavar="OUT")
@case_option("The case whose board to export.")
@query_option("Mark a fewest-turn path between these tiles (graph attribute turns).")
@outside_option("Include the ring of empty cells around the board.")
@max_turns_option("With --query: the turn limit for the path.")
@max_nodes_option
def export_llk(
    file: str,
    output: str,
    case_no: int | None,
    query: str | None,
    outside: bool,
    max_turns: int,
    max_nodes: int,
) -> None:
    """The (cell, direction) graph that the graph engine searches.

    Nodes "row,col,dir" carry row, col (1-based) and dir (up, right, down, left); edges
    carry weight (0 straight on, 1 a turn).  With --query the two tiles join the graph and
    the nodes of a fewest-turn path get path=True.
    """
    from graphsearch.llk.graph import export_graph

    cases, name = read_cases(file)
    case = pick_case(cases, case_no, name)
    with library_errors(name):
        graph = export_graph(
            case,
            outside=outside,
            max_turns=max_turns,
            max_nodes=max_nodes,
            query=parse_query_option(query, case.shape),
        )
    _write(graph, output)
