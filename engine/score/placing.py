"""The Non-Combat Step (score-ccg-2003-buu-saga-rulebook.txt p. 23, p. 35-44): placing
Allies (or overlaying one's next level, p. 35), Drills, Non-Combat cards, Dragon Balls,
Battlegrounds and Locations, and what forbids it; the Dragon Ball Victory (p. 44)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import rng
from engine.core.decisions import Option
from engine.score import allies, floating, fusion
from engine.score.cards import CardType, DragonBallSet
from engine.score.effects import effect_task
from engine.score.handlers import handler
from engine.score.state import AllyInPlay, JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


PLACED = {CardType.PERSONALITY, CardType.NON_COMBAT, CardType.DRILL, CardType.DRAGON_BALL,
          CardType.BATTLEGROUND, CardType.LOCATION}  # fmt: skip


SEVEN = 7  # p. 42: all 7 Dragon Balls of one set


OTHER_STYLE = "a Drill of another Martial Arts Style is in play"


@handler("step_non_combat")
def step_non_combat(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "2 Non-Combat Step": Allies, Dragon Balls, Battlegrounds, Locations and
    Non-Combat cards (Drills too) go from the hand into play."""
    index = game.state.active
    player = game.player(index)
    options = [Option("done", "Done placing cards")]
    for iid in dict.fromkeys(player.hand):
        problem = game.placing_problem(index, iid) if game.card(iid).type in PLACED else "-"
        if problem is None:
            options.append(Option(f"place:{iid}", f"Place {game.name(iid)}"))
        elif problem == OTHER_STYLE:  # p. 41: shown, and shuffled back without a new draw
            options.append(Option(f"shuffle:{iid}", f"Show {game.name(iid)} and shuffle it "
                                                    "into your Life Deck"))  # fmt: skip
        under = overlays(game, index, iid)  # the id names the hand's card alone: private
        if under:
            on = game.name(under[0]) if len(under) == 1 else "one of your Allies"
            options.append(Option(f"overlay:{iid}", f"Overlay {game.name(iid)} on {on}"))
    if len(options) == 1:
        return
    game.ask(index, "non_combat", "Place a card in play, or go on.", options, "placed")


