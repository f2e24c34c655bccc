"""Make levels: Mayan puzzles with exactly one answer, and 连连看 boards that clear but that
greedy play does not."""

from graphsearch.llk.generate import generate_boards
from graphsearch.mayan.count import count_solutions
from graphsearch.mayan.generate import generate_puzzles

for made in generate_puzzles(3, seed=2026, count=2, colors=3):
    assert count_solutions(made.puzzle, limit=2).count == 1
    text = " / ".join(made.puzzle.to_text().split("\n")).strip(" /")
    print(text, "->", [m.to_text() for m in made.solution])

for level in generate_boards(6, 6, types=6, seed=2026, count=2, outside=True, greedy_fails=True):
    print(level.board.tolist(), "clears in", len(level.clearing), "moves; greedy play fails")
