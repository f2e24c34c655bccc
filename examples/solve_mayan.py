"""Solve the statement's Mayan puzzle, check the answer, and watch it move by move."""

from graphsearch import mayan

puzzle = mayan.parse_puzzle("3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0")
result = mayan.solve(puzzle)
print(mayan.format_moves(result.moves), end="")  # the judge's answer: 2 1 1 / 3 1 1 / 3 0 1

assert result.moves is not None
assert mayan.is_solution(puzzle.board, puzzle.n, result.moves)
for move, board in zip(result.moves, mayan.replay(puzzle.board, result.moves), strict=True):
    print(f"after {move.to_text()}: {board.blocks} blocks left")
