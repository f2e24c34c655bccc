"""The ``solve`` command line (installed as ``graphsearch.cli``)."""

__all__: list[str] = []
