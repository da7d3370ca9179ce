"""Count, estimate, sample and solve completed Sudoku grids.

    >>> import sudoku_count as sc
    >>> sc.exact('2x2')
    >>> sc.estimate('3', rel_error=1e-3).estimate
    >>> sc.puzzles('2', grids=100, subset_size=8).row(5)['estimate']
    >>> sc.sample('3', count=5, seed=1).shape
    (5, 9, 9)

The box is given as on the command line ('3', '2x3'); keyword arguments are
the fields of the library's requests, named like the command's options
(rel_error for --rel-error); None means the library's default. Bad input
raises ValueError (sudoku_count.InputError) with the library's message, which
names the keyword at fault (rel_error=). See docs/python.md.
"""

from ._core import InputError, __version__, estimate, exact, puzzles, sample, solve
from ._results import (CalibrationResult, EstimateResult, ExactJobResult, ExactResult, PuzzleCountResult, SampleResult,
                       SolveResult)

__all__ = ["estimate", "exact", "puzzles", "sample", "solve", "InputError", "CalibrationResult", "EstimateResult",
           "ExactJobResult", "ExactResult", "PuzzleCountResult", "SampleResult", "SolveResult", "__version__"]
