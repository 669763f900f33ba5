"""Moving cards between zones: the `move` effect (engine.panini.cards.Move), one data-driven
effect for searching, destroying, banishing, drawing from the discard pile, rejuvenating,
shuffling into and placing on the Life Deck, and placing into play.

Rules (2016 rulebook unless said): GAME ZONES (the Life Deck and hand are hidden, the
Discard Pile and Banished Zone public; Discard Piles stay in order); GLOSSARY "Searching a
Life Deck" (shuffle after searching the entire Life Deck; failing to find is allowed);
"Rejuvenate" (to the bottom of the Life Deck, one card at a time); "Dragon Balls" (one
discarded or destroyed goes to the bottom of its owner's Life Deck, or is Banished when it
matches one in play: engine.panini.mechanics.put_in_discard); "Playing" vs. "Placing into play";
"Gaining/losing stages" (destroying from the Life Deck is discarding, not damage); 2014
GLOSSARY "Destroy - discards a card in play". A card always goes to its owner's zones
(a captured Dragon Ball to its owner's Life Deck); one placed into play comes under the
effect's controller.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini import amounts, attaching, history, mechanics, replaced, self_moves, those
from engine.panini.ally_actions import undiscardable
from engine.panini.cards import Move, Style, fold_name
from engine.panini.effects import chosen_card, enter_play, may_enter_play, remove_from_play
from engine.panini.forbidden import destroy_forbidden, protected, rejuvenate_forbidden
from engine.panini.game import handler
from engine.panini.referents import after_move, still_there
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

_PILES = ("life_deck", "discard_pile", "banished", "hand")
_ZONE_WORDS = {
    "life_deck": "Life Deck", "discard_pile": "discard pile", "banished": "Banished Zone",
    "hand": "hand", "in_play": "cards in play", "this_card": "card being used",
    "moved_card": "card that moved", "that": "card chosen", "those": "cards chosen",
}  # fmt: skip
_VERBS = {
    "hand": "Take", "play": "Play", "place": "Place", "life_top": "Put on top",
    "life_bottom": "Put at the bottom", "life_shuffle": "Shuffle in", "discard": "Destroy",
    "banish": "Banish", "rejuvenate": "Rejuvenate", "attach": "Attach", "reveal": "Reveal",
    "life_top_or_bottom": "Put on top or at the bottom",
}  # fmt: skip
_THAT_WORDS = {
    "hand": "put that card into the hand", "life_top": "put that card on top of the Life Deck",
    "life_bottom": "put that card at the bottom of the Life Deck",
    "life_shuffle": "shuffle that card into the Life Deck",
}  # fmt: skip
_PLANNING = ("ally", "setup", "drill", "dragon_ball")  # the cards that stay in play
_ANY_NUMBER = 1000  # more cards than a game holds
_SPEC_FIELDS = {
    "source", "also_from", "either_player", "position", "depth", "amount", "up_to", "every",
    "card_types", "styled", "style", "endurance", "title_has", "titled", "dragon_ball_set",
    "copies", "to", "ally_stage", "attaches", "attached", "any_order", "revealed", "named",
    "styled_or_named", "control", "constant", "not_in_play", "title_has_any", "named_as",
    "hit_effect", "owned",
}  # fmt: skip


def apply_move(
    game: Game,
    effect: Move,
    controller: int,
    target: int,
    _attack: bool,
    card: int = -1,
    that: JsonDict | None = None,
    follow: JsonDict | None = None,
) -> None:
    if effect.position == "top" and not effect.every and not effect.either_player:
        # "increase that amount by 1" (engine.panini.amounts): more cards from the top of a pile
        more = amounts.more_moved(game, target, controller, effect.to, effect.source)
        if more:
            effect = effect.model_copy(update={"amount": effect.amount + more})
    if effect.to == "rejuvenate" and rejuvenate_forbidden(game, controller):
        return
    destroys = effect.to == "discard" and "life_deck" in (effect.source, *effect.also_from)
    if destroys and destroy_forbidden(game, controller):
        return
    spec = effect.model_dump(mode="json", include=_SPEC_FIELDS)
    if that is not None and effect.copies:  # "copies of that card" (engine.panini.referents)
        spec["title"] = that.get("title")
    # "a player's discard pile": the controller picks whose (player None); "an Ally": any
    # Ally in play, on either side (both)
    either = effect.either_player
    # "any number of": every card that fits, one at a time, until the player stops
    left = _ANY_NUMBER if effect.every and (effect.up_to or effect.any_order) else effect.amount
    args: JsonDict = {"controller": controller, "player": None if either else target,
                      "spec": spec, "left": left}  # fmt: skip
    if either and effect.source == "in_play":
        args["player"], args["both"] = target, True
    if effect.source in ("this_card", "moved_card"):
        args["card"] = card
    if effect.depth and not either and effect.source in _PILES:
        # "the top 3 cards": those 3, even once some of them moved (docs/rulings.md 124)
        top = list(reversed(_zone(game, target, effect.source)))[: effect.depth]
        args["window"] = top
    args["by"] = card
    if effect.chooser == "opponent":  # they pick among their own cards (docs/rulings.md 219)
        args["asker"] = 1 - controller
    game.state.results[str(card)] = []  # what this move moves (engine.panini.quantities)
    if effect.source in ("that", "those") and that is not None:
        args["that"] = that
    if follow is not None:  # the effects go on once the move is over (engine.panini.referents)
        args["next"], args["prior"] = follow, that
    if effect.both_players:  # "each player's": the controller's pile first (ruling 224)
        first = {k: v for k, v in args.items() if k not in ("next", "prior")}
        theirs = {**args, "player": 1 - controller, "owners": []}
        game.then(("move", {**first, "player": controller}), ("move", theirs))
        return
    game.then(("move", args))


def can_do(game: Game, effect: Move, controller: int, card: int, amount: int) -> bool:
    """Can the whole move be done now ("You may destroy 3 Setups you control. If you do,
    ...": not with two; docs/rulings.md 43)? "up to", "any number of" and "all" always
    can; a Life Deck search may fail to find, so it asks for enough cards in the zone."""
    if effect.up_to or effect.every or effect.source in ("that", "those"):
        return True  # "that card" is there: engine.panini.referents.holds checked it
    if "life_deck" in (effect.source, *effect.also_from) and effect.position == "any":
        return True  # searching may fail to find (GLOSSARY "Searching a Life Deck")
    if effect.source == "this_card":
        return card in game.player(controller).resolving or card in _in_play(game, controller)
    if effect.source == "moved_card":
        return _moved_card_zone(game, card) is not None
    target = controller if effect.who == "self" else 1 - controller
    spec = effect.model_dump(mode="json", include=_SPEC_FIELDS)
    players = (
        [target, 1 - target] if effect.either_player and effect.source != "in_play" else [target]
    )
    for player in players:
        args = {"controller": controller, "player": player, "spec": spec}
        if effect.either_player and effect.source == "in_play":
            args["both"] = True
        if effect.position != "any":
            found = len(_end_pile(game, args))
        else:
            found = len(_candidates(game, args))
        if found >= amount:
            return True
    return False


def describe_move(effect: Move) -> str:
    """What a `move` does, for the question an optional one asks."""
    if effect.every:
        count = "any number of" if effect.up_to else "all"
    else:
        count = f"{'up to ' if effect.up_to else ''}{'X' if effect.x else effect.amount}"
    where = "play" if effect.source == "in_play" else f"the {_ZONE_WORDS[effect.source]}"
    verb = _verb(effect.to, effect.source)
    if effect.source in ("this_card", "moved_card"):
        return f"{verb.lower()} this card"
    if effect.source == "that":
        return _THAT_WORDS.get(effect.to, f"{verb.lower()} that card")
    return f"{verb.lower()} {count} card(s) from {where}"


def _verb(to: str, source: str) -> str:
    """The option's verb: "Destroy" a card in play or in the Life Deck, "Discard" one
    from the hand."""
    return "Discard" if to == "discard" and source == "hand" else _VERBS[to]


def _zone(game: Game, player: int, name: str) -> list[int]:
    state = game.player(player)
    piles = {
        "life_deck": state.life, "discard_pile": state.discard, "banished": state.banished,
        "hand": state.hand,
    }  # fmt: skip
    return piles[name]


def _in_play(game: Game, player: int) -> list[int]:
    """Cards `player` controls in play that effects may move (not the MP or Mastery)."""
    state = game.player(player)
    return [
        *state.setups,
        *state.drills,
        *(ally.iid for ally in state.allies),
        *state.dragon_balls,
    ]


def _fits(game: Game, iid: int, spec: JsonDict, controller: int, attached: bool = False) -> bool:
    """`attached`: a card attached to a personality, taken as "an attached card" whatever
    its type."""
    card = game.card(iid)
    yours = game.owner(iid) == controller  # what it is considered for its owner's effects
    if spec.get("attached") and not spec.get("card_types") and not attached:
        return False  # "an attached card" alone: only attached cards
    if not attached and spec.get("card_types") and card.type.value not in spec["card_types"]:
        return False
    if spec.get("styled") is not None and card.styled_for(yours) != spec["styled"]:
        return False
    named = card.named_for(yours) or _named_for_mp(game, iid)
    if spec.get("named") is not None and named != spec["named"]:
        return False
    if spec.get("styled_or_named") and not (card.styled_for(yours) or named):
        return False
    character = spec.get("named_as")
    if character and not (named and _of_character(card.personality, card.title, character)):
        return False
    if spec.get("constant") is not None and card.has_constant != spec["constant"]:
        return False
    if spec.get("hit_effect") and not card.has_hit_effect:
        return False
    if spec.get("not_in_play") and _title_in_play(game, card.title):
        return False
    if spec.get("endurance") is not None and (card.endurance_for(yours) > 0) != spec["endurance"]:
        return False
    titles = card.titles_for(yours)
    if spec.get("title_has") and not any(_title_has(t, spec["title_has"]) for t in titles):
        return False
    if spec.get("title_has_any") and not any(
        _title_has(t, words) for t in titles for words in spec["title_has_any"]
    ):
        return False
    if spec.get("titled") and fold_name(card.title) != fold_name(spec["titled"]):
        return False
    ball_set = spec.get("dragon_ball_set")
    if ball_set and (card.dragon_ball is None or card.dragon_ball.set.lower() != ball_set.lower()):
        return False
    if spec.get("owned") and game.owner(iid) != controller:
        return False  # "a Dragon Ball you own": the controller's own, wherever
    if spec.get("copies") and card.title != spec.get("title"):
        return False  # a copy of the card chosen or named (engine.panini.referents)
    if spec.get("attaches") and not attaching.attaches_to_mp(card, spec["attaches"]):
        return False
    return not spec.get("style") or card.style.value == spec["style"]


def _named_for_mp(game: Game, iid: int) -> bool:
    """A card files give no character: Named when Freestyle, not a personality, and its
    title holds the name of its owner's MP, as a legal Named card's must (2016 MAKING A
    DECK: Named cards "have a character's name in the title" and "must match the name of
    your MP"; docs/rulings.md 205)."""
    card = game.card(iid)
    if card.personality is not None or card.is_personality or card.style != Style.FREESTYLE:
        return False
    character = game.card(game.player(game.owner(iid)).mp_card).personality
    return bool(character) and _title_has(card.title, character or "")


def _of_character(personality: str | None, title: str, character: str) -> bool:
    """ "a Frieza Named card": the card's character, or that name in its title."""
    if personality:
        return fold_name(personality) == fold_name(character)
    return _title_has(title, character)


def _title_in_play(game: Game, title: str) -> bool:
    """ "an Ally that isn't already in play": a card of that title in play, either side."""
    for player in (0, 1):
        riders = [a.iid for a in game.player(player).attached]
        if any(game.card(iid).title == title for iid in [*_in_play(game, player), *riders]):
            return True
    return False


def _title_has(title: str, words: str) -> bool:
    """ "with "Goku" in the title": the words, whole, anywhere in the printed title."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE) is not None


def _sources(spec: JsonDict) -> list[str]:
    return [spec["source"], *spec.get("also_from", [])]


def _candidates(game: Game, args: JsonDict) -> list[tuple[int, int, str]]:
    """(player, card, zone) the controller may choose, top of each pile first."""
    spec, controller = args["spec"], args["controller"]
    if spec["source"] == "those":  # "(N of) those cards", "the remaining cards"
        return [c for c in those.candidates(game, args) if _fits(game, c[1], spec, controller)]
    # the opponent's cards first: removing cards from play mostly hurts their owner (and
    # an AI taking the first option should not hurt itself)
    players = [1 - controller, controller] if args.get("both") else [args["player"]]
    found = []
    for player in players:
        for zone in _sources(spec):
            cards = _in_play(game, player) if zone == "in_play" else _zone(game, player, zone)
            if zone not in ("in_play", "hand"):  # piles: top first
                cards = list(reversed(cards))[: spec.get("depth") or None]
            if "window" in args and zone == spec["source"]:
                pile = reversed(_zone(game, player, zone))
                cards = [iid for iid in pile if iid in args["window"]]
            if zone == "in_play" and spec["to"] in ("discard", "banish"):  # ruling 203
                cards = [iid for iid in cards if not protected(game, player, iid, controller)]
            if zone == "in_play" and spec["to"] == "discard":  # ruling 290
                kept = {iid for iid in cards if undiscardable(game, player, iid)}
                cards = [iid for iid in cards if iid not in kept]
            cards = [iid for iid in cards if iid not in args.get("shown", [])]  # once each
            found += [(player, iid, zone) for iid in cards if _fits(game, iid, spec, controller)]
            if zone == "in_play" and spec.get("attached"):
                # attached to this player's personalities, whoever controls them
                riders = [a.iid for a in game.player(player).attached]
                fits = [iid for iid in riders if _fits(game, iid, spec, controller, True)]
                found += [(player, iid, zone) for iid in fits]
    if spec["to"] in ("play", "place"):
        # a card searched for by title enters play only if it is a planning card
        holder = _new_controller(spec, controller)
        found = [
            c for c in found
            if game.card(c[1]).type.value in _PLANNING and may_enter_play(game, holder, c[1])
        ]  # fmt: skip
    return found


def _new_controller(spec: JsonDict, controller: int) -> int:
    """Whose control a card entering play comes under (docs/rulings.md 205)."""
    return 1 - controller if spec.get("control") == "opponent" else controller


def _take(game: Game, player: int, iid: int, zone: str) -> None:
    if zone == "resolving":
        game.player(player).resolving.remove(iid)
    elif zone == "in_play":
        remove_from_play(game, player, iid)
    else:
        _zone(game, player, zone).remove(iid)


def _put(game: Game, args: JsonDict, player: int, iid: int, zone: str) -> None:
    """Move one card from `player`'s `zone` to the destination (its owner's zone)."""
    to, controller = args["spec"]["to"], args["controller"]
    owner, name = game.owner(iid), game.name(iid)
    if to == "reveal":  # "Reveal 2 attack cards from your hand": shown, not moved
        args["shown"] = [*args.get("shown", []), iid]
        game.state.results.setdefault(str(args.get("by", -1)), []).append(iid)
        if "next" in args:
            args["moved"] = [*args.get("moved", []), [iid, owner, zone]]
        game.emit("reveal", f"{game.who(player)} reveals {name} from their hand.", card=name)
        if zone == "hand":  # its own "(If this card is revealed ...)" and "Whenever you
            # reveal a card from your hand" (engine.panini.self_moves: card_revealed)
            self_moves.moved(game, iid, "revealed_from_hand", controller)
        return
    # "banished from the top of your discard pile" (engine.panini.self_moves)
    top = zone == "discard_pile" and _zone(game, player, zone)[-1:] == [iid]
    _take(game, player, iid, zone)
    args["owners"] = [*args.get("owners", []), owner]
    game.state.results.setdefault(str(args.get("by", -1)), []).append(iid)
    if "next" in args:  # what it moved, for "that card" after it (engine.panini.referents)
        args["moved"] = [*args.get("moved", []), [iid, owner, zone]]
    on_table = zone in ("in_play", "resolving")
    origin = "play" if on_table else f"{game.who(player)}'s {_ZONE_WORDS[zone]}"
    if to in ("play", "place"):
        if zone == "life_deck":
            # Emptying the Life Deck loses at once (2016 GAMEPLAY, Survival Victory): the
            # card still lands in play, but a victory it would bring comes too late.
            game.check_survival(player)
        game.emit("move", f"{game.who(controller)} takes {name} from {origin}.", card=name)
        holder = _new_controller(args["spec"], controller)
        enter_play(game, holder, iid, to, stage=args["spec"].get("ally_stage"))
        return
    if to == "attach":
        if zone == "life_deck":
            game.check_survival(player)  # as for "into play" above
        game.emit("move", f"{game.who(controller)} takes {name} from {origin}.", card=name)
        attaching.place_attached(game, controller, iid)
        return
    life_top = zone == "life_deck" and args["spec"].get("position") == "top"
    if life_top and to == "discard" and replaced.banished_instead(game, iid, controller):
        to = "banish"  # "..., they are banished instead." (docs/rulings.md 301)
    if zone == "in_play" and to in ("discard", "banish"):  # "... is destroyed / banished"
        event = "destroyed" if to == "discard" else "banished_from_play"
        mechanics.queue_trigger(game, player, event, card_type=game.card(iid).type)
    # A card going from a hidden zone to a hidden one stays hidden (2016 GAME ZONES: the
    # hand and Life Deck are secret); only the players who chose or own it see its name.
    hidden = zone in ("life_deck", "hand") and to not in ("discard", "banish")
    hidden = hidden and not args["spec"].get("revealed")  # revealed as it moves
    shown = "A card" if hidden else name
    whose = f"{game.who(owner)}'s"
    where = {
        "hand": f"into {whose} hand", "life_top": f"on top of {whose} Life Deck",
        "life_bottom": f"to the bottom of {whose} Life Deck",
        "life_shuffle": f"into {whose} Life Deck",
        "rejuvenate": f"to the bottom of {whose} Life Deck (Rejuvenated)",
        "banish": "to the Banished Zone",
    }.get(to, "")  # fmt: skip
    if to == "discard":
        # a Dragon Ball then goes to the bottom of the Life Deck (put_in_discard says so)
        verb = "discarded" if zone == "hand" else "destroyed"
        game.emit("move", f"{shown} is {verb} from {origin}.")
    else:
        game.emit("move", f"{shown} goes from {origin} {where}.")
    if hidden:
        # a card picked at random was seen by its owner alone (engine.panini.referents)
        # a whole hand moved unchosen ("Your opponent shuffles his hand ..."): its owner alone
        unseen = zone == "hand" and player != controller
        viewers = args.get("that", {}).get("seen") or ((owner,) if unseen else (controller, owner))
        for viewer in dict.fromkeys(viewers):
            game.emit("move_private", f"That card is {name}.", private_to=viewer)
    state = game.player(owner)
    if to in ("life_top", "life_bottom"):  # kept at that end past the search's shuffle
        args["ends"] = [*args.get("ends", []), [iid, to]]
    if to == "hand":
        state.hand.append(iid)
    elif to in ("life_top", "life_shuffle"):
        state.life.append(iid)
    elif to in ("life_bottom", "rejuvenate"):
        state.life.insert(0, iid)
        if to == "rejuvenate":
            mechanics.queue_trigger(game, owner, "rejuvenated", card_type=game.card(iid).type)
    elif to == "discard":
        mechanics.put_in_discard(game, iid)
    else:
        mechanics.banish(game, iid)
    _report(game, iid, zone, to, controller, top)
    if zone == "life_deck":
        # after the card landed: a destroyed Dragon Ball goes back to the bottom of the
        # Life Deck, which then is not empty (GLOSSARY "Dragon Balls")
        game.check_survival(player)


@handler("move")
def move_task(game: Game, args: JsonDict) -> None:
    args = dict(args)
    choice: Any = args.pop("choice", None)
    spec, controller = args["spec"], args["controller"]
    if spec["to"] == "life_top_or_bottom":
        _choose_end_to(game, args, choice)
        return
    if spec["source"] == "this_card":
        _this_card(game, args)
        return
    if spec["source"] == "that":
        _that_card(game, args)
        return
    if spec["source"] == "moved_card":
        _moved_card(game, args)
        return
    if args["player"] is None:
        # "a player's discard pile": the controller picks whose
        if choice is None:
            zone = _ZONE_WORDS[spec["source"]]
            options = [Option("player:1", f"Your opponent's {zone}"),
                       Option("player:0", f"Your {zone}")]  # fmt: skip
            game.ask(controller, "choose_player", "Choose whose cards.", options, "move", **args)
            return
        mine = choice == "player:0"
        args["player"], choice = (controller if mine else 1 - controller), None
    position = spec.get("position", "any")
    if position != "any":
        _from_end(game, args, position, choice)
        return
    if choice is not None:
        if choice == "stop":
            _finish(game, args)
            return
        iid = chosen_card(choice)
        for player, card, zone in _candidates(game, args):
            if card == iid:
                _put(game, args, player, card, zone)
                break
        args["left"] -= 1
        if game.over:
            return
    found = _candidates(game, args)
    if spec.get("every") and not spec.get("up_to") and not spec.get("any_order"):
        for player, card, zone in found:
            _put(game, args, player, card, zone)
            if game.over:
                return
        _finish(game, args)
        return
    if args["left"] <= 0 or not found:
        _finish(game, args)
        return
    _ask_card(game, args, found)


def _choose_end_to(game: Game, args: JsonDict, choice: Any) -> None:
    """ "... and place it on the top or bottom of your Life Deck": the controller picks
    the end first, then the move goes on as one to that end (docs/rulings.md 206)."""
    if choice not in ("life_top", "life_bottom"):
        options = [Option("life_top", "On top of the Life Deck"),
                   Option("life_bottom", "At the bottom of the Life Deck")]  # fmt: skip
        game.ask(args["controller"], "choose_end", "Where will the card go?", options,
                 "move", **args)  # fmt: skip
        return
    game.then(("move", {**args, "spec": {**args["spec"], "to": choice}}))


def _this_card(game: Game, args: JsonDict) -> None:
    """ "Shuffle this card into your Life Deck": the card being used (it then is not
    discarded after use) or in play; anywhere else (already gone), nothing happens."""
    controller, iid = args["controller"], args["card"]
    if iid in game.player(controller).resolving:
        _put(game, args, controller, iid, "resolving")
        args["left"] = 0
    elif iid in _in_play(game, controller):
        _put(game, args, controller, iid, "in_play")
        args["left"] = 0
    else:
        # an attached card ("Banish this card when ..."), on whichever side it is attached
        hosts = [n for n, side in enumerate(game.state.players)
                 if iid in (attached.iid for attached in side.attached)]  # fmt: skip
        if hosts:
            _put(game, args, hosts[0], iid, "in_play")
            args["left"] = 0
    if not game.over:
        _finish(game, args)


def _report(game: Game, iid: int, zone: str, to: str, controller: int, top: bool) -> None:
    """Tell engine.panini.self_moves what this effect did to the card, `controller`'s effect;
    `top`: it was the top card of the pile it left."""
    if zone == "hand" and to == "discard":
        self_moves.moved(game, iid, "discarded_from_hand", controller)
    elif zone == "life_deck" and to == "discard":
        self_moves.moved(game, iid, "destroyed_from_life_deck", controller)
    elif to == "rejuvenate":
        self_moves.moved(game, iid, "rejuvenated", controller)
    elif zone == "discard_pile" and to == "banish":
        self_moves.moved(game, iid, "banished_from_discard", controller, top=top)
    elif zone == "life_deck" and to == "banish":
        self_moves.moved(game, iid, "banished_from_life_deck", controller)
    elif zone == "hand" and to == "banish":
        self_moves.moved(game, iid, "banished_from_hand", controller)
    elif zone == "in_play" and to == "banish":
        self_moves.moved(game, iid, "banished_from_play", controller)


def _moved_card_zone(game: Game, iid: int) -> str | None:
    """Where a card that just moved is now, if still in a public pile it can move from
    ("(If this card is discarded from your hand during combat, place it into play.)")."""
    state = game.player(game.owner(iid))
    # a card revealed from the hand is seen there: "banish it" may move it from the hand
    piles = (("discard_pile", state.discard), ("banished", state.banished), ("hand", state.hand))
    for zone, pile in piles:
        if iid in pile:
            return zone
    return None


def _moved_card(game: Game, args: JsonDict) -> None:
    """ "it" in a card's own-move ability: the card, where its move put it; once gone
    from there (moved again), nothing happens."""
    iid = args["card"]
    zone = _moved_card_zone(game, iid)
    enters = args["spec"]["to"] in ("play", "place")
    if zone is not None and (not enters or may_enter_play(game, args["controller"], iid)):
        _put(game, args, game.owner(iid), iid, zone)
        args["left"] = 0
    if not game.over:
        _finish(game, args)


def _that_card(game: Game, args: JsonDict) -> None:
    """ "Your opponent discards that card": the card an earlier sentence chose, from
    where it was chosen (engine.panini.referents; gone from there, nothing happens)."""
    that = args.get("that")
    if that is not None and still_there(game, that):
        _put(game, args, that["player"], that["card"], that["zone"])
        args["left"] = 0
    if not game.over:
        _finish(game, args)


def _ask_card(game: Game, args: JsonDict, found: list[tuple[int, int, str]]) -> None:
    spec, controller = args["spec"], args["controller"]
    verb = _verb(spec["to"], spec["source"])
    several_zones = len({(p, z) for p, _c, z in found}) > 1
    seen: set[tuple[int, str, str]] = set()
    options = []
    for player, iid, zone in found:
        name = game.name(iid)
        key = (player, zone, name)
        if zone != "in_play" and key in seen:
            continue  # copies in one pile are the same choice
        seen.add(key)
        label = f"{verb} {name}"
        if several_zones:
            whose = "your" if player == controller else "your opponent's"
            if zone == "in_play":
                label += " (yours)" if player == controller else " (your opponent's)"
            else:
                label += f" ({whose} {_ZONE_WORDS[zone]})"
        options.append(Option(f"card:{iid}", label))
    hidden = "life_deck" in _sources(spec)
    # Searching a hidden zone may fail to find (GLOSSARY "Searching a Life Deck"); "up to"
    # lets the player stop.
    if spec.get("up_to") or hidden:
        options.append(Option("stop", "Find nothing more" if hidden else "Choose no more"))
    most = "" if args["left"] >= _ANY_NUMBER else f" ({args['left']} at most)"
    prompt = f"{verb}: choose a card{most}."
    asker = args.get("asker")  # the opponent, when they choose (docs/rulings.md 219)
    player = controller if asker is None else int(asker)
    game.ask(player, "choose_card", prompt, options, "move", **args)


def _from_end(game: Game, args: JsonDict, position: str, choice: Any) -> None:
    """ "the top N cards", "the bottom card", "the top or bottom N cards" of a pile: no
    search, so no shuffle."""
    spec, player = args["spec"], args["player"]
    position = args.get("end", position)
    if position == "top_or_bottom":
        if choice is None:
            options = [Option("top", "The top card(s)"), Option("bottom", "The bottom card(s)")]
            game.ask(args["controller"], "choose_end", "Which end of the pile?", options,
                     "move", **args)  # fmt: skip
            return
        position, choice = choice, None
        args["end"] = position
    zone = spec["source"]
    if position == "top_and_bottom":
        # "the top and bottom cards": the top one, then the bottom one if any is left (a
        # pile of one card has one card at both ends; docs/rulings.md 218)
        for end in ("top", "bottom"):
            if _end_pile(game, args) and not game.over:
                _put(game, args, player, _end_card(game, args, end), zone)
        args["left"] = 0
        if not game.over:
            _finish(game, args)
        return
    if choice == "stop":
        _finish(game, args)
        return
    if choice == "more":
        args["left"] -= 1
        _put(game, args, player, _end_card(game, args, position), zone)
        if game.over:
            return
    elif spec.get("up_to"):
        pass  # nothing chosen yet: ask below
    else:
        for _ in range(args["left"]):
            if not _end_pile(game, args):
                break
            _put(game, args, player, _end_card(game, args, position), zone)
            if game.over:
                return
        args["left"] = 0
    if spec.get("up_to") and args["left"] > 0 and _end_pile(game, args):
        # "up to N cards from the top": one at a time, the controller may stop
        verb = _verb(spec["to"], spec["source"])
        options = [Option("more", f"{verb} the {position} card"), Option("stop", "Stop")]
        game.ask(args["controller"], "choose_more", f"{args['left']} more at most.", options,
                 "move", **{**args, "end": position})  # fmt: skip
        return
    _finish(game, args)


def _end_pile(game: Game, args: JsonDict) -> list[int]:
    """The cards of the pile an end is taken from, bottom first: those that fit the move
    ("the top Physical Combat card of your discard pile": the one nearest the top of that
    kind, docs/rulings.md 295); every card when the move names no kind."""
    pile = _zone(game, args["player"], args["spec"]["source"])
    return [iid for iid in pile if _fits(game, iid, args["spec"], args["controller"])]


def _end_card(game: Game, args: JsonDict, position: str) -> int:
    pile = _end_pile(game, args)
    return pile[-1] if position == "top" else pile[0]


def _back_to_ends(game: Game, ends: list[list[Any]], shuffled: set[int]) -> None:
    """ "Search your Life Deck for a card and place it on top of your Life Deck": the
    search's shuffle comes first, the card then goes where it says (docs/rulings.md 206)."""
    for iid, to in ends:
        life = game.player(game.owner(iid)).life
        if game.owner(iid) not in shuffled or iid not in life:
            continue
        life.remove(iid)
        if to == "life_top":
            life.append(iid)
        else:
            life.insert(0, iid)


def _finish(game: Game, args: JsonDict) -> None:
    """Shuffle a Life Deck searched whole, and those cards were shuffled into. A move of
    N cards that moved fewer (a search that found nothing) did not happen: an "If you do"
    after it does not follow (docs/rulings.md 43)."""
    spec = args["spec"]
    short = args.get("left", 0) > 0 and not spec.get("up_to") and not spec.get("every")
    if short and "next" not in args:  # else the effects go on below, told so
        game.sentence_not_done(args.get("by", -1))
    to_shuffle: list[int] = []
    if (
        "life_deck" in _sources(spec)
        and spec.get("position", "any") == "any"
        and not spec.get("depth")
    ):
        searched = args["player"] if args["player"] is not None else args["controller"]
        to_shuffle.append(searched)
        if searched == args["controller"]:  # "If you have searched your Life Deck this turn"
            history.record(game, searched, "life_deck_searched")
            mechanics.queue_trigger(game, searched, "life_deck_searched")
    if spec["to"] == "life_shuffle":
        to_shuffle += args.get("owners", [])
    for player in dict.fromkeys(to_shuffle):
        mechanics.shuffle_life_deck(game, player)
    _back_to_ends(game, args.get("ends", []), set(to_shuffle))
    if "next" in args:
        that = after_move(game, args)
        done = args["next"].get("done", True) and not short
        follow = {**args["next"], "that": that, "done": done}
        game.then(("flush_triggers", {}), ("effects", follow))
