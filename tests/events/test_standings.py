"""Standings and the cut outlook (bot/events/standings.py, cut.py): the 33% floor, byes,
and "X-Y makes top N" said only when certain (ruling 371)."""

from __future__ import annotations

from fractions import Fraction

from bot.events.cut import cannot_make, certain_record
from bot.events.records import Pairing
from bot.events.standings import standings
from bot.services.tournaments import Entrant, Table, Tournament
from bot.ui.decks import split_lines
from bot.ui.tournament import pairings_text, standings_image, standings_text
from renderers import _draw
from renderers.tournament import draw_event


def test_the_floor_and_byes_in_the_tiebreakers_369() -> None:
    # 1 beats 2; 3 has a bye; 4 beats 1... round 2: 1 v 4 (4 wins), 2 v 3 (3 wins)
    history = [Pairing(1, 1, 2, True, 0), Pairing(1, 3, None),
               Pairing(2, 4, 1, True, 0), Pairing(2, 3, 2, True, 0)]
    rows = {s.player: s for s in standings([1, 2, 3, 4], history, seed=1)}
    assert rows[3].points == 6 and rows[3].record == "2-0"
    # 3 met only 2 (the bye has no opponent): 2 is 0-2, counted at the 33% floor
    assert rows[3].omw == Fraction(1, 3)
    # 1 met 2 (0%: floored to 1/3) and 4 (1 win of 1: 100%) -> (1/3 + 1)/2 = 2/3
    assert rows[1].omw == Fraction(2, 3) and rows[1].gw == Fraction(1, 2)
    assert rows[4].record == "1-0" and rows[4].omw == Fraction(1, 2)  # 1 is 1-1


def test_a_record_makes_the_cut_only_when_certain_371() -> None:
    players = list(range(1, 9))
    # round 1 of 3 played: four winners on 3 points, four losers on 0
    history = [Pairing(1, a, b, True, 0) for a, b in ((1, 2), (3, 4), (5, 6), (7, 8))]
    rows = standings(players, history, seed=1)
    live = set(players)
    # 9 points: only the four 1-0 players can reach it -> 3-0 is in the top 4 for sure;
    # 6 points: all eight can reach it -> 2-1 is not certain
    assert certain_record(rows, live, rounds_left=2, cut=4, rounds=3) == "3-0"
    assert certain_record(rows, live, rounds_left=2, cut=8, rounds=3) is None  # all make it
    # a top 2: four players can still reach 9, so no record is certain
    assert certain_record(rows, live, rounds_left=2, cut=2, rounds=3) is None
    assert not any(cannot_make(s, rows, live, 2, 4) for s in rows)
    # round 2: 1 and 5 are 2-0 (6), 2, 3, 6, 7 are 1-1 (3), 4 and 8 are 0-2 (0)
    history += [Pairing(2, a, b, True, 0) for a, b in ((1, 3), (5, 7), (2, 4), (6, 8))]
    rows = standings(players, history, seed=1)
    # 4 and 8 can reach 3 points at most; for a top 4 a 3-point tie may still let them in
    assert not any(cannot_make(s, rows, live, 1, 4) for s in rows)
    # ... but for a top 2, players 1 and 5 already have more than they can reach
    assert {s.player for s in rows if cannot_make(s, rows, live, 1, 2)} == {4, 8}
    # 3-0 is reachable by 1 and 5 alone: certain for a top 2 and a top 4; 2-1 is not
    assert certain_record(rows, live, rounds_left=1, cut=2, rounds=3) == "3-0"
    assert certain_record(rows, live, rounds_left=1, cut=4, rounds=3) == "3-0"
    # a dropped player neither takes a seat nor is offered one
    assert cannot_make(rows[0], rows, live - {rows[0].player}, 1, 4)


def test_a_big_events_standings_page_in_text_and_image() -> None:
    """45 players: three pages of 20, each under Discord's 2,000 characters, ranks kept,
    the cut line on the page that holds it, a page past the end showing the last."""
    players = [10**17 + n for n in range(45)]  # Discord-sized ids: the longest mentions
    history = [Pairing(1, players[i], players[i + 1], True, 0) for i in range(0, 44, 2)]
    rows = standings(players, history, seed=1)
    event = Tournament(1, 1, 1, "Budokai", "panini-2016", "casual", 3, 8, 50, 1, "swiss", 2,
                       None, 1)
    entrants = [Entrant(p, 1, 1, None, False) for p in players]
    first, last = (standings_text(event, rows, entrants, page) for page in (0, 2))
    assert len(first) <= 2000 and len(last) <= 2000
    assert "`20.`" in first and "`21.`" not in first and "── top 8 ──" in first
    assert "Page 1 of 3 · next: `/tournament standings page:2`" in first
    assert "`41.`" in last and "`45.`" in last and "`40.`" not in last
    assert "Page 3 of 3" in last and "next" not in last and "── top 8 ──" not in last
    assert standings_text(event, rows, entrants, 9) == last
    image = standings_image(event, rows, entrants, {}, 1)
    assert [r.rank for r in image.rows] == list(range(21, 41))
    with _draw.record_text() as drawn:
        draw_event(image)
    assert "21" in drawn and "40" in drawn and "41" not in drawn


def test_a_64_player_rounds_pairings_fill_whole_messages() -> None:
    """Each table's line lands whole in one message of at most 2,000 characters, so every
    player is named (and pinged) when the round opens."""
    event = Tournament(1, 1, 1, "Budokai", "panini-2016", "casual", 6, 8, 50, 1, "swiss", 1,
                       None, 1)
    ids = [10**17 + n for n in range(64)]
    tables = [Table(1, n + 1, (ids[2 * n], ids[2 * n + 1]), 1000 + n, False, None, "")
              for n in range(32)]
    text = pairings_text(event, tables)
    assert len(text) > 2000
    parts = split_lines(text)
    assert len(parts) > 1 and all(len(part) <= 2000 for part in parts)
    assert "\n".join(parts) == text
    assert all(f"<@{player}>" in "".join(parts) for player in ids)
    assert split_lines("x" * 2500) == ["x" * 1999 + "…"]  # a line too long for one: clipped
