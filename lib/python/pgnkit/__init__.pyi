# __init__.pyi - the types of the pgnkit module, for type checkers and editors.
# SPDX-License-Identifier: MIT
import os
from typing import IO, Any, Iterable, Iterator, Literal, NamedTuple, overload

__version__: str
library_version: str

class Error(Exception):
    status: int
    exit_code: int

class ReadError(Error, OSError): ...
class MoveError(Error, ValueError): ...
class FenError(Error, ValueError): ...

class Diagnostic(NamedTuple):
    code: str
    severity: Literal["error", "warning", "note"]
    message: str
    file: str
    line: int
    column: int
    offset: int
    ply: int | None
    move: str | None
    fen: str | None
    status: int

class Variation(NamedTuple):
    parent: int
    index: int
    depth: int
    moves: list[str]

class Source(NamedTuple):
    file: str
    start: int
    end: int

class Game:
    tags: dict[str, str]
    result: str
    @property
    def moves(self) -> list[str]: ...
    uci: list[str]
    clocks: list[float | None]
    elapsed: list[float | None]
    evals: list[int | None]
    mates: list[int | None]
    comments: list[tuple[str, ...]]
    start_comments: list[str]
    nags: list[tuple[int, ...]]
    variations: list[Variation]
    diagnostics: list[Diagnostic]
    valid: bool
    end: str
    source: Source
    raw: bytes | None
    number: int
    line: int
    @property
    def errors(self) -> list[Diagnostic]: ...
    def fens(self) -> list[str]: ...
    def write(self, format: WriteFormat = "pgn", lang: str = "en", per: Per = "game") -> str: ...

WriteFormat = Literal["pgn", "ndjson", "epd", "fen", "uci", "csv", "rows", "plain"]
Per = Literal["game", "ply"]

InputSource = str | bytes | bytearray | memoryview | os.PathLike[str] | IO[bytes] | IO[str]

def read(source: InputSource, threads: int = 1) -> Iterator[Game]: ...

class _Converted(Iterator[str]):
    def __next__(self) -> str: ...
    @property
    def left_out(self) -> int: ...

def convert(source: InputSource, format: WriteFormat = "pgn", lang: str = "en",
            threads: int = 1, per: Per = "game") -> _Converted: ...
def validate(source: InputSource, threads: int = 1) -> dict[str, Any]: ...


Sources = str | bytes | os.PathLike[str] | list[str | bytes | os.PathLike[str]]
StatsReport = Literal["summary", "openings", "players", "tree", "clock"]
STATS_REPORTS: dict[str, int]

def search(source: Sources, where: str | None = None, position: str | None = None,
           threads: int = 1, ignore_case: bool = False,
           **criteria: str | int | bool | None) -> Iterator[Game]: ...
def stats(source: Sources, report: StatsReport | None = None, tree: str | None = None,
          position: str | None = None, depth: int | None = None, threads: int = 1,
          ignore_case: bool = False, **criteria: str | int | bool | None) -> dict[str, Any]: ...
def stats_merge(dicts: Iterable[dict[str, Any]]) -> dict[str, Any]: ...

def parse_movetext(strings: Iterable[str | bytes], threads: int = 1) -> list[dict[str, Any]]: ...

MoveFormat = Literal["san", "lan", "uci"]

class Position:
    def __init__(self, fen: str | None = None) -> None: ...
    key: int
    turn: Literal["white", "black"]
    is_check: bool
    is_checkmate: bool
    is_stalemate: bool
    is_dead: bool
    def fen(self) -> str: ...
    def copy(self) -> Position: ...
    def legal_moves(self, format: MoveFormat = "uci", lang: str = "en") -> list[str]: ...
    def push(self, move: str, lang: str = "auto") -> str: ...
    def push_san(self, move: str, lang: str = "auto") -> str: ...
    def push_uci(self, move: str) -> str: ...
    def write(self, move: str, format: MoveFormat = "san", lang: str = "en") -> str: ...

class Database:
    def __init__(self, path: str | os.PathLike[str]) -> None: ...
    def __len__(self) -> int: ...
    def __enter__(self) -> Database: ...
    def __exit__(self, *args: object) -> None: ...
    def count(self, **criteria: str | int | bool) -> int: ...
    def find(self, **criteria: str | int | bool) -> list[int]: ...
    def game(self, number: int) -> bytes: ...
    def tree(self, position: Position | str | None = None) -> dict[str, Any]: ...
    def close(self) -> None: ...

@overload
def to_records(games: Iterable[Game], columns: Literal[False] = False) -> list[dict[str, Any]]: ...
@overload
def to_records(games: Iterable[Game], columns: Literal[True]) -> dict[str, list[Any]]: ...
def languages() -> list[str]: ...
def status_name(status: int) -> str: ...
