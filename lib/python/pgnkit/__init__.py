# pgnkit - read, replay and query PGN chess games from Python, on the C library libpgnkit.
# SPDX-License-Identifier: MIT
"""Read, replay and query PGN chess games fast.

    import pgnkit
    for game in pgnkit.read("twic.pgn.gz"):
        print(game.tags["White"], game.result, game.uci[:4], game.clocks[:2])

pgnkit.read() takes a path (plain, gzip, zstd, UTF-16, archives: whatever
`pgnkit validate` reads), "-" for standard input, bytes, or a file object.
Games come as pgnkit.Game objects, whose moves are the replay's own
(checked against the rules, as `pgnkit validate` checks them).

pgnkit.search() and pgnkit.stats() take the criteria of `pgnkit search`
as keywords and give what the commands give: the games, in input order,
and the dict of `pgnkit stats --format json`, which pgnkit.stats_merge()
merges exactly.

Also: pgnkit.Position (legal moves, SAN/LAN/UCI in any language, Polyglot
keys), pgnkit.parse_movetext (a column of movetext strings on N threads),
pgnkit.Database (a database `pgnkit index` built) and pgnkit.to_records
(games as plain rows or columns, for pandas and the like).

Errors are pgnkit.Error exceptions (ReadError, MoveError, FenError) with
the messages of the pgnkit command; .status is the library's status and
.exit_code the command's exit code for it.
"""
import io
import json
import os
import re

from ._pgnkit import (  # noqa: F401
    Database,
    Diagnostic,
    Error,
    FenError,
    Game,
    MoveError,
    Position,
    ReadError,
    STATS_REPORTS,
    Source,
    Variation,
    languages,
    library_version,
    parse_movetext,
    status_name,
)
from ._pgnkit import Reader as _Reader
from ._pgnkit import _stats_merge

__version__ = library_version
__all__ = [
    "read", "convert", "validate", "search", "stats", "stats_merge", "to_records", "parse_movetext", "Position", "Database", "Game", "Diagnostic",
    "Variation", "Source", "Error", "ReadError", "MoveError", "FenError", "languages",
    "status_name",
]


def _file_reader(f, threads, **select):
    """A reader of file object f: through its descriptor when it has one, else its bytes."""
    name = getattr(f, "name", None)
    name = name if isinstance(name, str) else None
    try:
        fd = f.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        fd = -1
    if fd >= 0 and isinstance(f, (io.BufferedReader, io.FileIO, io.BufferedRandom)):
        # The library reads the descriptor from where it stands; what Python has
        # buffered ahead of f.tell() would be skipped, so go back to it.
        if f.seekable():
            os.lseek(fd, f.tell(), os.SEEK_SET)
        return _Reader(fd=fd, name=name or "<file>", threads=threads, **select)
    data = f.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    return _Reader(data=bytes(data), name=name or "<memory>", threads=threads, **select)


def read(source, threads=1):
    """Yield the games of source as pgnkit.Game objects, in input order.

    source: a path (str or os.PathLike; "-" is standard input), bytes (or
    bytearray, memoryview), or a file object open for reading (binary or
    text). The format is found from the content: plain PGN, gzip, zstd,
    UTF-16 with a byte order mark, and archives (zip, 7z, tar) whose PGN
    members are read one after another. The GIL is released while the
    library reads and replays a game.

    threads: with N > 1, one thread reads ahead and N threads replay the
    games while Python works on earlier ones; games come in input order,
    the same games as with one thread.

    Raises ReadError when the input cannot be opened, is damaged (after the
    games before the damage) or is not PGN, with the command's message.
    A broken game is no exception: it comes with game.valid False and its
    diagnostics.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        reader = _Reader(data=bytes(source), threads=threads)
    elif isinstance(source, (str, os.PathLike)):
        reader = _Reader(path=os.fsencode(source), threads=threads)
    elif hasattr(source, "read"):
        reader = _file_reader(source, threads)
    else:
        raise TypeError("read: source must be a path, bytes or a file object, not %s"
                        % type(source).__name__)
    return iter(reader)


class _Converted:
    """The iterator convert() returns: the written texts, and .left_out."""

    def __init__(self, reader):
        self._reader = reader

    def __iter__(self):
        return self

    def __next__(self):
        """The text of the next game written."""
        return next(self._reader)

    @property
    def left_out(self):
        """The games so far with errors, which convert leaves out (and names on stderr)."""
        return self._reader.left_out


def convert(source, format="pgn", lang="en", threads=1, per="game"):
    """Yield the games of source as `pgnkit convert --format FORMAT --lang LANG` writes them.

    One str per game written, in input order: their concatenation is the
    command's standard output, byte for byte (csv's header row comes with
    the first game). source is what read() takes. format: pgn, ndjson, epd,
    fen, uci, csv, rows or plain, as convert names them (its json, one
    array of every game, is ndjson here, one object per line); per='ply'
    is convert's --per ply, for rows and csv. lang: a notation language of
    languages() for the SAN written.

    A game with errors is left out, as convert leaves it out; the
    iterator's left_out attribute counts those so far. threads is taken as
    read() takes it, but games are written on the calling thread: the
    writer needs the reader's own game. Raises ValueError for a format,
    per or language that is none, and ReadError as read() does.
    """
    del threads  # see the docstring: one thread writes
    return _Converted(_reader(source, 1, write=(format, per, lang)))


# The diagnostic code of a game not replayed for its variant: validate counts it as skipped.
_SKIPPED_CODE = "variant"


def validate(source, threads=1):
    """Check every game of source as `pgnkit validate` does; a dict of what it found.

    source is what read() takes; threads as read() takes it. The dict holds
    the counts of validate's summary line: games, valid, invalid, skipped
    (games of a variant, not replayed), errors and warnings, and
    diagnostics, the list of every game's pgnkit.Diagnostic in input order
    (notes too, which the summary does not count; validate's notes that
    compare games, such as duplicates, are not among them). A game is
    invalid when it has an error, skipped when it has none but a variant
    note, valid otherwise. Raises ReadError as read() does.
    """
    summary = _summary()
    diagnostics = []
    for game in read(source, threads):
        _tally(summary, game)
        diagnostics.extend(game.diagnostics)
    summary["diagnostics"] = diagnostics
    return summary


def _summary():
    """The counts of validate's summary line, all 0."""
    return dict(games=0, valid=0, invalid=0, skipped=0, errors=0, warnings=0)


