"""The result types of sudoku_count: each holds the command line's JSON record
(to_dict()) and has every field of it as an attribute, exact integers as int
and estimates as decimal.Decimal (the extension makes the conversions)."""

import copy
import decimal

import numpy


class _Record:
    def __init__(self, record, attributes):
        self._record = record
        self.__dict__.update(attributes)

    def to_dict(self):
        """The record the command line prints with --json, as a dict."""
        return copy.deepcopy(self._record)

    def __repr__(self):
        shown = ", ".join(f"{key}={getattr(self, key)!r}" for key in self._shown if key in self.__dict__)
        return f"{type(self).__name__}({shown})"

    _shown = ()


class EstimateResult(_Record):
    """An estimate (the final one, or a progress report: see `final`)."""

    _shown = ("layout", "estimate", "std_error", "rel_std_error", "samples", "method", "final")

    @property
    def log10(self):
        """log10 of the estimate (the record's log10_estimate)."""
        return self.log10_estimate


class ExactResult(int):
    """An exact count: an int, with the record's fields as attributes."""

    def __new__(cls, record, attributes):
        result = super().__new__(cls, attributes["count"])
        result._record = record
        result.__dict__.update(attributes)
        return result

    to_dict = _Record.to_dict
    # print() and str() show the number, as for any int.
    __str__ = int.__repr__

    def __repr__(self):
        return f"ExactResult({int(self)}, layout={self.layout!r}, method={self.__dict__.get('method', 'burnside')!r})"


class ExactJobResult(_Record):
    """An exact job of a two-band shape stopped before its end (max_units, time,
    Ctrl-C): how far it got (finished is False) and its checkpoint, if any."""

    _shown = ("layout", "finished", "units_done", "checkpoint")


class CalibrationResult(_Record):
    """The projected cost of counting a two-band shape by the layers route
    (exact(..., calibrate=True)): per-stage costs in `stages`, and
    projected_cpu_seconds, projected_seconds, projected_memory_bytes."""

    _shown = ("layout", "counted_box", "projected_cpu_seconds", "projected_memory_bytes")


class SolveResult(_Record):
    """A puzzle's solutions (an array of shape (k, N, N), k = 0, 1 or 2) and status."""

    _shown = ("layout", "status", "seconds")


class PuzzleCountResult(_Record):
    """An estimate of puzzle counts: the total's fields as attributes, and by_clues, one dict per clue
    count with its estimate, std_error, ci_low and ci_high as decimal.Decimal. With exact=True, the
    exact counts: `count` (all clue counts) and by_clues with an int `count` per clue count."""

    _shown = ("layout", "kind", "method", "estimate", "std_error", "grid_count", "stop_reason")

    def __init__(self, record, attributes):
        super().__init__(record, attributes)
        if record["exact"]:  # exact=True: the counts as int
            self.by_clues = [{"clues": row["clues"], "count": int(row["count"])} for row in record["exact_counts"]]
            return
        self.by_clues = [
            {key: (decimal.Decimal(value) if key in _DECIMAL_FIELDS and value is not None else value)
             for key, value in row.items()}
            for row in record["by_clues"]
        ]

    def row(self, clues):
        """The dict of by_clues for this clue count (KeyError when it was not reported)."""
        for entry in self.by_clues:
            if entry["clues"] == clues:
                return entry
        raise KeyError(clues)


_DECIMAL_FIELDS = ("estimate", "std_error", "ci_low", "ci_high")


class SampleResult(numpy.ndarray):
    """Random grids: an array of shape (count, N, N) with the record's fields as
    attributes. Arrays derived from it (slices, arithmetic) are plain arrays."""

    def __new__(cls, grids, record, attributes):
        result = numpy.asarray(grids).view(cls)
        attributes = dict(attributes)
        attributes.pop("grids", None)  # the array itself
        result._record = record
        result.__dict__.update(attributes)
        return result

    def __array_wrap__(self, array, context=None):
        return numpy.asarray(array)

    def __getitem__(self, index):
        return numpy.asarray(self)[index]

    def __iter__(self):
        return iter(numpy.asarray(self))

    to_dict = _Record.to_dict
