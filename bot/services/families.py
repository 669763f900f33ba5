"""What the match service needs of each game family, and the one place that chooses it:
by the match's ruleset (engine.families.family_of). A match stores its decks as JSON and
its answers as option ids; starting, answering, giving up and the AI's choices are the
family's, and so are changes by hand (judges' and players' corrections, "@adjust:" +
JSON: engine/panini/adjust.py, engine/score/adjust.py, engine/primetime/adjust.py). Panini
keeps its own code; Score and Prime Time play through the engine's contract
(engine.core.family)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from bot.primetime_textboard import render_pt_board
from bot.services.primetime_rosters import pt_pool, roster_starters
from bot.services.score_decks import score_pool, score_starters
from bot.simulation import load_starter_decks
from bot.textboard import render_board
from bot.ui.score_text import score_text
from engine.core.adjust import ADJUST, decode
from engine.core.decisions import Decision
from engine.core.events import Event, Outcome
from engine.core.family import FamilyGame
from engine.core.record import GIVE_UP, Answer, GameRecord
from engine.families import FAMILIES, family_of
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import CardPool
from engine.panini.decklist import Deck
from engine.panini.export import export_scenario
from engine.panini.game import Game
from engine.panini.manual import standing_cards as manual_standing
from engine.panini.replay import (
    apply_answer,
    describe_answers,
    replay_events,
)
from engine.panini.view import player_view, private_option_ids
from engine.primetime.adjust import adjust as primetime_adjust
from engine.primetime.ai import make_player as pt_player
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.pool import Pool as PrimeTimePool
from engine.primetime.roster import Roster
from engine.score.adjust import adjust as score_adjust
from engine.score.ai import make_player
from engine.score.cards import CardPool as ScoreCardPool
from engine.score.cards import Style
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame

AnyDeck = Deck | ScoreDeck | Roster
_CARD_OPTION = re.compile(r"[a-z_]+:(\d+)")  # a Score option naming a card instance
Pools = Callable[[int | None], CardPool]  # a server's Panini cards (None: the built-in set)
ScorePools = Callable[[int | None], ScoreCardPool]  # a server's Score cards (None: sandbox)
# a server's Prime Time characters and cards (None: the sample)
PrimeTimePools = Callable[[int | None], PrimeTimePool]


def sandbox_everywhere(guild_id: int | None) -> ScoreCardPool:
    """The Score sandbox set whatever the server (services built without card sets)."""
    return score_pool()


def sample_everywhere(guild_id: int | None) -> PrimeTimePool:
    """The Prime Time sample whatever the server (services built without card sets)."""
    return pt_pool()


@dataclass(frozen=True)
class CardSources:
    """Each server's cards, per family: a match is played with its own server's."""

    panini: Pools
    score: ScorePools = sandbox_everywhere
    primetime: PrimeTimePools = sample_everywhere


@dataclass(frozen=True)
class RecordKind:
    """What `record_file` gives a judge: its file suffix, and what it is in words."""

    suffix: str
    what: str


class MatchFamily(Protocol):
    """A game family as the match service drives it."""

    name: str
    changes_by_hand: bool  # players' and judges' corrections (@adjust) are offered
    record_kind: RecordKind

    def new_game(self, decks: tuple[Any, Any], seed: int, ruleset: str, cards: CardSources,
                 guild_id: int | None) -> FamilyGame: ...

    def apply(self, game: FamilyGame, answer: Answer) -> Outcome:
        """An option id of the pending decision, or giving up (GIVE_UP)."""
        ...

    def result(self, game: FamilyGame) -> tuple[int | None, str | None]:
        """The engine's winner and how (None, None while the game goes on)."""
        ...

    def ai_answer(self, game: FamilyGame, decision: Decision) -> str: ...

    def starter_decks(self, ruleset: str, pools: Pools) -> list[tuple[str, AnyDeck]]:
        """The built-in decks legal under `ruleset`, by name (the AI's in practice)."""
        ...

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        """What `viewer` (None: a spectator) may see: the family's view."""
        ...

    def private_options(self, game: FamilyGame) -> set[str]:
        """Options of the pending decision naming a card in a hidden zone: only the
        decider may see them (never on the public board's buttons)."""
        ...

    # --- changes by hand (@adjust), where changes_by_hand ---
    def copy(self, game: FamilyGame) -> FamilyGame:
        """An independent copy, to try a change on before it is stored."""
        ...

    def standing_by_hand(self, game: FamilyGame, seat: int) -> list[str]:
        """Cards in play `seat` controls whose lasting text is applied by hand outside a
        decision to resolve a card (a change then names one with `per`)."""
        ...

    # --- for judges and the log (the game gives its cards) ---
    def described(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[str]:
        """Each recorded answer in words ("Player 1: Pass")."""
        ...

    def all_events(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[Event]:
        """Every event of the record, public and private alike (callers filter)."""
        ...

    def record_file(self, game: FamilyGame, record: GameRecord[AnyDeck], title: str) -> str:
        """The match as a file that reproduces it offline."""
        ...

    def full_view(self, game: FamilyGame, seat: int) -> str:
        """A seat's whole view in text, hand and the top of the Life Deck included (for a
        judge's eyes only)."""
        ...


class PaniniMatches:
    name = "panini"
    changes_by_hand = True
    record_kind = RecordKind("yaml", "a scenario file (`scouter scenario run match-N.yaml` "
                                     "reproduces it)")

    def new_game(self, decks: tuple[Any, Any], seed: int, ruleset: str, cards: CardSources,
                 guild_id: int | None) -> Game:
        return Game.new(decks, seed, ruleset, cards.panini(guild_id))

    def apply(self, game: FamilyGame, answer: Answer) -> Outcome:
        return apply_answer(panini(game), answer)  # with judges' corrections (@adjust)

    def result(self, game: FamilyGame) -> tuple[int | None, str | None]:
        state = panini(game).state
        return state.winner, state.win_reason

    def ai_answer(self, game: FamilyGame, decision: Decision) -> str:
        return GreedyPlayer().choose(panini(game), decision)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        return player_view(panini(game), viewer)

    def private_options(self, game: FamilyGame) -> set[str]:
        return private_option_ids(panini(game))

    def copy(self, game: FamilyGame) -> Game:
        own = panini(game)
        return Game.from_json(own.to_json(), own.pool)

    def standing_by_hand(self, game: FamilyGame, seat: int) -> list[str]:
        return manual_standing(panini(game), seat)

    def starter_decks(self, ruleset: str, pools: Pools) -> list[tuple[str, AnyDeck]]:
        return [(deck.name, deck) for deck in load_starter_decks(pools(None))]

    def described(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[str]:
        return describe_answers(panini_record(record), panini(game).pool)

    def all_events(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[Event]:
        return replay_events(panini_record(record), panini(game).pool)

    def record_file(self, game: FamilyGame, record: GameRecord[AnyDeck], title: str) -> str:
        return export_scenario(panini_record(record), title, panini(game).pool)

    def full_view(self, game: FamilyGame, seat: int) -> str:
        own = panini(game)
        board = render_board(player_view(own, seat))
        return board + "\n" + _life_top(own.name, own.player(seat).life)


class ScoreMatches:
    name = "score"
    changes_by_hand = True
    record_kind = RecordKind("json", "its record (ruleset, seed, decks and answers: "
                                     "replaying the answers reproduces it)")

    @property
    def family(self) -> ScoreFamily:
        family = family_of("score")
        assert isinstance(family, ScoreFamily)
        return family

    def new_game(self, decks: tuple[Any, Any], seed: int, ruleset: str, cards: CardSources,
                 guild_id: int | None) -> ScoreGame:
        return ScoreGame.new(decks, seed, ruleset, cards.score(guild_id))

    def apply(self, game: FamilyGame, answer: Answer) -> Outcome:
        if answer.option in GIVE_UP:
            return game.concede(answer.player, GIVE_UP[answer.option])
        if answer.option.startswith(ADJUST):  # a judge's or a player's correction
            try:
                change = decode(answer.option)
            except ValueError as exc:  # JSONDecodeError and AdjustmentError
                return Outcome(False, f"unreadable correction: {exc}")
            return score_adjust(score(game), answer.player, change)
        return game.apply(answer.player, answer.option)

    def result(self, game: FamilyGame) -> tuple[int | None, str | None]:
        state = score(game).state
        return state.winner, state.win_reason

    def ai_answer(self, game: FamilyGame, decision: Decision) -> str:
        """The Score family's greedy AI (engine.score.ai), seeded by the game and the
        decision, so an answer is the same after a restart."""
        return make_player("greedy", ai_seed(score(game).state.seed, decision)).choose(
            game, decision)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        return self.family.view(game, viewer)

    def starter_decks(self, ruleset: str, pools: Pools) -> list[tuple[str, AnyDeck]]:
        return [(s.name, s.deck) for s in score_starters() if ruleset in s.rulesets]

    def private_options(self, game: FamilyGame) -> set[str]:
        """Options naming a card (`kind:instance`) in a hand, a Life Deck or a Sensei
        Deck, e.g. "Put X next" in the OCG's look at the top 6."""
        own = score(game)
        pending = own.pending
        if pending is None:
            return set()
        hidden = {iid for p in own.state.players for iid in (*p.hand, *p.life, *p.sensei_deck)}
        return {option.id for option in pending.options
                if (found := _CARD_OPTION.fullmatch(option.id)) and int(found[1]) in hidden}

    def copy(self, game: FamilyGame) -> ScoreGame:
        own = score(game)
        return ScoreGame.from_json(own.to_json(), own.pool)

    def standing_by_hand(self, game: FamilyGame, seat: int) -> list[str]:
        """None: the referee asks a Score player to resolve each sentence it does not
        read (a "manual" decision), so nothing is applied by hand outside one."""
        return []

    def _replayed(self, record: GameRecord[AnyDeck], pool: ScoreCardPool
                  ) -> list[tuple[str, Outcome]]:
        fresh = ScoreGame.new(score_record(record).decks, record.seed, record.ruleset, pool)
        return replayed(fresh, self.apply, record)

    def described(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[str]:
        return [words for words, _ in self._replayed(record, score(game).pool)[1:]]

    def all_events(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[Event]:
        return [e for _, outcome in self._replayed(record, score(game).pool)
                for e in outcome.events]

    def record_file(self, game: FamilyGame, record: GameRecord[AnyDeck], title: str) -> str:
        """The record as JSON (ruleset, seed, decks, answers): replaying it gives the game."""
        decks = [score_deck_data(deck) for deck in score_record(record).decks]
        return record_json("score", record, decks, title)

    def full_view(self, game: FamilyGame, seat: int) -> str:
        own = score(game)
        board = score_text(self.family.view(own, seat))
        return board + "\n" + _life_top(own.name, own.player(seat).life)


class PrimeTimeMatches:
    """DBZ: Prime Time (`prime-time`): its "decks" are rosters with their 20-card decks,
    played with the sample characters and cards and the server's own (its imported sets:
    bot/services/primetime_cardsets.py; docs/primetime-discord.md)."""

    name = "primetime"
    changes_by_hand = True  # judges only: a model's position and HP (engine/primetime/adjust)
    record_kind = RecordKind("json", "its record (ruleset, seed, rosters and answers: "
                                     "replaying the answers reproduces it)")

    @property
    def family(self) -> PrimeTimeFamily:
        family = family_of("prime-time")
        assert isinstance(family, PrimeTimeFamily)
        return family

    def new_game(self, decks: tuple[Any, Any], seed: int, ruleset: str, cards: CardSources,
                 guild_id: int | None) -> PrimeTimeGame:
        return PrimeTimeGame.new(decks, seed, ruleset, cards.primetime(guild_id))

    def apply(self, game: FamilyGame, answer: Answer) -> Outcome:
        if answer.option in GIVE_UP:
            return game.concede(answer.player, GIVE_UP[answer.option])
        if answer.option.startswith(ADJUST):  # a judge's correction
            try:
                change = decode(answer.option)
            except ValueError as exc:
                return Outcome(False, f"unreadable correction: {exc}")
            return primetime_adjust(primetime(game), answer.player, change)
        return game.apply(answer.player, answer.option)

    def result(self, game: FamilyGame) -> tuple[int | None, str | None]:
        state = primetime(game).state
        return state.winner, state.win_reason

    def ai_answer(self, game: FamilyGame, decision: Decision) -> str:
        """The engine's greedy player, seeded by the game and the decision (the same
        answer after a restart)."""
        seed = ai_seed(primetime(game).state.seed, decision)
        return pt_player("greedy", seed).choose(game, decision)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        return self.family.view(game, viewer)

    def starter_decks(self, ruleset: str, pools: Pools) -> list[tuple[str, AnyDeck]]:
        return [(name, roster) for name, roster in roster_starters()]

    def private_options(self, game: FamilyGame) -> set[str]:
        """Options naming a card of the decider's hand ("card:N", discarding to the hand
        limit): only in their hand message."""
        pending = primetime(game).pending
        if pending is None:
            return set()
        return {option.id for option in pending.options if option.id.startswith("card:")}

    def copy(self, game: FamilyGame) -> PrimeTimeGame:
        own = primetime(game)
        return PrimeTimeGame.from_json(own.to_json(), own.pool)

    def standing_by_hand(self, game: FamilyGame, seat: int) -> list[str]:
        return []  # every card's effect is data the engine applies: none is done by hand

    def _replayed(self, game: FamilyGame, record: GameRecord[AnyDeck]
                  ) -> list[tuple[str, Outcome]]:
        fresh = PrimeTimeGame.new(primetime_record(record).decks, record.seed,
                                  record.ruleset, primetime(game).pool)
        return replayed(fresh, self.apply, record)

    def described(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[str]:
        return [words for words, _ in self._replayed(game, record)[1:]]

    def all_events(self, game: FamilyGame, record: GameRecord[AnyDeck]) -> list[Event]:
        return [e for _, outcome in self._replayed(game, record) for e in outcome.events]

    def record_file(self, game: FamilyGame, record: GameRecord[AnyDeck], title: str) -> str:
        decks = [roster_data(roster) for roster in primetime_record(record).decks]
        return record_json("primetime", record, decks, title)

    def full_view(self, game: FamilyGame, seat: int) -> str:
        return render_pt_board(self.family.view(game, seat))


class Replayable(Protocol):
    @property
    def pending(self) -> Decision | None: ...

    events: list[Event]

    def who(self, player: int) -> str: ...


def replayed(fresh: Replayable, apply: Callable[[Any, Answer], Outcome],
             record: GameRecord[AnyDeck]) -> list[tuple[str, Outcome]]:
    """A record's answers applied to `fresh` (its game at the start): each answer in
    words with what it caused, the set-up first ("")."""
    steps = [("", Outcome(True, events=tuple(fresh.events)))]
    for answer in record.decisions:
        pending = fresh.pending
        option = pending.option(answer.option) if pending is not None else None
        outcome = apply(fresh, answer)
        words = f"{fresh.who(answer.player)}: {option.label}" if option is not None else (
            " ".join(e.text for e in outcome.events[:1]) or answer.option)
        steps.append((words, outcome))
    return steps


def record_json(family: str, record: GameRecord[AnyDeck], decks: list[dict[str, Any]],
                title: str) -> str:
    """A match's record as JSON (ruleset, seed, decks, answers): replaying it gives it."""
    return json.dumps({
        "title": title, "family": family, "ruleset": record.ruleset, "seed": record.seed,
        "decks": decks, "decisions": [[a.player, a.option] for a in record.decisions],
    }, indent=1)  # fmt: skip


def ai_seed(game_seed: int, decision: Decision) -> int:
    """The practice AI's seed for a decision: the same after a restart."""
    return (game_seed * 1_000_003 + decision.seq) & ((1 << 64) - 1)


def _life_top(name: Callable[[int], str], life: list[int], shown: int = 10) -> str:
    top = [name(iid) for iid in reversed(life)]
    more = " ..." if len(top) > shown else ""
    return f"  Life Deck, top first: {', '.join(top[:shown])}{more}"


PANINI = PaniniMatches()
SCORE = ScoreMatches()
PRIMETIME = PrimeTimeMatches()
_BY_FAMILY: dict[str, MatchFamily] = {"panini": PANINI, "score": SCORE, "primetime": PRIMETIME}


def playable_rulesets() -> list[str]:
    """Every ruleset a match can be played under, Panini's first."""
    return [ruleset for family in FAMILIES.values() for ruleset in family.rulesets]


def match_family(ruleset: str) -> MatchFamily:
    """The family that plays a match of `ruleset` (UnknownRuleset if none)."""
    return _BY_FAMILY[family_of(ruleset).name]


def panini(game: FamilyGame) -> Game:
    """A Panini match's game, for the code only Panini has (corrections, its views)."""
    if not isinstance(game, Game):
        raise TypeError(f"not a Panini game: {type(game).__name__}")
    return game


def panini_record(record: GameRecord[AnyDeck]) -> GameRecord[Deck]:
    """A Panini match's record, with its decks' type checked."""
    if not all(isinstance(deck, Deck) for deck in record.decks):
        raise TypeError("not a Panini match's record")
    return cast(GameRecord[Deck], record)


def score_record(record: GameRecord[AnyDeck]) -> GameRecord[ScoreDeck]:
    if not all(isinstance(deck, ScoreDeck) for deck in record.decks):
        raise TypeError("not a Score match's record")
    return cast(GameRecord[ScoreDeck], record)


def primetime_record(record: GameRecord[AnyDeck]) -> GameRecord[Roster]:
    if not all(isinstance(deck, Roster) for deck in record.decks):
        raise TypeError("not a Prime Time match's record")
    return cast(GameRecord[Roster], record)


def primetime(game: FamilyGame) -> PrimeTimeGame:
    if not isinstance(game, PrimeTimeGame):
        raise TypeError(f"not a Prime Time game: {type(game).__name__}")
    return game


def score(game: FamilyGame) -> ScoreGame:
    if not isinstance(game, ScoreGame):
        raise TypeError(f"not a Score game: {type(game).__name__}")
    return game


# --- decks as stored (deck_versions.record_json, matches.decks_json) -----------------------
def score_deck_data(deck: ScoreDeck) -> dict[str, Any]:
    return {
        "family": "score", "main_personality": list(deck.main_personality),
        "life": dict(deck.life), "sensei_deck": dict(deck.sensei_deck),
        "tokui_waza": deck.tokui_waza.value if deck.tokui_waza else None,
        "alignment": deck.alignment,
    }  # fmt: skip


def score_deck_from_data(data: dict[str, Any]) -> ScoreDeck:
    tokui_waza = data.get("tokui_waza")
    return ScoreDeck(
        main_personality=tuple(data["main_personality"]), life=dict(data["life"]),
        sensei_deck=dict(data.get("sensei_deck", {})),
        tokui_waza=Style(tokui_waza) if tokui_waza else None,
        alignment=data.get("alignment"),
    )  # fmt: skip


def roster_data(roster: Roster) -> dict[str, Any]:
    return {"family": "primetime", **roster.model_dump()}


def deck_data(deck: AnyDeck) -> dict[str, Any]:
    """A deck of any family as stored (a Panini deck's JSON has no "family")."""
    if isinstance(deck, Roster):
        return roster_data(deck)
    if isinstance(deck, ScoreDeck):
        return score_deck_data(deck)
    return deck.to_data()


def deck_from_data(data: dict[str, Any]) -> AnyDeck:
    if data.get("family") == "primetime":
        return Roster.model_validate({k: v for k, v in data.items() if k != "family"})
    if is_score_data(data):
        return score_deck_from_data(data)
    return Deck.from_data(data)


def is_score_data(data: dict[str, Any]) -> bool:
    """A stored deck of the Score family (a Panini deck's JSON has no "family")."""
    return data.get("family") == "score"


def deck_family(deck: AnyDeck) -> str:
    if isinstance(deck, Roster):
        return "primetime"
    return "score" if isinstance(deck, ScoreDeck) else "panini"
