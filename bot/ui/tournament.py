"""What an event shows: its standings as text and as plain data for the image
(renderers/tournament.py), the round's pairings, and what makes the cut."""

from __future__ import annotations

from collections.abc import Mapping

from bot.events.cut import cannot_make, certain_record
from bot.events.standings import Standing, percent
from bot.services.tournaments import Entrant, Table, Tournament
from bot.ui.decks import clip
from renderers.tournament import EventRow, EventTable

PAGE = 20  # standings rows per page: text under Discord's 2,000 characters, image legible
STAGES = {"signup": "sign-ups open", "swiss": "Swiss", "cut": "top cut", "done": "over"}


def title(event: Tournament) -> str:
    return f"#{event.id} {event.name}"


def subtitle(event: Tournament, players: int) -> str:
    rounds = f"{event.rounds} rounds" if event.rounds else "rounds by player count"
    where = STAGES[event.stage]
    if event.stage in ("swiss", "cut"):
        where += f", round {event.round}"
    cut = f"top {event.cut}" if event.cut else "no cut"
    return f"{event.ruleset} · {event.mode} · {rounds} · {cut} · {players} players · {where}"


def _flag(entrant: Entrant | None) -> str:
    if entrant is None or entrant.active:
        return ""
    return " (disqualified)" if entrant.disqualified else " (dropped)"


def pages(rows: list[Standing]) -> int:
    return max(1, -(-len(rows) // PAGE))


def on_page(rows: list[Standing], page: int) -> list[tuple[int, Standing]]:
    """The rows of page `page` (0-based, clamped), each with its rank."""
    page = max(0, min(page, pages(rows) - 1))
    return list(enumerate(rows, start=1))[page * PAGE:(page + 1) * PAGE]


def standings_text(event: Tournament, rows: list[Standing], entrants: list[Entrant],
                   page: int = 0) -> str:
    by_user = {e.user_id: e for e in entrants}
    lines = [f"**{title(event)}** · {subtitle(event, len(entrants))}",
             "`#  ` player · record · points · OMW · GW · OGW"]
    shown = on_page(rows, page)
    for rank, s in shown:
        lines.append(f"`{rank:>2}.` <@{s.player}>{_flag(by_user.get(s.player))} · {s.record} · "
                     f"{s.points} · {percent(s.omw)} · {percent(s.gw)} · {percent(s.ogw)}")
        if rank == event.cut and rank < len(rows) and event.stage in ("signup", "swiss"):
            lines.append(f"── top {event.cut} ──")
    if pages(rows) > 1:
        number = (shown[0][0] - 1) // PAGE + 1
        after = f" · next: `/tournament standings page:{number + 1}`" if number < pages(
            rows) else ""
        lines.append(f"Page {number} of {pages(rows)}{after}")
    lines += cut_outlook(event, rows, entrants)
    return clip("\n".join(lines))


def cut_outlook(event: Tournament, rows: list[Standing], entrants: list[Entrant]) -> list[str]:
    """What makes the cut, said only when certain: the weakest final record that is in
    whatever else happens, and who can no longer make it."""
    if not event.cut or event.stage not in ("swiss",) or not event.rounds:
        return []
    live = {e.user_id for e in entrants if e.active}
    left = event.rounds - event.round
    lines = []
    record = certain_record(rows, live, left, event.cut, event.rounds)
    if record is not None:
        lines.append(f"**{record} makes top {event.cut}** whatever else happens.")
    out = [s.player for s in rows if s.player in live
           and cannot_make(s, rows, live, left, event.cut)]
    if out:
        lines.append("Can no longer make the cut: " + ", ".join(f"<@{p}>" for p in out))
    return lines


def pairings_text(event: Tournament, tables: list[Table]) -> str:
    if not tables:
        return f"**{title(event)}** has no round in play."
    number = tables[0].round
    kind = "Top cut, round" if number > event.rounds else "Round"
    lines = [f"**{title(event)}** · {kind} {number}"]
    for table in tables:
        first, second = table.players
        if second is None:
            lines.append(f"Table {table.number}: <@{first}> has a bye (a win)")
            continue
        result = result_text(table)
        lines.append(f"Table {table.number}: <@{first}> vs <@{second}> · match "
                     f"#{table.match_id} · {result}")
    return "\n".join(lines)


def result_text(table: Table) -> str:
    if not table.done:
        return "void: a judge fixes it" if table.how == "void" else "playing"
    if table.winner is None:
        return "time: a draw" if table.how == "time" else "a draw"
    return f"<@{table.players[table.winner]}> won"


def standings_image(event: Tournament, rows: list[Standing], entrants: list[Entrant],
                    names: Mapping[int, str], page: int = 0) -> EventTable:
    by_user = {e.user_id: e for e in entrants}
    return EventTable(
        title(event), subtitle(event, len(entrants)),
        tuple(EventRow(rank, names.get(s.player) or f"Player {s.player}",
                       (s.record, str(s.points), percent(s.omw), percent(s.gw),
                        percent(s.ogw)),
                       out=not by_user[s.player].active if s.player in by_user else False)
              for rank, s in on_page(rows, page)),
        cut=event.cut)
