"""Referents: a sentence that chooses, names or reveals a card ("Look at your opponent's
hand and choose a card.", "Name a card.", "Choose a random card from your opponent's
hand.") records it, and the later sentences of the same effect list act on it ("Your
opponent discards that card.", "... all copies of that card ..."). The record travels in
the `effects` task's args as `that` (engine.panini.effects), so it is part of the saved game:
{"title": ...} for a named card, plus {"card", "player", "zone", "seen"} for a card
chosen where it lies.

Rules (2016 rulebook): GAME ZONES (the hand and Life Deck are secret, the discard pile and
Banished Zone public); GLOSSARY "Naming a card" (one exact title; Dragon Balls may not be
named); "Your hand is kept secret" (what one player looks at, only they see). A random
card is picked with the game's seeded generator (engine.core.rng), so a replay picks it again;
the chooser does not see it (docs/rulings.md 77). "That card" is the card where it was
chosen: once it has left that zone a move of "that card" finds nothing (docs/rulings.md
97).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.core import rng
from engine.core.decisions import Option
from engine.panini import mechanics, those
from engine.panini.cards import (
    CardType,
    Choose,
    GainStages,
    LoseStages,
    Move,
    ThatCard,
    UntilEndOfTurn,
    UseHit,
)
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

_FIELDS = {"what", "source", "card_types", "not_dragon_ball", "reveal", "amount", "chooser"}


def start(game: Game, effect: Choose, controller: int, iid: int, follow: JsonDict) -> None:
    """Schedule the choice; the effect list goes on (`follow`) once it is made, with the
    record as `that` (None, and the sentence not done, when there was nothing to choose)."""
    target = controller if effect.who == "self" else 1 - controller
    spec = effect.model_dump(mode="json", include=_FIELDS)
    args = {"controller": controller, "player": target, "card": iid, "spec": spec,
            "next": follow}  # fmt: skip
    game.then(("choose_referent", args))


def _fits(game: Game, iid: int, spec: JsonDict) -> bool:
    card = game.card(iid)
    if spec["not_dragon_ball"] and card.type == CardType.DRAGON_BALL:
        return False
    return not spec["card_types"] or card.type.value in spec["card_types"]


def _done(game: Game, args: JsonDict, record: JsonDict | None) -> None:
    follow = {**args["next"], "that": record, "done": record is not None}
    game.then(("flush_triggers", {}), ("effects", follow))


def _record(game: Game, player: int, iid: int, zone: str, seen: list[int]) -> JsonDict:
    title = game.card(iid).title
    return {"card": iid, "player": player, "zone": zone, "title": title, "seen": seen}


@handler("choose_referent")
def choose_task(game: Game, args: JsonDict) -> None:
    args = dict(args)
    choice: Any = args.pop("choice", None)
    what = args["spec"]["what"]
    if what == "name":
        _name(game, args, choice)
    elif what == "random_hand":
        _random(game, args)
    elif what in ("top", "bottom"):
        _end(game, args)
    elif what == "draw":
        _draw(game, args)
    elif what == "personality":
        _personality(game, args, choice)
    elif what == "cards":
        those.choose_cards(game, args, choice, _done)
    elif what == "top_cards":
        those.top_cards(game, args, _done)
    else:
        _pick(game, args, choice)


def _name(game: Game, args: JsonDict, choice: Any) -> None:
    """Name a card: one exact title among the cards of the game's pool, never a Dragon
    Ball (2016 GLOSSARY "Naming a card"); naming is public."""
    controller, spec = args["controller"], args["spec"]
    if choice is None:
        titles = sorted(
            {
                card.title
                for card in game.pool.by_name.values()
                if card.type != CardType.DRAGON_BALL
                and (not spec["card_types"] or card.type.value in spec["card_types"])
            }
        )
        options = [Option(f"name:{title}", title) for title in titles]
        game.ask(controller, "name_card", "Name a card.", options, "choose_referent", **args)
        return
    title = choice.partition(":")[2]
    game.emit("name_card", f"{game.who(controller)} names {title}.", card=title)
    _done(game, args, {"title": title, "named": title})


def _random(game: Game, args: JsonDict) -> None:
    """A random card of a hand, picked by the seeded generator; only its owner sees it
    (docs/rulings.md 77)."""
    controller, player = args["controller"], args["player"]
    hand = [iid for iid in game.player(player).hand if _fits(game, iid, args["spec"])]
    if not hand:
        game.emit("choose", f"{game.who(player)} has no card in hand to choose.")
        _done(game, args, None)
        return
    game.state.rng, index = rng.below(game.state.rng, len(hand))
    iid = hand[index]
    game.emit("choose", f"{game.who(controller)} chooses a random card from "
              f"{game.who(player)}'s hand.")  # fmt: skip
    if args["spec"].get("reveal"):  # "reveals a random card": both see it (ruling 221)
        game.emit("reveal", f"{game.who(player)} reveals {game.name(iid)}.")
        _done(game, args, _record(game, player, iid, "hand", [player, controller]))
        return
    game.emit("choose_private", f"That card is {game.name(iid)}.", private_to=player)
    _done(game, args, _record(game, player, iid, "hand", [player]))


def _end(game: Game, args: JsonDict) -> None:
    """ "Look at / Reveal the top (bottom) card of your Life Deck": looked at, only the
    controller sees it (and its owner, when that is another player: docs/rulings.md 78);
    revealed, both do."""
    controller, player, spec = args["controller"], args["player"], args["spec"]
    life = game.player(player).life
    if not life:
        _done(game, args, None)
        return
    iid = life[-1] if spec["what"] == "top" else life[0]
    where = f"the {spec['what']} card of {game.who(player)}'s Life Deck"
    if spec["reveal"]:
        game.emit("reveal", f"{game.who(controller)} reveals {where}: {game.name(iid)}.",
                  card=game.name(iid))  # fmt: skip
        seen = [0, 1]
    else:
        game.emit("look", f"{game.who(controller)} looks at {where}.")
        game.emit("look_private", f"It is {game.name(iid)}.", private_to=controller)
        seen = [controller]
    _done(game, args, _record(game, player, iid, "life_deck", seen))


def _draw(game: Game, args: JsonDict) -> None:
    """ "Draw a card and reveal it (to your opponent)": drawn, then shown to both."""
    player = args["player"]
    state = game.player(player)
    if not state.life:
        _done(game, args, None)
        return
    mechanics.draw(game, player, 1)
    iid = state.hand[-1]
    game.emit("reveal", f"{game.who(player)} reveals the card drawn: {game.name(iid)}.",
              card=game.name(iid))  # fmt: skip
    _done(game, args, _record(game, player, iid, "hand", [0, 1]))


def _personality(game: Game, args: JsonDict, choice: Any) -> None:
    """ "Choose a personality in play": a Main Personality or an Ally, either player's
    (2016 GLOSSARY "Personality"); a public choice."""
    controller = args["controller"]
    if choice is None and args["spec"]["card_types"] == ["ally"]:
        # "Choose one of your Allies in play." (engine.panini.ally_actions): none, no choice
        state = game.player(controller)
        options = [
            Option(f"p{controller}:ally:{a.iid}", f"{game.name(a.iid)} (stage {a.stage})")
            for a in state.allies
        ]
        if not options:
            _done(game, args, None)
            return
        game.ask(controller, "choose_personality", "Choose one of your Allies in play.",
                 options, "choose_referent", **args)  # fmt: skip
        return
    if choice is None:
        options = []
        for player in (1 - controller, controller):
            whose = "yours" if player == controller else "your opponent's"
            options += [
                Option(f"p{player}:{option.id}", f"{option.label} ({whose})")
                for option in mechanics.personality_options(game, player)
            ]
        game.ask(controller, "choose_personality", "Choose a personality in play.", options,
                 "choose_referent", **args)  # fmt: skip
        return
    side, _, which = choice.partition(":")
    player, actor = int(side[1:]), mechanics.parse_personality(which)
    name = mechanics.personality_name(game, player, actor)
    game.emit("choose", f"{game.who(controller)} chooses {game.who(player)}'s {name}.")
    _done(game, args, {"personality": actor, "player": player, "title": name})


def personality_stages(game: Game, effect: GainStages | LoseStages, record: Any) -> None:
    """ "That personality gains / loses 3 stages" (2016 GLOSSARY "Gaining/losing stages":
    losing stages at zero discards the rest from the Life Deck); an Ally that left play
    meanwhile is not there any more."""
    if record is None or "personality" not in record:
        return
    player, actor = record["player"], record["personality"]
    if actor != MAIN_PERSONALITY and game.ally(player, actor) is None:
        return
    if isinstance(effect, GainStages):
        mechanics.gain_stages(game, player, actor, effect.amount)
        return
    rest = mechanics.lose_stages(game, player, actor, effect.amount)
    if rest:
        mechanics.discard_top(game, player, rest)


def _pick(game: Game, args: JsonDict, choice: Any) -> None:
    """Choose a card in a hand looked at (only the chooser sees it: 2016 "Your hand is
    kept secret"; its owner knows their hand) or in a public pile."""
    controller, player, spec = args["controller"], args["player"], args["spec"]
    state = game.player(player)
    zone = "hand" if spec["what"] == "hand" else spec["source"]
    pile = (
        state.hand
        if zone == "hand"
        else (state.discard if zone == "discard_pile" else state.banished)
    )
    whose = f"{game.who(player)}'s"
    if choice is not None:
        iid = int(choice.partition(":")[2])
        if zone == "hand":
            game.emit("choose", f"{game.who(controller)} chooses a card in {whose} hand.")
            for viewer in dict.fromkeys((controller, player)):
                game.emit("choose_private", f"The chosen card is {game.name(iid)}.",
                          private_to=viewer)  # fmt: skip
            seen = sorted({controller, player})
        else:
            game.emit("choose", f"{game.who(controller)} chooses {game.name(iid)}.",
                      card=game.name(iid))  # fmt: skip
            seen = [0, 1]
        _done(game, args, _record(game, player, iid, zone, seen))
        return
    if zone == "hand":
        names = ", ".join(game.name(iid) for iid in state.hand) or "no cards"
        game.emit("look_at_hand", f"{game.who(controller)} looks at {whose} hand.")
        game.emit("look_at_hand_private", f"{whose} hand: {names}.", private_to=controller)
    found = [iid for iid in reversed(pile) if _fits(game, iid, spec)]
    if not found:
        _done(game, args, None)
        return
    seen_names: set[str] = set()
    options = []
    for iid in found:
        if game.name(iid) not in seen_names:  # copies are the same choice
            seen_names.add(game.name(iid))
            options.append(Option(f"card:{iid}", f"Choose {game.name(iid)}"))
    game.ask(controller, "choose_card", "Choose a card.", options, "choose_referent", **args)


def still_there(game: Game, record: JsonDict) -> bool:
    """Is the chosen card still where it was chosen?"""
    if "card" not in record:
        return False
    state = game.player(record["player"])
    piles = {"hand": state.hand, "life_deck": state.life, "discard_pile": state.discard,
             "banished": state.banished}  # fmt: skip
    pile = piles.get(record["zone"])  # a card put into play is not "there" any more
    return pile is not None and record["card"] in pile


def needs(effect: Any) -> bool:
    """Does `effect` act on, or test, the card an earlier sentence chose?"""
    moves = isinstance(effect, Move) and (effect.source in ("that", "those") or effect.copies)
    forbids = isinstance(effect, UntilEndOfTurn) and effect.modifier.mod == "no_play_that"
    stages = isinstance(effect, GainStages | LoseStages) and effect.personality == "that"
    tested = effect.when is not None and effect.when.that is not None
    used = isinstance(effect, UseHit)  # "use the printed HIT effect of that card"
    return moves or forbids or stages or tested or used


def restriction(effect: UntilEndOfTurn, record: JsonDict | None) -> UntilEndOfTurn:
    """ "Your opponent cannot play that card ...": the title is the chosen card's."""
    if effect.modifier.mod != "no_play_that" or record is None:
        return effect
    modifier = effect.modifier.model_copy(update={"title": record.get("title")})
    return effect.model_copy(update={"modifier": modifier})


def holds(game: Game, effect: Any, record: JsonDict | None, controller: int | None = None) -> bool:
    """An effect on "that card" happens only when an earlier sentence chose one, its test
    ("If that card was Styled") holds and, for one moving it, the card is still where it
    was chosen (docs/rulings.md 78)."""
    if not needs(effect):
        return True
    if record is None:
        return False
    test = effect.when.that if effect.when is not None else None
    if test is not None and not _is(game, record, test, controller):
        return False
    if isinstance(effect, Move) and effect.source == "that":
        return still_there(game, record)
    if isinstance(effect, Move) and effect.source == "those":
        return bool(those.remaining(game, record))
    if (isinstance(effect, Move) and effect.copies) or isinstance(effect, UntilEndOfTurn):
        return "title" in record
    if isinstance(effect, GainStages | LoseStages):
        return "personality" in record
    return True


def _is(game: Game, record: JsonDict, test: ThatCard, controller: int | None = None) -> bool:
    """A named card is only a title: what it is can be tested on a chosen card alone."""
    if test.named_revealed is not None:  # the hand the sentence before revealed (ruling 278)
        named, hand = record.get("named"), game.player(1 - (controller or 0)).hand
        shown = controller is not None and any(game.card(i).title == named for i in hand)
        if named is None or shown != test.named_revealed:
            return False
        if test == ThatCard(named_revealed=test.named_revealed):
            return True
    if test.named_moved is not None:
        named = record.get("named")
        if (named is not None and named in record.get("moved", [])) != test.named_moved:
            return False
        if test == ThatCard(named_moved=test.named_moved):
            return True
    if "card" not in record:
        return False
    card = game.card(record["card"])
    yours = game.owner(record["card"]) == controller  # Card.considered: for its owner's effects
    checks = (
        test.styled is None or card.styled_for(yours) == test.styled,
        not test.card_types or card.type in test.card_types,
        test.endurance is None or (card.endurance_for(yours) > 0) == test.endurance,
        test.style is None or card.style == test.style,
        test.kind is None or card.type.value == test.kind,
        test.title_has is None
        or any(_has_words(t, test.title_has) for t in card.titles_for(yours)),
    )
    return all(checks)


def _has_words(title: str, words: str) -> bool:
    """ "with "Cell Jr." in the title": the words, whole, anywhere in the title."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE) is not None


_PILE_OF = {
    "hand": "hand", "life_top": "life_deck", "life_bottom": "life_deck",
    "life_shuffle": "life_deck", "rejuvenate": "life_deck", "discard": "discard_pile",
    "banish": "banished", "reveal": "hand",
}  # fmt: skip


def one_card(effect: Move) -> bool:
    """A move of one card chooses it: "that card" after it is that card ("Choose a card in
    your discard pile and place it on top of your Life Deck. If that card had Endurance,
    ..."); a card named earlier stays named (docs/rulings.md 78)."""
    return (
        effect.amount == 1
        and not (effect.every or effect.up_to or effect.x or effect.both_players)
        and effect.source not in ("this_card", "that", "moved_card", "those")
    )


def feeds(effect: Move, later: list[Any]) -> bool:
    """Does a sentence after this move act on what it moved? (Not a card put into play:
    what entering play sets off comes first.)"""
    return effect.to not in ("play", "place") and any(needs(e) for e in later)


def after_move(game: Game, args: JsonDict) -> JsonDict | None:
    """ "That card" once a move is over: the card a one-card move moved (in its new
    zone); the same card, moved, for a move of "that card"; otherwise what was chosen
    before. `moved` keeps the titles just moved ("If the card you named was destroyed")."""
    prior: JsonDict | None = args.get("prior")
    moved = args.get("moved", [])
    spec, controller = args["spec"], args["controller"]
    titles = [game.card(iid).title for iid, _owner, _zone in moved]
    record: JsonDict = {k: v for k, v in (prior or {}).items() if k == "named"}
    pile = _PILE_OF.get(spec["to"], "")
    if spec["source"] == "those" and prior is not None:
        # the cards moved are no longer "those cards": "the remaining" are the others
        gone = {iid for iid, _owner, _zone in moved}
        record = {**prior, "cards": [iid for iid in prior.get("cards", []) if iid not in gone]}
    elif spec["source"] == "that" and prior is not None:
        record = dict(prior)
        if moved:
            record.update(player=moved[-1][1], zone=pile)
    elif (
        spec["source"] not in ("this_card", "moved_card", "those")
        and spec.get("amount") == 1
        and not (spec.get("every") or spec.get("up_to") or spec.get("x"))
    ):
        if len(moved) == 1:
            iid, owner, zone = moved[0]
            public = pile in ("discard_pile", "banished") or zone not in ("hand", "life_deck")
            public = public or spec["to"] == "reveal"  # shown to both, kept in the hand
            seen = [0, 1] if public else sorted({controller, owner})
            record.update(_record(game, owner, iid, pile, seen))
    elif prior is not None:
        record = dict(prior)
    if not record and not titles:
        return None
    return {**record, "moved": titles}
