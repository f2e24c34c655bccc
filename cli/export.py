"""``solve export``: write the state graphs the engines search, for inspection."""

from __future__ import annotations

import click

from cli.common import INPUT_FILE, CliError, parse_query_option, read_input

FORMAT_HELP = (
    "The format follows OUT's suffix: .graphml, .gexf, .json (networkx node-link) or .dot "
    "(needs pydot)."
)


@click.group("export")
def export_group() -> None:
    """Write a puzzle's state graph to a file (GraphML, GEXF, node-link JSON or DOT)."""


@export_group.command("mayan")
@click.argument("file", type=INPUT_FILE)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    metavar="OUT",
    help=FORMAT_HELP,
)
@click.option(
    "--depth",
    type=click.IntRange(min=0),
    metavar="D",
    help="Layers of moves to expand (default: n).",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(min=1),
    default=200_000,
    show_default=True,
    metavar="N",
    help="Stop with an error rather than build a larger graph.",
)
@click.option(
    "--truncate",
    is_flag=True,
    help="At --max-nodes, write the graph built so far instead of failing.",
)
@click.option(
    "--same-color-swaps/--no-same-color-swaps",
    default=True,
    show_default=True,
    help="The move convention, as for solve mayan.",
)
def export_mayan(file, output, depth, max_nodes, truncate, same_color_swaps) -> None:
    """The layered state graph of the Mayan search.

    One node per (layer, board): layer 0 is the input board, layer t the boards reachable
    in t moves.  Nodes carry layer, board ("1|2 1|..."), blocks, dead (no sequence of the
    moves left clears it) and solution (on the answer's path); edges carry the move
    ("x y g") in expansion order.
    """
    from graphsearch.export import ExportError, write_graph
    from graphsearch.mayan import InvalidBoardError, parse_puzzle
    from graphsearch.mayan.stategraph import GraphTooLarge, state_graph

    data, name = read_input(file)
    try:
        puzzle = parse_puzzle(data)
    except InvalidBoardError as exc:
        raise CliError(f"{name}: {exc}") from None
    try:
        graph = state_graph(
            puzzle,
            depth=depth,
            max_nodes=max_nodes,
            same_color_swaps=same_color_swaps,
            truncate=truncate,
        )
        write_graph(graph, output)
    except (GraphTooLarge, ExportError) as exc:
        raise CliError(str(exc)) from None
    click.echo(
        f"{output}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges"
        + (" (truncated)" if graph.graph["truncated"] else ""),
        err=True,
    )


@export_group.command("llk")
@click.argument("file", type=INPUT_FILE)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    metavar="OUT",
    help=FORMAT_HELP,
)
@click.option(
    "--case",
    "case_no",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="The case whose board to export.",
)
@click.option(
    "--query",
    metavar='"x1 y1 x2 y2"',
    help="Mark a fewest-turn path between these tiles (graph attribute turns).",
)
@click.option("--outside", is_flag=True, help="Include the ring of empty cells around the board.")
@click.option(
    "--max-turns",
    type=click.IntRange(min=0),
    default=2,
    show_default=True,
    metavar="K",
    help="With --query: the turn limit for the path.",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(min=1),
    default=200_000,
    show_default=True,
    metavar="N",
    help="Stop with an error rather than build a larger graph.",
)
def export_llk(file, output, case_no, query, outside, max_turns, max_nodes) -> None:
    """The (cell, direction) graph that the graph engine searches.

    Nodes "row,col,dir" carry row, col (1-based) and dir (up, right, down, left); edges
    carry weight (0 straight on, 1 a turn).  With --query the two tiles join the graph and
    the nodes of a fewest-turn path get path=True.
    """
    from graphsearch.export import ExportError, write_graph
    from graphsearch.llk import InvalidGridError, parse_cases
    from graphsearch.llk.graph import export_graph

    data, name = read_input(file)
    try:
        cases = parse_cases(data)
    except InvalidGridError as exc:
        raise CliError(f"{name}: {exc}") from None
    if case_no > len(cases):
        raise CliError(f"--case {case_no}: {name} has {len(cases)} case(s)")
    case = cases[case_no - 1]
    try:
        graph = export_graph(
            case,
            outside=outside,
            max_turns=max_turns,
            max_nodes=max_nodes,
            query=parse_query_option(query, case.shape),
        )
        write_graph(graph, output)
    except (ValueError, ExportError) as exc:
        raise CliError(str(exc)) from None
    click.echo(
        f"{output}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges", err=True
    )
