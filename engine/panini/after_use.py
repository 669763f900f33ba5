"""What happens to a card after use, and what an attack's own text does to its damage.

- After use (2016 ATTACK TIMING SUMMARY step 7, "The attack is then discarded/banished (if
  applicable)"; GLOSSARY "Effects": "Then, discard or banish the card"): a card may say
  where it goes instead ("Shuffle this card into your Life Deck after use.", Card.after_use).
- "This attack stays in play to be used a second time this combat" (StayInPlay): after
  this use the card stays on the table and may perform its attack again, as a later
  Action of this combat, paying its costs again; after its last use, or when combat ends,
  it leaves as after any use (docs/rulings.md).
- "Damage from this attack cannot be prevented / modified", "This attack can only be
  stopped by ..." (Attack fields, or AttackGains when a condition decides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from engine.core.decisions import Option
from engine.panini import mechanics, modifiers, stays
from engine.panini.cards import AfterUseTo, Attack, AttackGains, Card, StayInPlay, Style
from engine.panini.state import AttackState, StayingCard

if TYPE_CHECKING:
    from engine.panini.game import Game


# --- after use ---------------------------------------------------------------------------
def leave(game: Game, player: int, iid: int, to: str | None = None) -> None:
    """`iid` (just removed from `player`'s resolving cards) has been used: it stays in
    play when its attack says so, else it goes where this use (`to`) or the card says, else
    to the Discard Pile or the Banished Zone."""
    attack = game.state.attack
    if attack is not None:  # "The first attack you play each combat stays in play ..."
        attack.remain = max(attack.remain, stays.more_uses(game, player, iid))
    if attack is not None and attack.source == iid and attack.attacker == player and attack.remain:
        game.player(player).staying.append(StayingCard(iid, attack.remain))
        game.emit(
            "stays_in_play",
            f"{game.name(iid)} stays in play: it may attack {attack.remain} more time(s) "
            "this combat.",
            card=game.name(iid),
        )
        return
    if attack is not None and attack.source == iid:
        to = attack.after_use_to
    if stays.defense_left(game, player, iid):  # "this card stays in play" on a defense
        return
    put_away(game, player, iid, to)


def put_away(game: Game, player: int, iid: int, to: str | None = None) -> None:
    """Where this use sent the card (`to`), else the card's after-use destination when
    its condition holds now; else discarded, or Banished with "(Banish after use.)"."""
    card = game.card(iid)
    spec = card.after_use
    owner = game.owner(iid)
    side = game.player(owner)
    name = game.name(iid)
    if to is None and spec is not None and game.holds(spec.when, player):
        to = spec.to
    if to is None or to == "banish":
        if card.banish_after_use or to == "banish":
            mechanics.banish(game, iid)
        else:
            mechanics.put_in_discard(game, iid)
        return
    if to == "hand":
        side.hand.append(iid)
        game.emit("after_use", f"{name} returns to {game.who(owner)}'s hand.", card=name)
    elif to == "top_of_life_deck":
        side.life.append(iid)
        game.emit("after_use", f"{name} is placed on top of the Life Deck.", card=name)
    elif to == "bottom_of_life_deck":
        side.life.insert(0, iid)
        game.emit("after_use", f"{name} is placed at the bottom of the Life Deck.", card=name)
    elif to == "rejuvenate":
        # 2016 GLOSSARY "Rejuvenate": a rejuvenated card goes to the bottom of the Life Deck
        side.life.insert(0, iid)
        game.emit("rejuvenate", f"{game.who(owner)} rejuvenates {name}.", card=name)
    else:
        side.life.append(iid)
        game.emit("after_use", f"{name} is shuffled into the Life Deck.", card=name)
        mechanics.shuffle_life_deck(game, owner)


def end_of_combat(game: Game) -> None:
    """Cards that stayed in play to be used again leave when combat ends, as after use."""
    for player, side in enumerate(game.state.players):
        staying, side.staying = side.staying, []
        for card in staying:
            game.emit("after_use", f"Combat ends: {game.name(card.iid)} leaves play.")
            put_away(game, player, card.iid)


# --- "(You cannot win by MPPV if you use this card.)" -------------------------------------------
def begin_use(game: Game, player: int, iid: int) -> None:
    """While `player` uses a card that says they cannot win by MPPV if they use it, they
    cannot (a floating effect that ends when the card is put away, docs/rulings.md)."""
    if game.card(iid).no_mppv_while_used:
        game.state.floating.append(
            {"controller": player, "card": iid, "modifier": {"mod": "no_mppv"}, "while_used": iid}
        )


def end_use(game: Game, iid: int) -> None:
    floating = game.state.floating
    floating[:] = [entry for entry in floating if entry.get("while_used") != iid]


# --- using a card again --------------------------------------------------------------------
def again_options(
    game: Game, player: int, actors: list[int], usable: Callable[[Attack, int], bool]
) -> list[Option]:
    """ "Attack again with X": each staying card, by each personality that may act and
    pay its costs (`usable(attack, actor) -> bool`)."""
    options: list[Option] = []
    for card in game.player(player).staying:
        ability = game.card(card.iid).attack
        if ability is None:
            continue
        for actor in actors:
            if usable(ability, actor):
                suffix = "" if actor < 0 else f" (as {game.name(actor)})"
                options.append(
                    Option(
                        f"again:{card.iid}:{actor}",
                        f"Attack again with {game.name(card.iid)}{suffix}",
                    )
                )
    return options


def take_staying(game: Game, player: int, iid: int) -> int:
    """Take a staying card back up to use it; returns the uses it had left."""
    side = game.player(player)
    for card in side.staying:
        if card.iid == iid:
            side.staying.remove(card)
            return card.left
    raise ValueError(f"card {iid} is not staying in play")


def mark_reuse(game: Game, left: int) -> None:
    """The attack just begun is a further use of a staying card: `left - 1` uses remain
    after it, and its own "stays in play" text grants no more (the card stays only for the
    uses it names)."""
    attack = game.state.attack
    assert attack is not None
    attack.reused = True
    attack.remain = left - 1


# --- effects on the attack in progress ------------------------------------------------------
def _own_attack(game: Game, controller: int, in_attack: bool) -> AttackState | None:
    """The attack the resolving card performs, when its effects resolve as an attack."""
    attack = game.state.attack
    if not in_attack or attack is None or attack.attacker != controller:
        return None
    return attack


def apply_stay_in_play(
    game: Game, effect: StayInPlay, controller: int, _target: int, in_attack: bool
) -> None:
    if effect.card and stays.defense_stays(game, effect, controller):
        return
    attack = _own_attack(game, controller, in_attack)
    if attack is None or attack.reused or attack.origin != "hand":
        return
    attack.remain = max(attack.remain, effect.times)
    game.emit("stays_in_play", f"{game.name(attack.source)} will stay in play after use.")


def apply_after_use_to(
    game: Game, effect: AfterUseTo, controller: int, _target: int, in_attack: bool
) -> None:
    attack = _own_attack(game, controller, in_attack)
    if attack is not None:
        attack.after_use_to = effect.to


def apply_attack_gains(
    game: Game, effect: AttackGains, controller: int, _target: int, in_attack: bool
) -> None:
    # "that attack" (`that`): the controller's attack in progress, from a trigger on it
    attack = _own_attack(game, controller, in_attack or effect.that)
    if attack is None:
        return
    attack.unstoppable |= effect.unstoppable
    attack.unpreventable |= effect.unpreventable
    attack.unmodifiable |= effect.unmodifiable
    attack.no_endurance |= effect.no_endurance
    attack.no_damage |= effect.no_damage
    attack.critical |= effect.critical
    attack.critical_effects = max(attack.critical_effects, effect.critical_effects)
    attack.critical_different |= effect.critical_different
    attack.life_as_stages |= effect.life_as_stages
    attack.not_stopped_by += [k for k in effect.not_stopped_by if k not in attack.not_stopped_by]
    attack.not_prevented_by += [
        k for k in effect.not_prevented_by if k not in attack.not_prevented_by
    ]
    said = [
        words
        for flag, words in (
            (effect.unstoppable, "cannot be stopped"),
            (effect.unpreventable, "its damage cannot be prevented"),
            (effect.unmodifiable, "its damage cannot be modified"),
            (effect.no_endurance, "Endurance cannot be used on it"),
            (bool(effect.not_stopped_by), "some cards cannot stop it"),
            (bool(effect.not_prevented_by), "some cards cannot prevent its damage"),
            (effect.no_damage, "it deals no damage"),
            (effect.critical, "it is considered to deal critical damage"),
            (
                effect.critical_effects > 1,
                f"it may use {effect.critical_effects}"
                f"{' different' if effect.critical_different else ''} critical damage effects",
            ),
            (effect.life_as_stages, "it deals its life card damage as stages"),
        )
        if flag
    ]
    game.emit("attack_gains", f"{game.name(attack.source)}: {', '.join(said)}.")


# --- reading the attack in progress -----------------------------------------------------------
def _ability(game: Game) -> tuple[AttackState, Attack] | None:
    attack = game.state.attack
    if attack is None:
        return None
    ability = game.card(attack.source).attack
    return None if ability is None else (attack, ability)


def unstoppable(game: Game) -> bool:
    found = _ability(game)
    return found is not None and (found[0].unstoppable or found[1].unstoppable)


def unpreventable(game: Game) -> bool:
    """The attack's own text, or "damage from your attacks cannot be prevented this
    combat" (a floating or constant effect of its attacker)."""
    found = _ability(game)
    # "Damage from your Styled energy attacks cannot be prevented this combat": only the
    # attacks it is about (docs/rulings.md 88)
    return _flagged(game, "unpreventable") or (
        found is not None
        and game.has_modifier(found[0].attacker, f"unpreventable_{found[0].type}")
    )


def unmodifiable(game: Game) -> bool:
    """The attack's own text, or a constant "Your first attack each combat cannot have its
    damage modified" about it: no "+" or "-" modifier applies (2016 GLOSSARY "Modifiers")."""
    return _flagged(game, "unmodifiable")


def _flagged(game: Game, flag: Literal["unpreventable", "unmodifiable"]) -> bool:
    """The attack in progress has `flag` by its own text, its ability, or a modifier of
    that kind about it."""
    found = _ability(game)
    if found is None:
        return False
    attack, ability = found
    card = game.card(attack.source)
    return (
        getattr(attack, flag)
        or getattr(ability, flag)
        or any(
            modifiers.about(game, modifier, attack.attacker, card)
            for modifier in game.active_modifiers(attack.attacker, flag)
        )
    )


def stop_fails(game: Game, defending: Card) -> bool:
    """Whether a stop from `defending` has no effect on the attack in progress: it is
    unstoppable, or it "can only be stopped by" other card types."""
    found = _ability(game)
    if found is None:
        return False
    attack, ability = found
    if attack.unstoppable or ability.unstoppable:
        return True
    if _excluded(defending, [*attack.not_stopped_by, *ability.not_stopped_by]):
        return True
    card = game.card(attack.source)
    if any(  # "Your physical attacks can only be stopped by Physical Combat cards."
        modifiers.about(game, modifier, attack.attacker, card)
        and defending.type not in modifier.card_types
        for modifier in game.active_modifiers(attack.attacker, "stopped_only_by")
    ):
        return True
    return bool(ability.stopped_only_by) and defending.type not in ability.stopped_only_by


def prevention_fails(game: Game, defending: Card) -> bool:
    """Whether prevention from `defending` has no effect on the attack in progress."""
    found = _ability(game)
    if found is None:
        return False
    attack, ability = found
    return unpreventable(game) or _excluded(
        defending, [*attack.not_prevented_by, *ability.not_prevented_by]
    )


def _excluded(card: Card, kinds: list[str]) -> bool:
    return card.type.value in kinds or ("non_styled" in kinds and card.style == Style.FREESTYLE)


def endurance_allowed(game: Game, player: int) -> bool:
    """Endurance prevents damage (2016 WHEN TAKING DAMAGE: "Banish it ... in order to
    prevent"): not against damage from an attack that cannot be prevented."""
    attack = game.state.attack
    found = _ability(game)
    if found is not None and found[0].attacker != player and (
        found[0].no_endurance or found[1].no_endurance
    ):
        return False  # "Endurance cannot be used on this attack" (docs/rulings.md 267)
    for modifier in game.active_modifiers(player, "no_endurance"):
        # "Endurance cannot be used this combat." (docs/rulings.md 120); "... on your
        # Styled attacks": only against the attacks it is about (docs/rulings.md 200)
        if modifier.attacks == "any" and modifier.styled is None:
            return False
        if attack is None or attack.attacker == player:
            continue
        if modifiers.about(game, modifier, attack.attacker, game.card(attack.source)):
            return False
    return attack is None or attack.attacker == player or not unpreventable(game)
