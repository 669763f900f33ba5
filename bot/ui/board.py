"""Embeds for a match, built only from engine views (engine.panini.view): the thread's board
from the spectator view, a hand from its owner's view. Whatever a view hides cannot leak."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.events.glossary import hint
from bot.services.families import panini
from bot.services.matches import AI, LiveMatch
from bot.textboard import anger_gauge, win_reason_text
from engine.core.events import Event
from engine.panini.game import Game
from engine.panini.view import SPECTATOR, player_view

HERO_COLOUR = discord.Colour.blue()
VILLAIN_COLOUR = discord.Colour.red()
OVER_COLOUR = discord.Colour.gold()
FIELD_LIMIT = 1024
HAND_FOOTER_END = "only you can see this"
BOARD_EVENTS = 8


def hand_only(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The part of `seat`'s own view a hand image is drawn from: its hand. A hand is drawn
    again only when its inputs change, and the rest of the view changes at every decision
    (the board, the other hand's size, the decision number) where the hand mostly does not."""
    players = view["players"]
    return {"players": [{"hand": list(side["hand"])} if number == seat else {}
                        for number, side in enumerate(players)]}

def seat_label(match: LiveMatch, seat: int) -> str:
    user = match.players[seat]
    return "the AI" if user is AI else f"<@{user}>"


def panini_game(match: LiveMatch) -> Game:
    return panini(match.game)


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _names(names: Iterable[str]) -> str:
    listed = list(names)
    return ", ".join(listed) if listed else "-"


def side_text(side: Mapping[str, Any]) -> str:
    mp = side["main_personality"]
    discard = side["discard_pile"]
    top = f" (top: {discard[-1]})" if discard else ""
    lines = [
        f"**{mp['name']}** · Level {mp['level']}/4",
        f"Power {mp['power_level']:,} · stage {mp['stage']}/10 · PUR {mp['pur']}",
        f"Anger {anger_gauge(side['anger'])}",
        f"Life Deck {side['life_deck_count']} · Hand {side['hand_count']} · "
        f"Discard {len(discard)}{top} · Banished {len(side['banished'])}",
        f"Mastery: {side['mastery']}",
    ]
    if side["drills"]:
        lines.append(f"Drills: {_names(side['drills'])}")
    if side["setups"]:
        lines.append(f"Setups: {_names(side['setups'])}")
    if side["allies"]:
        allies = (f"{a['name']} (stage {a['stage']}, {a['power_level']:,})" for a in side["allies"])
        lines.append(f"Allies: {_names(allies)}")
    if side["dragon_balls"]:
        balls = (f"{b['name']}{' (captured)' if b['captured'] else ''}"
                 for b in side["dragon_balls"])
        lines.append(f"Dragon Balls: {_names(balls)}")
    if side.get("attached"):
        lines.append("Attached: " + _names(f"{a['name']} (on {a['to']})" for a in side["attached"]))
    return _clip("\n".join(lines))


def family_view(match: LiveMatch, seat: int | None) -> dict[str, Any]:
    """`seat`'s view in the match's family (None: a spectator's, checked to hold no hand,
    on every board)."""
    view = match.family.view(match.game, seat)
    if seat is None and any("hand" in side for side in view["players"]):
        raise AssertionError("a spectator view holds a hand")
    return view


def stopped_line(match: LiveMatch, reason: Callable[[str], str]) -> str | None:
    """In every family: a void, finished or paused match's status (`reason` puts how it
    was won in words), or None while it is played."""
    if match.status == "void":
        return "**Void.** A judge cancelled this match; it does not count."
    if not match.active:
        if match.winner is None:
            return "**Game over.** A judge declared a draw."
        words = reason(match.win_reason or "")
        return f"**Game over.** {seat_label(match, match.winner)} wins by {words}."
    if match.paused:
        return "**Paused** for a dispute: a judge will resume the match."
    return None


def status_line(match: LiveMatch, view: Mapping[str, Any]) -> str:
    stopped = stopped_line(match, lambda reason: win_reason_text(reason, view))
    if stopped is not None:
        return stopped
    step = str(view["step"]).replace("_", " ")
    text = f"Turn {view['turn']} · {seat_label(match, view['active'])}'s turn · {step} step"
    attack = view.get("attack")
    if attack:
        stopped = " (stopped)" if attack["stopped"] else ""
        text += (f"\nAttack in progress: {seat_label(match, attack['attacker'])} with "
                 f"**{attack['card']}** ({attack['type']}){stopped}")
    decision = view.get("decision")
    if decision:
        kind = decision["kind"].replace("_", " ")
        text += f"\nWaiting for {seat_label(match, decision['player'])}: {kind}."
    return text


