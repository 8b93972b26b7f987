import os
from typing import Any, NamedTuple, Protocol

class _Client(Protocol):
    def map(self, func: Any, *iterables: Any, **kwargs: Any) -> list[Any]: ...
    def gather(self, futures: Any) -> Any: ...

_Paths = str | os.PathLike[str] | list[str | os.PathLike[str]]

class Shard(NamedTuple):
    path: str
    start: int
    end: int | None
    line: int
    number: int

def shards(sources: _Paths, pieces: int = 1) -> list[Shard]: ...
def stats(client: _Client, sources: _Paths, pieces: int = 1, **kw: Any) -> dict[str, Any]: ...
def search(client: _Client, sources: _Paths, pieces: int = 1, **kw: Any) -> list[bytes]: ...
def validate(client: _Client, sources: _Paths, pieces: int = 1, **kw: Any) -> dict[str, Any]: ...
