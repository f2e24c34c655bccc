"""``solve generate``: make Mayan puzzles with one solution and 连连看 boards that clear."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from graphsearch._words import plural

from .common import (
    CliError,
    Progress,
    emit,
    emit_stream,
    json_list_stream,
    output_option,
    rule_options,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.llk.generate import GeneratedBoard
    from graphsearch.llk.rules import ClearRules

__all__ = ["generate_group"]


@click.group("generate")
def generate_group() -> None:
    """Make puzzles: Mayan puzzles with exactly one solution, 连连看 boards that can be
    cleared.  The same seed gives the same output."""


@generate_group.command("mayan")
@click.option("--n", "n", type=click.IntRange(1, 10), required=True, help="Moves in each puzzle.")
@click.option(
    "--colors", type=click.IntRange(1, 10), default=4, show_default=True, help="Colors 1..K."
)
@click.option(
    "--blocks",
    type=click.IntRange(min=3),
    default=None,
    help="Blocks on each board (building backwards: 3n to 5n; default 3n).",
)
@click.option(
    "--same-color-swaps/--no-same-color-swaps",
    default=True,
    show_default=True,
    help="The convention under which each puzzle has exactly one solution.",
)
@click.option(
    "--method",
    type=click.Choice(["backwards", "sampling"]),
    default="backwards",
    show_default=True,
    help="backwards: build each candidate from the empty board by undoing moves (it has a "
    "solution by construction); sampling: deal blocks at random.  Either way a candidate is "
    "kept only when an exhaustive count finds exactly one solution.",
)
@click.option("--seed", type=int, required=True, help="Puzzle i depends only on (seed, i).")
@click.option(
    "--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many to make."
)
@click.option(
    "--max-candidates",
    type=click.IntRange(min=1),
    default=5000,
    show_default=True,
    help="Give up (exit status 2, saying what became of them) when this many candidates in "
    "a row have no solution or several.",
)
@click.option(
    "-o",
    "--output",
    "directory",
    type=click.Path(file_okay=False),
    required=True,
    help="Directory for 0001.txt, 0002.txt, ... (judge input format) and index.json.",
)
def generate_mayan(
    n: int,
    colors: int,
    blocks: int | None,
    same_color_swaps: bool,
    method: str,
    seed: int,
    count: int,
    max_candidates: int,
    directory: str,
) -> None:
    """Mayan puzzles of n moves, each with exactly one solution.

    index.json lists each puzzle's file, its solution, and how hard it looks: the nodes the
    search needs to find the answer, and how many first moves pass the move bound.
    """
    from graphsearch.mayan import format_moves
    from graphsearch.mayan.generate import generate_puzzles

    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{directory}: cannot create: {exc.strerror or exc}") from None
    made = generate_puzzles(
        n,
        seed=seed,
        count=count,
        colors=colors,
        blocks=blocks,
        same_color_swaps=same_color_swaps,
        method=method,
        max_candidates=max_candidates,
        progress=lambda i, tried: bar.note(f"{plural(tried, 'candidate')} tried"),
    )
    index: list[dict[str, object]] = []
    bar = Progress(count, "puzzles")
    try:
        with bar:
            for i, item in enumerate(made, 1):
                name = f"{i:04d}.txt"
                emit(item.puzzle.to_text(), str(out / name))
                index.append(
                    {
                        "file": name,
                        "n": n,
                        "blocks": item.puzzle.board.blocks,
                        "solution": format_moves(item.solution).splitlines(),
                        "nodes": item.nodes,
                        "plausible_first_moves": item.plausible_first_moves,
                        "candidates": item.candidates,
                    }
                )
                bar.update(1)
    except (ValueError, LookupError) as exc:
        raise CliError(str(exc)) from None
    settings = {
        "n": n,
        "colors": colors,
        "blocks": blocks,
        "same_color_swaps": same_color_swaps,
        "method": method,
        "seed": seed,
        "count": count,
    }
    emit(to_json({"settings": settings, "puzzles": index}) + "\n", str(out / "index.json"))


@generate_group.command("llk")
@click.option(
    "--rows", type=click.IntRange(min=1), required=True, help="Rows of each board (its height)."
)
@click.option(
    "--cols", type=click.IntRange(min=1), required=True, help="Columns of each board (its width)."
)
@click.option("--types", type=click.IntRange(min=1), required=True, help="Tile types 1..T.")
@click.option(
    "--copies", type=click.IntRange(min=2), default=4, show_default=True, help="Tiles a type."
)
@rule_options(
    "Let paths use the ring of empty cells around the board (off by default, as in solve "
    "clear; solve survey clear has it on)."
)
@click.option(
    "--method",
    type=click.Choice(["auto", "backwards", "sampling"]),
    default="auto",
    show_default=True,
    help="backwards: put pairs on the board one by one, each on two cells that link then "
    "(clearable by construction; fast, but greedy play clears most of them); sampling: deal "
    "at random and keep what the search clears (the game's own deals); auto: backwards "
    "with down, up, left or right (or more than two turns), sampling otherwise.",
)
@click.option(
    "--greedy-fails",
    is_flag=True,
    help="Keep only boards that greedy play (remove the first linked pair, never go back) "
    "does not clear: the choice of pairs matters.",
)
@click.option(
    "--min-nodes",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Keep only boards on which the search branches at least this often.",
)
@click.option("--seed", type=int, required=True, help="Board i depends only on (seed, i).")
@click.option(
    "--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many to make."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["cases", "json"]),
    default="cases",
    show_default=True,
    help="cases: the boards in the 连连看 case format (0 queries each, 0 0 at the end); "
    "json: each board with a clearing and its difficulty.",
)
@output_option()
def generate_llk(
    rows: int,
    cols: int,
    types: int,
    copies: int,
    rules: ClearRules,
    method: str,
    greedy_fails: bool,
    min_nodes: int,
    seed: int,
    count: int,
    fmt: str,
    output: str | None,
) -> None:
    """连连看 boards that can be cleared under the given rule (solve clear's format)."""
    from graphsearch.llk.generate import auto_method, generate_boards

    if method == "auto":
        method = auto_method(rules)
    made = generate_boards(
        rows,
        cols,
        types=types,
        copies=copies,
        seed=seed,
        count=count,
        rules=rules,
        method=method,
        greedy_fails=greedy_fails,
        min_nodes=min_nodes,
    )
    settings = {
        "rows": rows,
        "cols": cols,
        "types": types,
        "copies": copies,
        **rules.as_dict(),
        "method": method,
        "seed": seed,
    }

    def boards() -> Iterator[GeneratedBoard]:
        """The boards as they are made (none is kept), with the progress bar."""
        try:
            with Progress(count, "boards") as bar:
                for item in made:
                    yield item
                    bar.update(1)
        except (ValueError, LookupError) as exc:
            raise CliError(str(exc)) from None

    if fmt == "cases":
        cases = (
            f"{rows} {cols}\n"
            + "\n".join(" ".join(map(str, row)) for row in item.board.tolist())
            + "\n0\n"
            for item in boards()
        )
        emit_stream(itertools.chain(cases, ["0 0\n"]), output)
        return
    entries = (
        {
            "board": item.board.tolist(),
            "clearing": [move.to_text() for move in item.clearing],
            "greedy_clears": item.greedy,
            "nodes": item.nodes,
            "candidates": item.candidates,
        }
        for item in boards()
    )
    pieces = json_list_stream({"settings": settings}, "boards", entries)
    emit_stream(itertools.chain(pieces, ["\n"]), output)
