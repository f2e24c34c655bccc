"""``solve llk``: read link-query cases, answer each query, print YES or NO."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from graphsearch.choices import LINK_ENGINES

from .common import (
    INPUT_FILE,
    CliError,
    case_option,
    emit,
    engine_option,
    format_option,
    library_errors,
    max_turns_option,
    only_with_svg,
    output_option,
    outside_option,
    parse_query_option,
    pick_case,
    query_option,
    read_cases,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.llk import Case, Link, LinkEngine

__all__ = ["llk_command"]

PRETTY_LIMIT = 40  # boards up to this many rows and columns are drawn

ENGINE_HELP = (
    "scan: prefix sums and a scan of the candidate corners, O(n + m) a query (default); "
    "graph: networkx graph of (cell, direction) states with 0-1 BFS (the model, for "
    "inspection; it refuses a query whose graph passes a million states); "
    "dfs: plain reference depth-first search."
)
OUTSIDE_HELP = (
    "Let the path use a ring of empty cells around the board (the real game's rule; "
    "the judge's rule keeps it on the board)."
)


@click.command("llk")
@click.argument("file", type=INPUT_FILE)
@engine_option(LINK_ENGINES, "scan", ENGINE_HELP)
@outside_option(OUTSIDE_HELP)
@max_turns_option()
@format_option(
    ["judge", "json", "pretty", "svg", "html"],
    "judge: one YES or NO line per query; json: fewest turns and the path's corner "
    f"points (1-based); pretty: the path drawn on boards of up to {PRETTY_LIMIT} rows and "
    f"{PRETTY_LIMIT} columns; svg: one query's board and path as a picture (see --case, --query); "
    "html: a self-contained page that shows each query's path in turn.",
)
@case_option("With --format svg: the case to draw (default 1).")
@query_option("With --format svg: the query to draw (default: the case's first query).")
@output_option()
def llk_command(
    file: str,
    engine: str,
    outside: bool,
    max_turns: int,
    fmt: str,
    case_no: int | None,
    query: str | None,
    output: str | None,
) -> None:
    """Answer 连连看 link queries (HDU 1175).

    FILE holds cases: "n m", n rows of m numbers (0 empty, positive a tile type), q, then q
    queries "x1 y1 x2 y2" (1-based row and column); "0 0" or the end of the input ends it
    (- reads standard input).  Two tiles link when they are of one type, in different
    cells, and a path of at most K turns joins them through empty cells.
    """
    from graphsearch.llk.engines import get_engine

    only_with_svg(fmt, case=case_no, query=query)
    cases, name = read_cases(file)
    solve_case = get_engine(engine)
    if fmt == "svg":
        emit(_svg(cases, name, case_no, query, solve_case, outside, max_turns), output)
        return
    with library_errors(name):
        answers = [solve_case(case, outside=outside, max_turns=max_turns) for case in cases]
    if fmt == "judge":
        lines = ["YES" if link.linked else "NO" for links in answers for link in links]
        text = "".join(line + "\n" for line in lines)
    elif fmt == "json":
        text = to_json(_as_json(cases, answers, engine, outside, max_turns)) + "\n"
    elif fmt == "html":
        from os.path import basename

        from graphsearch._words import plural, size
        from graphsearch.watch import llk_case, page

        shown = [
            llk_case(
                case,
                links,
                title=f"Case {number}: {size(*case.board.shape)}, {plural(len(links), 'query')}",
                outside=outside,
                max_turns=max_turns,
            )
            for number, (case, links) in enumerate(zip(cases, answers, strict=True), 1)
        ]
        text = page(shown, f"{basename(name)}: link queries")
    else:
        text = _pretty(cases, answers, outside)
    emit(text, output)


def _svg(
    cases: list[Case],
    name: str,
    case_no: int | None,
    query_text: str | None,
    solve_case: LinkEngine,
    outside: bool,
    max_turns: int,
) -> str:
    from graphsearch.llk import Case
    from graphsearch.llk.draw import link_svg

    case = pick_case(cases, case_no, name)
    query = parse_query_option(query_text, case.shape)
    if query is None:
        if not case.queries:
            raise CliError(f"case {case_no or 1} has no query to draw; give --query")
        query = case.queries[0]
    with library_errors(name):
        (link,) = solve_case(Case(case.board, (query,)), outside=outside, max_turns=max_turns)
    verdict = f"YES, {_turns(link.turns)}" if link.linked else f"NO ({link.reason})"
    try:
        return link_svg(case.board, link, outside, title=f"{query.to_text()}: {verdict}")
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _point(cell: tuple[int, int]) -> list[int]:
    return [cell[0] + 1, cell[1] + 1]


def _as_json(
    cases: list[Case], answers: list[list[Link]], engine: str, outside: bool, max_turns: int
) -> dict[str, object]:
    from graphsearch.llk.report import link_json

    out = []
    for number, (case, links) in enumerate(zip(cases, answers, strict=True), 1):
        n, m = case.shape
        queries = [link_json(q, link) for q, link in zip(case.queries, links, strict=True)]
        out.append({"case": number, "rows": n, "cols": m, "queries": queries})
    return {"engine": engine, "outside": outside, "max_turns": max_turns, "cases": out}


def _pretty(cases: list[Case], answers: list[list[Link]], outside: bool) -> str:
    from graphsearch._words import plural, size
    from graphsearch.llk.draw import render

    parts = []
    for number, (case, links) in enumerate(zip(cases, answers, strict=True), 1):
        n, m = case.shape
        drawn = n <= PRETTY_LIMIT and m <= PRETTY_LIMIT
        linked = sum(link.linked for link in links)
        parts.append(
            f"Case {number}: {size(n, m)}, {plural(len(links), 'query')}, {linked} linked\n"
        )
        for i, (query, link) in enumerate(zip(case.queries, links, strict=True), 1):
            if link.path is not None and link.turns is not None:
                turns = _turns(link.turns)
                corners = " -> ".join(f"({r},{c})" for r, c in map(_point, link.path))
                parts.append(f"  query {i}: {query.to_text()}  YES, {turns}: {corners}\n")
            else:
                parts.append(f"  query {i}: {query.to_text()}  NO ({link.reason})\n")
            if drawn and link.linked:
                parts.append(_indent(render(case.board, link, outside)) + "\n")
        if not drawn:
            parts.append(f"  (boards of over {PRETTY_LIMIT} rows or columns are not drawn)\n")
    return "".join(parts)


def _turns(count: int | None) -> str:
    return f"{count} turn" + ("" if count == 1 else "s")


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
