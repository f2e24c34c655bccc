"""连连看 link queries (HDU 1175): can two tiles be joined with at most two turns?"""

from graphsearch.llk.grid import Case, InvalidGridError, Query, parse_cases
from graphsearch.llk.link import Link

__all__ = ["Case", "InvalidGridError", "Link", "Query", "parse_cases"]
