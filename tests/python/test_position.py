# test_position.py - pgnkit.Position against perft counts, the SAN table, and Polyglot's reference keys.
# SPDX-License-Identifier: MIT
import pytest

import pgnkit
from conftest import ROOT

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def epd_rows(name):
    for line in (ROOT / "tests/data" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fen, *depths = line.split(";")
            counts = dict(d.split()[:2] for d in depths if d.split()[:1] and d.split()[0][0] == "D")
            if "D1" in counts:
                yield fen.strip(), counts


def perft(p, depth):
    """Counts leaf nodes by pushing and copying, the module's own moves only."""
    if depth == 0:
        return 1
    total = 0
    for m in p.legal_moves():
        q = p.copy()
        q.push_uci(m)
        total += perft(q, depth - 1)
    return total


@pytest.mark.parametrize("name", ["standard.epd", "tricky.epd", "chess960.epd"])
def test_legal_move_counts_are_the_published_perft_counts(name):
    rows = list(epd_rows(name))
    assert rows
    done = 0
    for fen, counts in rows:
        try:
            p = pgnkit.Position(fen)
        except pgnkit.FenError as e:
            # A few perft positions cannot arise in a game ("impossible check"):
            # the library refuses them as a position of a game, as it should.
            assert "impossible" in str(e), fen
            continue
        done += 1
        assert len(p.legal_moves()) == int(counts["D1"]), fen
        if int(counts.get("D2", 10**9)) < 3000:
            assert perft(p, 2) == int(counts["D2"]), fen
    assert done >= len(rows) - 6


def table():
    for line in (ROOT / "tests/data/san.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            fen, token, lang, expected = line.split("\t")
            yield fen, token, lang, expected


def test_the_san_table_read_by_push():
    rows = list(table())
    assert len(rows) > 700
    for fen, token, lang, expected in rows:
        p = pgnkit.Position(fen)
        want = expected.split(":")[0]
        if want in ("SYNTAX", "ILLEGAL", "AMBIGUOUS"):
            with pytest.raises(pgnkit.MoveError) as e:
                p.push_san(token, lang=lang)
            status = {"SYNTAX": -1, "ILLEGAL": -2, "AMBIGUOUS": -3}[want]
            assert e.value.status == status, (fen, token)
            assert e.value.exit_code == 2
            if ": " in expected:
                assert expected.split(": ", 1)[1] in str(e.value), (fen, token, str(e.value))
            assert p.fen() == pgnkit.Position(fen).fen(), "a refused move leaves the position"
            continue
        uci = p.write(token, format="uci") if lang == "auto" else None
        q = pgnkit.Position(fen)
        q.push_san(token, lang=lang)
        # Castling may be written either way (e1g1 or e1h1): compare the positions.
        r = pgnkit.Position(fen)
        r.push_uci(want)
        assert q.fen() == r.fen(), (fen, token, lang)
        if uci is not None:
            s = pgnkit.Position(fen)
            s.push_uci(uci)
            assert s.fen() == r.fen()


def test_writing_san_lan_uci_and_languages():
    p = pgnkit.Position()
    assert p.write("g1f3") == "Nf3"
    assert p.write("Nf3", format="lan") == "Ng1-f3"
    assert p.write("Ng1-f3", format="uci") == "g1f3"
    assert p.write("Nf3", lang="de") == "Sf3"
    assert p.write("Sf3", lang="fr") == "Cf3"
    assert sorted(p.legal_moves(format="san"))[:3] == ["Na3", "Nc3", "Nf3"]
    assert "Sf3" in p.legal_moves(format="san", lang="de")
    assert p.push("e2e4") == "e4"
    assert p.push("Sf6") == "Nf6"
    assert p.push_uci("e4e5") == "e5"
    assert p.push("d5") == "d5"
    assert p.write("exd6") == "exd6"          # en passant, written as SAN writes it
    assert p.write("e5d6", format="lan") == "e5xd6"
    with pytest.raises(pgnkit.MoveError):
        p.push_uci("Nf3")
    with pytest.raises(ValueError):
        p.legal_moves(format="xyz")
    with pytest.raises(ValueError):
        p.write("e4", lang="klingon")
    assert "de" in pgnkit.languages() and pgnkit.languages()[0] == "en"


def test_polyglot_reference_keys():
    # The values published with the Polyglot book format.
    keys = [
        ([], 0x463B96181691FC9C),
        (["e2e4"], 0x823C9B50FD114196),
        (["e2e4", "d7d5"], 0x0756B94461C50FB0),
        (["e2e4", "d7d5", "e4e5"], 0x662FAFB965DB29D4),
        (["e2e4", "d7d5", "e4e5", "f7f5"], 0x22A48B5A8E47FF78),
        (["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652A607CA3F242C1),
        (["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00FDD303C946BDD9),
        (["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3C8123EA7B067637),
        (["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5C3F9B829B279560),
    ]
    for moves, key in keys:
        p = pgnkit.Position()
        for m in moves:
            p.push_uci(m)
        assert p.key == key, moves


def test_states_by_hand():
    p = pgnkit.Position()
    assert (p.is_check, p.is_checkmate, p.is_stalemate, p.is_dead, p.turn) == \
        (False, False, False, False, "white")
    for m in ("f3", "e5", "g4", "Qh4#"):
        p.push(m)
    assert p.is_check and p.is_checkmate and not p.is_stalemate and p.turn == "white"
    assert p.legal_moves() == []
    stalemate = pgnkit.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate and not stalemate.is_check
    dead = pgnkit.Position("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
    assert dead.is_dead and not dead.is_stalemate
    alive = pgnkit.Position("8/8/4k3/8/8/3RK3/8/8 w - - 0 1")
    assert not alive.is_dead


def test_fen_round_trip_and_errors():
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert pgnkit.Position(fen).fen() == fen
    assert pgnkit.Position().fen() == START
    assert repr(pgnkit.Position()) == f"pgnkit.Position('{START}')"
    for bad in ("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
                "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"):
        with pytest.raises(pgnkit.FenError) as e:
            pgnkit.Position(bad)
        assert e.value.status == -10 and isinstance(e.value, ValueError)
