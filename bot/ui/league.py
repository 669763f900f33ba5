"""How the league is shown: the standings (an embed page and the data its image is drawn
from), a player's profile and match history, and how a match ended, in words."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.services.league import (
    MatchEntry,
    PlayerRating,
    Profile,
    Standing,
    Standings,
)
from renderers.standings import StandingRow, StandingsTable

PAGE_SIZE = 10
LEAGUE_COLOUR = discord.Colour.gold()
FIELD_LIMIT = 1024
PROVISIONAL_NOTE = "? provisional: the rating settles after about 5 rated matches"
FORMULA_NOTE = "rating = 1000 + 40 \u00d7 (\u03bc \u2212 3\u03c3)"  # mu - 3 sigma

HOW = {
    "survival": "Survival Victory",
    "mppv": "MPPV",
    "dragon_balls": "Dragon Ball Victory",
    "concede": "concession",
    "forfeit": "forfeit (out of time)",
}
RESULTS = {"win": "Won", "loss": "Lost", "draw": "Draw", "void": "Void", "active": "In progress"}


def pages(standings: Standings) -> int:
    return max(1, -(-len(standings.rows) // PAGE_SIZE))


def page_rows(standings: Standings, page: int) -> list[Standing]:
    page = clamp_page(standings, page)
    return standings.rows[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]


def clamp_page(standings: Standings, page: int) -> int:
    return max(0, min(page, pages(standings) - 1))


def rating_text(player: PlayerRating) -> str:
    return f"{player.rating}?" if player.provisional else str(player.rating)


def record_text(player: PlayerRating) -> str:
    text = f"{player.wins}W {player.losses}L"
    return f"{text} {player.draws}D" if player.draws else text


def streak_text(streak: int) -> str:
    if streak > 0:
        return f"W{streak}"
    if streak < 0:
        return f"L{-streak}"
    return "\u2013"  # an en dash: no streak


def how_ended(entry: MatchEntry) -> str:
    """Survival / MPPV / Dragon Balls / concession / forfeit / judge's award / draw."""
    if entry.status == "void":
        return "voided by a judge; it does not count"
    if entry.status == "active":
        return "still being played"
    if entry.result == "draw":
        return "draw"
    reason = entry.win_reason or ""
    if "judge" in reason or "award" in reason:
        return "judge's award"
    return HOW.get(reason, reason.replace("_", " ") or "unknown")


def result_text(entry: MatchEntry) -> str:
    word = f"**{RESULTS.get(entry.result, entry.result)}**"
    return word if entry.result == "draw" else f"{word} · {how_ended(entry)}"


def change_text(entry: MatchEntry) -> str:
    if entry.rating_before is None or entry.rating_after is None:
        return ""
    delta = entry.rating_after - entry.rating_before
    return f" · {entry.rating_before} → {entry.rating_after} ({delta:+d})"


def opponent_text(entry: MatchEntry) -> str:
    return "the AI" if entry.opponent_id is None else f"<@{entry.opponent_id}>"


def standings_subtitle(standings: Standings, page: int) -> str:
    count = len(standings.rows)
    parts = [standings.ruleset]
    if pages(standings) > 1:
        parts.append(f"page {clamp_page(standings, page) + 1} of {pages(standings)}")
    parts.append(f"{count} player{'' if count == 1 else 's'}")
    parts.append("current season" if standings.season.current else "final standings")
    return " · ".join(parts)


def standings_embed(standings: Standings, page: int, image: str | None = None) -> discord.Embed:
    rows = page_rows(standings, page)
    lines = [
        f"`#{s.rank:>2}` <@{s.player.user_id}> · **{rating_text(s.player)}** · "
        f"{record_text(s.player)} · {streak_text(s.player.streak)}"
        for s in rows
    ]
    embed = discord.Embed(
        title=f"Standings · {standings.season.title}",
        description="\n".join(lines) or "No rated matches yet.",
        colour=LEAGUE_COLOUR,
    )
    embed.set_footer(text=f"{standings_subtitle(standings, page)}\n{PROVISIONAL_NOTE} · "
                          f"{FORMULA_NOTE}")
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    return embed


def standings_table(
    standings: Standings, page: int, names: Mapping[int, str]
) -> StandingsTable:
    """The page as plain data for renderers.standings (display names, not mentions)."""
    rows = tuple(
        StandingRow(
            rank=s.rank,
            name=names.get(s.player.user_id) or f"Player {s.player.user_id}",
            rating=s.player.rating,
            provisional=s.player.provisional,
            record=record_text(s.player),
            streak=streak_text(s.player.streak),
        )
        for s in page_rows(standings, page)
    )
    return StandingsTable(standings.season.title, standings_subtitle(standings, page), rows)


def empty_standings_text(standings: Standings) -> str:
    season = standings.season
    if season.current:
        return (f"No ranked {standings.ruleset} match has been played in {season.title} yet. "
                "Queue with `/play queue mode:ranked` (or challenge someone to a ranked match) "
                "to get on the board!")
    return f"{season.title} ended without any rated {standings.ruleset} match."


def entry_line(entry: MatchEntry) -> str:
    mode = entry.mode if entry.mode != "ranked" else "**ranked**"
    return (f"`#{entry.match_id}` <t:{int(entry.at)}:d> · {mode} {entry.ruleset} · vs "
            f"{opponent_text(entry)} · {result_text(entry)}{change_text(entry)}")


def history_embed(entries: list[MatchEntry], name: str) -> discord.Embed:
    embed = discord.Embed(
        title=f"Match history · {name}",
        description=_clip("\n".join(entry_line(e) for e in entries), 4096),
        colour=LEAGUE_COLOUR,
    )
    embed.set_footer(text=f"The last {len(entries)} match{'' if len(entries) == 1 else 'es'} "
                          "in this server, newest first. Ranked ones show the rating change.")
    return embed


def profile_embed(profile: Profile, name: str) -> discord.Embed:
    embed = discord.Embed(
        title=f"Profile · {name}",
        description=f"<@{profile.user_id}> in {profile.season.title} (current season)",
        colour=LEAGUE_COLOUR,
    )
    if not profile.ratings:
        embed.add_field(name="Rating", value=f"No ranked match in {profile.season.title} yet.",
                        inline=False)
    for standings, standing in profile.ratings:
        player = standing.player
        state = "(provisional)" if player.provisional else "(established)"
        embed.add_field(
            name=f"Rating · {standings.ruleset}",
            value=(f"**{player.rating}** {state} · rank {standing.rank} of "
                   f"{len(standings.rows)}\n{record_text(player)} · streak "
                   f"{streak_text(player.streak)}"),
            inline=False,
        )
    finished = profile.wins + profile.losses + profile.draws
    record = f"{profile.played} played · {profile.wins} won · {profile.losses} lost"
    if profile.draws:
        record += f" · {profile.draws} drawn"
    if finished < profile.played:
        record += f" · {profile.played - finished} void or in progress"
    embed.add_field(name="All matches here (any mode)", value=record, inline=False)
    if profile.favourite is not None:
        mp, count = profile.favourite
        embed.add_field(name="Most played Main Personality",
                        value=f"{mp} ({count} of {profile.played} matches)", inline=False)
    if profile.recent:
        embed.add_field(name="Recent matches",
                        value=_clip("\n".join(entry_line(e) for e in profile.recent)),
                        inline=False)
    embed.set_footer(text=f"{PROVISIONAL_NOTE} · {FORMULA_NOTE}")
    return embed


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut[: cut.rfind("\n")] if "\n" in cut else cut) + "…"
