"""Decide whether a whole 连连看 board can be cleared, play a safe first move, and replay the
clearing through the rules."""

from graphsearch import llk

board = [
    [1, 2, 3, 1],
    [4, 3, 4, 2],
    [2, 4, 1, 3],
    [3, 1, 2, 4],
]
result = llk.clear(board, outside=True)  # the ring around the board, as the real game has
print("clearable" if result.clearable else "not clearable", "in", len(result.moves or ()), "moves")

assert result.moves is not None
first = result.moves[0]  # a hint: a move that never leads into a dead end
print("a safe first move:", first.to_text())
steps = llk.replay(board, result.moves, outside=True)
assert not steps[-1].after.any()  # the rules agree: the board is empty

# with gravity (tiles fall down after every removal, as in KShisen)
falling = llk.clear(board, outside=True, gravity="down")
print("with gravity:", "clearable" if falling.clearable else "not clearable")

# a Latin square of four types does not clear, ring or not: no order works
square = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
assert not llk.clear(square, outside=True).clearable