def events_text(events: Sequence[Event], limit: int = BOARD_EVENTS) -> str:
    lines = [event.text for event in events[-limit:]]
    return _clip("\n".join(lines)) if lines else "-"


def spectator_view(match: LiveMatch) -> dict[str, Any]:
    """The view everything public is drawn from. It must hold no hand: checked here, on
    every board, so a mistake upstream fails loudly instead of leaking."""
    view = player_view(panini_game(match), SPECTATOR)
    if any("hand" in side for side in view["players"]):
        raise AssertionError("a spectator view holds a hand")
    return view


def board_embed(match: LiveMatch, image: str | None = None) -> discord.Embed:
    """The public board: the status in words, the table as an image (`image` is the
    attachment's file name), the recent public events; never a hand."""
    view = spectator_view(match)
    over = not match.active
    colour = OVER_COLOUR if over else _colour(view["players"][view["active"]])
    embed = discord.Embed(
        title=f"Match #{match.id} · {match.mode} · {match.ruleset}",
        description=status_line(match, view),
        colour=colour,
    )
    for seat in (0, 1):
        side = view["players"][seat]
        if image is None:
            # Events say "Player 1"/"Player 2": the field names tie them to the people.
            embed.add_field(name=f"Player {seat + 1}", value=f"{seat_label(match, seat)}\n"
                            + side_text(side), inline=False)
        else:
            mp = side["main_personality"]
            embed.add_field(
                name=f"Player {seat + 1}",
                value=f"{seat_label(match, seat)} · {mp['name']} · L{mp['level']} · "
                f"stage {mp['stage']} · anger {side['anger']} · Life {side['life_deck_count']}",
                inline=False,
            )
    return board_footer(embed, match, view["seq"], image)


def board_footer(embed: discord.Embed, match: LiveMatch, seq: int, image: str | None
                 ) -> discord.Embed:
    """A board's end, in every family: the recent public events, the image, the number."""
    embed.add_field(name="Recent", value=events_text(match.public_log), inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    # the game words the glossary explains, as the recent events use them (/rules)
    terms = hint(match.ruleset, [event.text for event in match.public_log])
    embed.set_footer(text=f"Decision #{seq} · /game log for the whole log"
                          + (f" · {terms}" if terms else ""))
    return embed


def hand_embed(match: LiveMatch, seat: int, image: str | None = None) -> discord.Embed:
    """One player's private view: their hand, their private events and their decision."""
    view = player_view(panini_game(match), seat)
    me = view["players"][seat]
    decision = view.get("decision")
    embed = discord.Embed(title=f"Your hand · Match #{match.id}", colour=_colour(me))
    hand = me.get("hand", [])
    embed.description = (
        "\n".join(f"• {name}" for name in hand) if hand else "*Your hand is empty.*"
    )
    mp = me["main_personality"]
    embed.add_field(
        name="You",
        value=f"{mp['name']} · L{mp['level']} · stage {mp['stage']} · anger {me['anger']} · "
        f"Life Deck {me['life_deck_count']}",
        inline=False,
    )
    prompt = decision["prompt"] if decision and decision["player"] == seat else None
    return hand_footer(embed, match, seat, status_line(match, view), prompt, view["seq"],
                       image)


def hand_footer(embed: discord.Embed, match: LiveMatch, seat: int, status: str,
                prompt: str | None, seq: int, image: str | None) -> discord.Embed:
    """A hand message's end, in every family: what only this seat saw, then its decision
    (`prompt`), or how the match stands."""
    private = match.private_log[seat]
    if private:
        embed.add_field(name="Only you saw", value=events_text(private, 5), inline=False)
    if not match.active:
        embed.add_field(name="Match over", value=status, inline=False)
    elif prompt is not None:
        embed.add_field(name="Your decision", value=_clip(prompt), inline=False)
    else:
        embed.add_field(name="Now", value=status, inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=f"Decision #{seq} · {HAND_FOOTER_END}")
    return embed


def _colour(side: Mapping[str, Any]) -> discord.Colour:
    alignment = side["main_personality"].get("alignment")
    return VILLAIN_COLOUR if alignment == "villain" else HERO_COLOUR