def _tally(summary, game):
    """Counts game into summary as `pgnkit validate` counts it: the one place that
    decides a game's verdict (invalid, skipped, valid) for validate() and pgnkit.dask."""
    summary["games"] += 1
    codes = set()
    for d in game.diagnostics:
        codes.add(d.code)
        if d.severity == "error":
            summary["errors"] += 1
        elif d.severity == "warning":
            summary["warnings"] += 1
    if not game.valid:
        summary["invalid"] += 1
    elif _SKIPPED_CODE in codes:
        summary["skipped"] += 1
    else:
        summary["valid"] += 1


# The columns of to_records() besides the tags, in this order after them.
_COLUMNS = ("result", "plies", "moves", "uci", "valid", "end", "file", "number", "start", "end_offset")


def _row(game):
    row = dict(game.tags)
    row.update(
        result=game.result,
        plies=len(game.uci),
        moves=" ".join(game.moves),
        uci=" ".join(game.uci),
        valid=game.valid,
        end=game.end,
        file=game.source.file,
        number=game.number,
        start=game.source.start,
        end_offset=game.source.end,
    )
    return row


def to_records(games, columns=False):
    """Games as plain Python data a dataframe library builds a table from.

    games: any iterable of pgnkit.Game (pgnkit.read(...) itself).
    Returns a list of dicts, one per game: its tags, then result, plies,
    moves (SAN, space-separated), uci, valid, end, file, number, start and
    end_offset (the game's bytes in its input). With columns=True, a dict of
    lists instead, one list per key, with None where a game lacks a tag.
    Neither numpy nor pandas is needed: pandas.DataFrame(to_records(...))
    takes either form.
    """
    rows = [_row(g) for g in games]
    if not columns:
        return rows
    names = {}
    for row in rows:
        for k in row:
            names.setdefault(k, None)
    return {k: [row.get(k) for row in rows] for k in names}


# The first bytes of a pgnkit database (an SQLite file), as `pgnkit search` tells one from PGN.
_DATABASE_MAGIC = b"SQLite format 3\0"


def _is_database(path):
    try:
        with open(path, "rb") as f:
            return f.read(len(_DATABASE_MAGIC)) == _DATABASE_MAGIC
    except OSError:
        return False  # reading it as PGN says why in the command's words


def _sources(source):
    """source as a list of inputs: one path, bytes or file object, or a list or tuple of them."""
    return list(source) if isinstance(source, (list, tuple)) else [source]