@handler("placed")
def placed(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        return
    index = game.state.active
    player = game.player(index)
    iid = int(args["choice"].split(":")[1])
    card = game.card(iid)
    player.hand.remove(iid)
    if args["choice"].startswith("overlay:"):
        game.then(("overlay_on", {"card": iid}), ("step_non_combat", {}))
        return
    if args["choice"].startswith("shuffle:"):
        player.life.append(iid)
        game.state.rng = rng.shuffle(game.state.rng, player.life)
        game.emit("shuffle", f"{game.who(index)} shows {game.name(iid)}, which cannot be "
                  "placed, and shuffles it into the Life Deck.")  # fmt: skip
        game.then(("step_non_combat", {}))
        return
    if card.type == CardType.PERSONALITY:
        player.allies.append(AllyInPlay(iid, game.rules.ally_start_stage))  # p. 35
    elif card.type == CardType.DRILL:
        player.drills.append(iid)
        _restricted_drills(game, iid)
    elif card.type == CardType.NON_COMBAT:
        player.non_combat.append(iid)
    elif card.type == CardType.DRAGON_BALL:
        player.dragon_balls.append(iid)
    else:  # p. 42: a new Battleground or Location removes the old one; no Combat
        old = game.state.battleground
        if old is not None:
            game.player(game.state.owners[old]).removed.append(old)
            game.emit("move", f"{game.name(old)} is removed from the game.")
        game.state.battleground = iid
        game.state.skip_combat = True
    game.emit("place", f"{game.who(index)} places {game.name(iid)}.")
    following: list[tuple[str, JsonDict]] = [("step_non_combat", {})]
    if card.type == CardType.DRAGON_BALL:
        dragon_ball_victory(game, index)  # p. 44: placed yourself, at once
        # p. 42: "their effects are instant unless specified on the card"
        power = game.power(iid)
        floating.start(game, index, iid)  # its floating effects, if any (p. 43, p. 48)
        following[:0] = [effect_task(e, index) for e in power.secondary] + [
            ("by_hand", {"player": index, "card": iid, "text": text}) for text in power.unread]
    game.then(*following)


def placing_problem_of(game: ScoreGame, index: int, iid: int) -> str | None:
    """Why a card may not be placed in play now (p. 35-44), or None."""
    card = game.card(iid)
    player = game.player(index)
    in_play = game.state.players
    if card.type == CardType.PERSONALITY:
        if card.level is None or card.personality is None:
            return "not an Ally"
        if card.fusion:  # p. 53: placed "directly out of your Sensei Deck" by fusing only
            return "a Fusion Personality card enters play only by a fusion"
        mps, field = _field(game)
        own = game.card(player.mp[player.level - 1]).personality or ""
        return allies.placing_problem(ally_card(game, iid), own, player.level, mps, field)
    if card.type == CardType.DRAGON_BALL:  # p. 42: one copy of each in play
        mine = card.dragon_ball
        for other in (db for p in in_play for db in p.dragon_balls):
            if game.card(other).dragon_ball == mine:
                return "that Dragon Ball is already in play"
        return None
    if card.type == CardType.DRILL:  # p. 40-41: Styled Drills
        restricted = game.power(iid).restricted_style
        drills_in_play = [d for p in in_play for d in p.drills]
        if restricted and any(game.card(d).style.value == restricted and game.name(d) !=
                              game.name(iid) for d in drills_in_play):  # fmt: skip
            return f"a Restricted Drill: another {restricted.title()} Drill is in play"
        if not card.styled:
            return None
        styles = {game.card(d).style for d in player.drills if game.card(d).styled}
        if styles and card.style not in styles:
            return OTHER_STYLE
        if any(game.name(d) == game.name(iid) for d in player.drills):
            return "one copy of a Styled Drill in play"
        return None
    if card.type in (CardType.BATTLEGROUND, CardType.LOCATION):
        there = game.state.battleground
        return "that one is already in play" if there is not None and (
            game.name(there) == game.name(iid)) else None  # fmt: skip
    return None


def ally_card(game: ScoreGame, iid: int) -> allies.AllyCard:
    """A personality card for the Ally rules; its line is its title's part before " - "
    when that names more than the personality ("Cell Jr. 1 - ...", p. 37)."""
    card = game.card(iid)
    personality = card.personality or ""
    line = card.title.split(" - ")[0].strip()
    return allies.AllyCard(personality, card.level or 1, 0,
                           line if line.startswith(personality) else "")  # fmt: skip


def _field(game: ScoreGame) -> tuple[list[str], list[allies.AllyCard]]:
    """Both players' Main Personalities and Allies in play: fused personalities are
    "still in play and the regular Ally rules still apply" (p. 53)."""
    seen = [fusion.names_in_play(game, p) for p in range(len(game.state.players))]
    mps = [name for names, _ in seen for name in names]
    return mps, [ally_card(game, a) for _, ally_cards in seen for a in ally_cards]


def overlays(game: ScoreGame, index: int, iid: int) -> list[int]:
    """The player's Allies the personality card in hand may overlay (p. 35, p. 37)."""
    card = game.card(iid)
    if card.type != CardType.PERSONALITY or card.fusion or card.level is None:
        return []
    player = game.player(index)
    mps, field = _field(game)
    own = game.card(player.mp[player.level - 1]).personality or ""
    new = ally_card(game, iid)
    return [a.iid for a in player.allies if allies.overlay_problem(
        new, ally_card(game, a.iid), own, mps, field) is None]  # fmt: skip


@handler("overlay_on")
def overlay_on(game: ScoreGame, args: JsonDict) -> None:
    """Which Ally the card overlays, when more than one could be (Saibaimen, Cell Jrs.)."""
    index, iid = game.state.active, args["card"]
    choice = args.get("choice")
    if choice is None:
        under = overlays(game, index, iid)
        if len(under) > 1:
            options = [Option(f"ally:{a}", f"Overlay {game.name(a)}") for a in under]
            game.ask(index, "overlay", f"Which Ally does {game.name(iid)} overlay?", options,
                     "overlay_on", card=iid)  # fmt: skip
            return
        choice = f"ally:{under[0]}"
    _overlay(game, index, iid, int(choice.split(":")[1]))


def _overlay(game: ScoreGame, index: int, iid: int, under: int) -> None:
    """p. 35: "you set the Scouter to the Ally's highest power stage on his next level,
    and any levels under him are no longer in play"."""
    player = game.player(index)
    old = game.ally(index, under)
    assert old is not None
    at = player.allies.index(old)
    # a new level's power may be used (as the MP's, p. 30)
    player.allies[at] = AllyInPlay(iid, len(game.card(iid).power_stages), False,
                                   [*old.under, old.iid])  # fmt: skip
    if player.control == under:  # the same Ally, at its next level
        player.control = iid
    game.emit("place", f"{game.who(index)} overlays {game.name(iid)} on {game.name(under)}.")


def _restricted_drills(game: ScoreGame, placed: int) -> None:
    """p. 41 "Restricted Drills": a Restricted Drill in play is discarded when a different
    Drill of its restricted style is placed; the same Restricted Drill placed again
    discards both."""
    for player in game.state.players:
        for iid in list(player.drills):
            restricted = game.power(iid).restricted_style
            if iid == placed or restricted is None:
                continue
            same = game.name(iid) == game.name(placed)
            if same or game.card(placed).style.value == restricted:
                player.drills.remove(iid)
                player.discard.append(iid)
                game.emit("discard", f"{game.name(iid)} is discarded: a Restricted Drill.")
                if same:
                    mine = game.player(game.state.owners[placed])
                    if placed in mine.drills:
                        mine.drills.remove(placed)
                        mine.discard.append(placed)
                        game.emit("discard", f"{game.name(placed)} is discarded too.")


def dragon_ball_victory(game: ScoreGame, index: int) -> None:
    """p. 44: all 7 Dragon Balls of one set in play under a player's control win: at once
    when he placed the last, at the start of his next turn when he captured it."""
    sets: dict[DragonBallSet, int] = {}
    for iid in game.player(index).dragon_balls:
        ball = game.card(iid).dragon_ball
        if ball is not None:
            sets[ball.set] = sets.get(ball.set, 0) + 1
    if any(count >= SEVEN for count in sets.values()):
        game.win(index, "dragon_balls")
