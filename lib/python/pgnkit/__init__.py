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

Also: pgnkit.Position (legal moves, SAN/LAN/UCI in any language, Polyglot
keys), pgnkit.parse_movetext (a column of movetext strings on N threads),
pgnkit.Database (a database `pgnkit index` built) and pgnkit.to_records
(games as plain rows or columns, for pandas and the like).

Errors are pgnkit.Error exceptions (ReadError, MoveError, FenError) with
the messages of the pgnkit command; .status is the library's status and
.exit_code the command's exit code for it.
"""
import io
import os

from ._pgnkit import (  # noqa: F401
    Database,
    Diagnostic,
    Error,
    FenError,
    Game,
    MoveError,
    Position,
    ReadError,
    Source,
    Variation,
    languages,
    library_version,
    parse_movetext,
    status_name,
)
from ._pgnkit import Reader as _Reader

__version__ = library_version
__all__ = [
    "read", "to_records", "parse_movetext", "Position", "Database", "Game", "Diagnostic",
    "Variation", "Source", "Error", "ReadError", "MoveError", "FenError", "languages",
    "status_name",
]


def _file_reader(f, threads):
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
        return _Reader(fd=fd, name=name or "<file>", threads=threads)
    data = f.read()
    if isinstance(data, str):
        data = data.encode("utf-8")
    return _Reader(data=bytes(data), name=name or "<memory>", threads=threads)


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
