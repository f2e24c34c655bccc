"""OR-Tools CP-SAT models of the puzzles (imported only by the engines that use them)."""

__all__: list[str] = []
