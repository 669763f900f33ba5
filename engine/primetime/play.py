"""Playing deck cards ("Actions Available: ... Play a Card", the Z-Reaction table's "Card
Response", "Card Deck Mechanics"). A card's `effect` (engine.primetime.data.CardEffect)
says what it does. Timing (PT-29): an action or persistent card takes the "Play a Card"
action (once per activation, PT-13); an instant card is a free action of the active
model's activation (no slot; at most 2 free actions, "Free Action Cap"); a z-reaction card
answers an attack as its one Z-Reaction (reactions.py). The playing model pays the card's
SK. A persistent card stays in play until Cleanup, then is discarded; others go to the
discard pile at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, held, lasting, legacy, overload, reposition, states
from engine.primetime.data import CardEffect, DeckCard, Technique
from engine.primetime.geometry import edge_distance
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import modify

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

PLAY = "card"  # the action's name in Activation.taken (PT-13: once per activation)


def _by_model(game: PrimeTimeGame, m: ModelState, card: DeckCard, sk_free: bool = False) -> bool:
    """A character card is played by its character; a Legacy card by a Human ("Growth is
    through Legacy Cards only") once its gate is met (PT-69); the model pays its SK, unless
    the Z-Fighters WT Action pays for it (`sk_free`, PT-70)."""
    if card.kind == "character" and card.character != m.character:
        return False
    if card.legacy and (game.character(m).race != "Human" or not legacy.gate_open(game, m, card)):
        return False
    if sk_free:
        return True
    return m.sk >= card.sk and (not card.sk or held.may_spend_sk(m))  # Petrified (PT-50)


def targets(game: PrimeTimeGame, m: ModelState, effect: CardEffect) -> list[ModelState]:
    """The models a card's effect may be aimed at, or reaches (`friends`)."""
    if effect.target in ("self", "team"):
        return [m]
    if effect.target == "enemy":
        pool = game.enemies(m)  # "Dazed models cannot be targeted"
    else:
        pool = [o for o in game.state.models if o.owner == m.owner and o.status == "active"]
    if effect.within is None:
        return pool
    here = game.base(m)
    return [o for o in pool if edge_distance(here, game.base(o)) <= effect.within + 1e-9]


def card_targets(game: PrimeTimeGame, m: ModelState, technique: Technique) -> list[ModelState]:
    """The enemies a card's attack may be made at (range, and sight when ranged)."""
    return [e for e in game.enemies(m) if attacks.can_target(game, m, technique, e)]


def playable(game: PrimeTimeGame, m: ModelState, card: DeckCard, sk_free: bool = False) -> bool:
    """Whether the active model may play this card now (not a z-reaction card)."""
    effect = card.effect
    if effect is None or card.timing == "z-reaction" or not _by_model(game, m, card, sk_free):
        return False
    if effect.target in ("friend", "enemy") and not targets(game, m, effect):
        return False
    if effect.ascend and not overload.can_rise(game, m):
        return False
    return effect.technique is None or bool(card_targets(game, m, effect.technique))


def options(game: PrimeTimeGame, m: ModelState) -> list[Option]:
    """The cards of the active model's player it may play now: "card:<hand index>"."""
    active = game.state.active
    assert active is not None
    hand = game.state.players[m.owner].hand
    found = []
    for index, cid in enumerate(hand):
        card = game.pool.cards[cid]
        if not slot_free(game, card):
            continue
        if hand.index(cid) == index and playable(game, m, card):  # one option per card name
            how = "free action" if card.timing == "instant" else "action"
            cost = f", {card.sk} SK" if card.sk else ""
            found.append(Option(f"card:{index}", f"play {card.name} ({how}{cost})"))
    return found


def slot_free(game: PrimeTimeGame, card: DeckCard) -> bool:
    """An instant card needs a free action under the cap; another, the "Play a Card"
    action not yet taken this activation (PT-29)."""
    active = game.state.active
    assert active is not None
    if card.timing == "instant":
        return active.free < game.rules.free_cap
    return PLAY not in active.taken


def legacy_at_no_sk(game: PrimeTimeGame, m: ModelState, affiliation: str) -> list[int]:
    """The hand indices of the Legacy cards of `affiliation` the active model may play at
    0 SK with its player's Affiliation WT Action ("Z-Fighter WT Action", PT-70)."""
    hand = game.state.players[m.owner].hand
    found = []
    for index, cid in enumerate(hand):
        card = game.pool.cards[cid]
        if hand.index(cid) == index and legacy.of_affiliation(game, card, affiliation) \
                and slot_free(game, card) and playable(game, m, card, sk_free=True):  # fmt: skip
            found.append(index)
    return found


def pay(game: PrimeTimeGame, m: ModelState, index: int, sk_free: bool = False) -> DeckCard:
    """Take the card from the hand, pay its SK (none when `sk_free`), put it in play or in
    the discard pile."""
    player = game.state.players[m.owner]
    cid = player.hand.pop(index)
    card = game.pool.cards[cid]
    if not sk_free:
        m.sk -= card.sk
    if card.legacy:  # "placed beside the Human model's profile"
        m.legacy.append(cid)
    else:
        (player.in_play if card.timing == "persistent" else player.discard).append(cid)
    cost = f" for {card.sk} SK" if card.sk and not sk_free else ""
    game.emit("card", f"{game.name(m)} plays {card.name}{cost}: {card.text}")
    return card


def play(game: PrimeTimeGame, m: ModelState, index: int, sk_free: bool = False) -> None:
    """The active model plays the card at `index` of its player's hand."""
    active = game.state.active
    assert active is not None
    card = pay(game, m, index, sk_free)
    if card.timing == "instant":
        active.free += 1
    else:
        active.actions -= 1
        active.taken.append(PLAY)
    _resolve(game, m, card, "card_targeted", card.id)


def _resolve(game: PrimeTimeGame, m: ModelState, card: DeckCard, task: str,
             named: object) -> None:  # fmt: skip
    """Apply the effect; a card that chooses one model asks first (`task` resumes with
    the card `named` as the task can find it again)."""
    effect = card.effect
    assert effect is not None
    if effect.target in ("friend", "enemy"):
        chosen = targets(game, m, effect)
        game.ask(m.owner, "card_target", f"{card.name}: which model?",
                 [Option(f"model:{o.uid}", game.name(o)) for o in chosen], task,
                 model=m.uid, card=named)  # fmt: skip
        return
    for o in targets(game, m, effect):
        apply(game, m, o, card)
    follow_up(game, m, card)


def _targeted(game: PrimeTimeGame, args: JsonDict, card: DeckCard) -> None:
    m = game.model(args["model"])
    apply(game, m, game.model(int(args["choice"].split(":")[1])), card)
    follow_up(game, m, card)


@HANDLERS.register("card_targeted")
def card_targeted(game: PrimeTimeGame, args: JsonDict) -> None:
    _targeted(game, args, game.pool.cards[args["card"]])


def apply(game: PrimeTimeGame, m: ModelState, target: ModelState, card: DeckCard) -> None:
    """The effect's immediate parts on one model (or the team)."""
    effect = card.effect
    assert effect is not None
    player = game.state.players[m.owner]
    if effect.bk:
        gained = min(effect.bk, game.rules.bk_cap - player.bk)
        player.bk += gained
        game.emit("bk", f"{game.who(m.owner)} gains {gained} BK ({player.bk} in the pool).")
    if effect.heal and target.status == "active":
        healed = min(effect.heal, game.tier(target).hp - target.hp)
        target.hp += healed
        game.emit("heal", f"{game.name(target)} recovers {healed} HP ({target.hp}).")
    if card.legacy:
        legacy.restore(game, target, card)
    if effect.stat is not None and card.legacy:
        game.emit("modify", f"{game.name(target)} gets {effect.value:+d} "
                  f"{effect.stat.upper()} for the rest of the game ({card.name}, Legacy).")
    elif effect.stat is not None and modify(target, card.name, effect.stat, effect.value):
        game.emit("modify", f"{game.name(target)} gets {effect.value:+d} "
                  f"{effect.stat.upper()} until the end of the round ({card.name}).")  # fmt: skip
    if effect.drain:
        drain(game, target, effect.drain)
    if effect.stagger:
        states.stagger(game, target)
    if effect.state is not None:
        lasting.apply(game, m, target, effect.state)
    if effect.ascend:
        overload.rise(game, target)


def drain(game: PrimeTimeGame, m: ModelState, amount: int) -> None:
    """SK drained from a model; what it lacks comes from its team's BK ("Surge Ki Drain
    Fallback", PT-30), never below 0."""
    from_sk = min(amount, m.sk)
    m.sk -= from_sk
    player = game.state.players[m.owner]
    from_bk = min(amount - from_sk, player.bk)
    player.bk -= from_bk
    game.emit("drain", f"{game.name(m)} loses {from_sk} SK"
              + (f" and its team {from_bk} BK (no SK to drain)" if from_bk else "") + ".")


def follow_up(game: PrimeTimeGame, m: ModelState, card: DeckCard) -> None:
    """The parts that ask something: a Reposition, an attack; then the next action."""
    effect = card.effect
    assert effect is not None
    if effect.reposition and m.status == "active":
        reposition.ask(game, m, effect.reposition)
        return
    if effect.technique is not None and m.status == "active":
        aims = card_targets(game, m, effect.technique)
        if aims:
            game.ask(m.owner, "card_attack", f"{card.name}: attack which model?",
                     [Option(f"model:{o.uid}", game.name(o)) for o in aims], "card_aimed",
                     model=m.uid, card=card.id)  # fmt: skip
            return
    game.then(("action", {}))


def ability_usable(game: PrimeTimeGame, source: ModelState, card: DeckCard) -> bool:
    """Whether an ability written as a card has a model to reach from `source`."""
    effect = card.effect
    assert effect is not None
    return effect.target not in ("friend", "enemy") or bool(targets(game, source, effect))


def use_ability(game: PrimeTimeGame, source: ModelState, card: DeckCard) -> None:
    """An ability written as a card, used from where it is printed (not a hand): an
    Affiliation WT Action (PT-47), a Command Ability (PT-48). `source` is the model it is
    measured from; the card travels in the task itself (it is in no pool)."""
    _resolve(game, source, card, "ability_targeted", card.model_dump(mode="json"))


@HANDLERS.register("ability_targeted")
def ability_targeted(game: PrimeTimeGame, args: JsonDict) -> None:
    _targeted(game, args, DeckCard.model_validate(args["card"]))


@HANDLERS.register("card_aimed")
def card_aimed(game: PrimeTimeGame, args: JsonDict) -> None:
    target = int(args["choice"].split(":")[1])
    strike = {"attacker": args["model"], "technique": -1, "target": target, "card": args["card"]}
    game.then(("attack", strike), ("action", {}))


def responses(game: PrimeTimeGame, target: ModelState, technique: Technique) -> list[Option]:
    """The z-reaction cards the attacked model may answer with ("Card Response"): one
    that answers this kind of attack, its SK paid; none while Staggered ("Can only use
    Brace Z-Reaction", PT-31)."""
    hand = game.state.players[target.owner].hand
    if states.STAGGERED in target.states:
        return []
    found = []
    for index, cid in enumerate(hand):
        card = game.pool.cards[cid]
        effect = card.effect
        if effect is None or card.timing != "z-reaction" or hand.index(cid) != index:
            continue
        if not _by_model(game, target, card) or not answers(effect, technique):
            continue
        found.append(Option(f"card:{index}", f"play {card.name}"))
    return found


def answers(effect: CardEffect, technique: Technique) -> bool:
    if effect.against == "any":
        return True
    if effect.against == "ranged":
        return technique.ranged
    return technique.kind == effect.against


def discard_in_play(game: PrimeTimeGame) -> None:
    """Cleanup: "discard Persistent cards"."""
    for player in game.state.players:
        player.discard += player.in_play
        player.in_play = []