def _reader(source, threads, **select):
    """A _Reader of one input (as read() takes it) with a selection (criteria, stats, write)."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _Reader(data=bytes(source), threads=threads, **select)
    if isinstance(source, (str, os.PathLike)):
        return _Reader(path=os.fsencode(source), threads=threads, **select)
    if hasattr(source, "read"):
        return _file_reader(source, threads, **select)
    raise TypeError("source must be a path, bytes or a file object, not %s"
                    % type(source).__name__)


def _database_games(path, criteria, ignore_case):
    """The PGN text of the games of database path that meet criteria, in input order."""
    with Database(path) as db:
        return [db.game(n) for n in db.find(ignore_case=ignore_case, **criteria)]


def search(source, where=None, position=None, threads=1, ignore_case=False, **criteria):
    """Yield the games of source that meet every criterion, in input order.

    source: a path (a PGN file in any form read() takes, or a database
    built by `pgnkit index`), bytes, or a list of them, read one after
    another. Criteria are the long options of pgnkit-search(1) with '_'
    for '-': where='white_elo > 2600 and checkmate', position=FEN,
    white='Carlsen', eco='B90-B99', plies_min=80, checkmate=True;
    ignore_case=True is search -i. The games are those `pgnkit search`
    writes for the same criteria, as pgnkit.Game objects (read back from
    the database's sources for a database).

    threads: with N > 1, N threads replay and match ahead of the caller.
    Raises pgnkit.Error with the message of pgnkit search ("--eco: 'X' is
    not an ECO range like B90-B99") for a criterion refused, before any
    game is read, and ReadError as read() does.
    """
    criteria = dict(criteria, where=where, position=position)
    inputs = _sources(source)
    # Criteria are checked before the first input is opened, as the command does.
    _Reader(data=b"", criteria=criteria, ignore_case=ignore_case)
    return _search(inputs, criteria, ignore_case, threads)


def _search(inputs, criteria, ignore_case, threads):
    for one in inputs:
        if isinstance(one, (str, os.PathLike)) and _is_database(one):
            for text in _database_games(one, criteria, ignore_case):
                yield from _reader(text, 1)
        else:
            yield from _reader(one, threads, criteria=criteria, ignore_case=ignore_case)


def _tree_root(tree, position):
    """The Position a tree report starts from: FEN position, then the moves of tree ("1. e4 c5")."""
    root = Position(position) if position else Position()
    for word in (tree or "").split():
        word = re.sub(r"^[0-9]+\.+", "", word)  # move numbers: "1." "1..." "1.e4"
        if word:
            root.push(word)
    return root


def _stats_spec(report, tree, position, depth):
    """(report number, tree root or None, depth), as the library's stats take them."""
    if report is None:
        report = "tree" if tree is not None else "summary"
    if report not in STATS_REPORTS:
        raise ValueError("unknown stats report '%s' (%s)" % (report, ", ".join(STATS_REPORTS)))
    if report != "tree":
        return STATS_REPORTS[report], None, 0
    return STATS_REPORTS[report], _tree_root(tree, position), 1 if depth is None else depth


def stats(source, report=None, tree=None, position=None, depth=None, threads=1,
          ignore_case=False, **criteria):
    """The stats of the games of source, the dict `pgnkit stats --format json` prints.

    source: a path (PGN in any form read() takes, or a database), bytes,
    or a list of them, counted together. report: 'summary' (the default),
    'openings', 'players' or 'tree' (the default when tree is given). For
    the tree, its root is position (a FEN; the start position when None)
    after the moves of tree ("1. e4 c5"), and depth how many moves deep it
    goes (1 by default, as pgnkit stats --tree). Otherwise position, like
    every other keyword, is a criterion of pgnkit search: only the games
    that meet every criterion are counted.

    threads: N threads count the games of an input, each into its own
    aggregate, merged at the end (exactly: counts, not averages). Dicts of
    several calls merge with stats_merge() into the dict of one call over
    all their inputs.
    """
    spec = _stats_spec(report, tree, position, depth)
    if spec[1] is None:
        criteria["position"] = position
    criteria = {k: v for k, v in criteria.items() if v is not None and v is not False}
    select = dict(criteria=criteria or None, ignore_case=ignore_case, stats=spec)
    _Reader(data=b"", **select)  # criteria and depth refused before any input is opened
    texts = []
    for one in _sources(source):
        if isinstance(one, (str, os.PathLike)) and _is_database(one):
            one = b"".join(_database_games(one, criteria, ignore_case))
            select["criteria"] = None
        r = _reader(one, threads, **select)
        for _ in r:
            pass  # the stats count every game; none is kept
        texts.append(r.stats_json())
        select["criteria"] = criteria or None
    return json.loads(_stats_merge(texts, *spec))


def stats_merge(dicts):
    """The dicts of several pgnkit.stats() calls (or `pgnkit stats --format json` outputs,
    parsed) merged into the dict of one call over all their games, exactly.

    They must all be of one report (for a tree, of one root and depth).
    Raises pgnkit.Error ("... report ...") when they are not, ValueError
    when there is none.
    """
    dicts = list(dicts)
    if not dicts:
        raise ValueError("stats_merge needs at least one stats dict")
    first = dicts[0]
    report = first.get("report")
    if report not in STATS_REPORTS:
        raise ValueError("not a stats dict of pgnkit: report %r" % (report,))
    root = Position(first["fen"] + " 0 1") if report == "tree" else None
    texts = [json.dumps(d, ensure_ascii=False) for d in dicts]
    return json.loads(_stats_merge(texts, STATS_REPORTS[report], root, first.get("depth", 0)))
