"""Rule changes that last a while: damage modifiers on attacks, restrictions on Actions,
skipped Actions, and how long floating ones last.

A modifier is active from a card in play (its constant effects, engine.panini.game.
cards_with_constants) or as a floating effect in `GameState.floating`, which outlives the
card that created it (2016 GLOSSARY "Effects"). Both are read by Game.active_modifiers;
this module says which attacks a modifier is about and when a floating one ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import copies, history
from engine.panini.cards import Card, CardType, Modifier, UntilEndOfTurn
from engine.panini.silenced import silenced_types
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

_LASTS = {
    "turn": "until the end of the turn",
    "next_turn": "until the end of its controller's next turn",
    "next_turn_start": "until the start of its controller's next turn",
    "next_attack": "for the next attack it is about",
    "next_action": "for the next Action of the player it is about",
}


# --- which attacks --------------------------------------------------------------------------
def is_styled(game: Game, player: int, card: Card, yours: bool = True) -> bool:
    """2016 CARD TYPES "Freestyle": "Freestyle cards are non-Styled"; a card whose style is
    one of the six is Styled. An effect may make all of a player's attacks Styled. `yours`:
    for an effect of the attacker's, for whom the card may be considered Styled (panini.itself)."""
    if card.attack is not None and card.attack.styled is not None:
        # "perform a non-Styled physical attack": the attack's, not its card's (ruling 236)
        return card.attack.styled or game.has_modifier(player, "styled_attacks")
    return card.styled_for(yours) or game.has_modifier(player, "styled_attacks")


def about(game: Game, modifier: Modifier, player: int, card: Card) -> bool:
    """Is `modifier` about the attack `player` performs with `card`?"""
    attack = card.attack
    if attack is None or modifier.attacks not in ("any", attack.type):
        return False
    if modifier.from_cards and card.type not in modifier.from_cards:
        return False  # "Your Energy Combat attacks": not an MP's or a Setup's
    # "who: self": the attacker's own modifier, for which a considered Styled card counts
    yours = modifier.who == "self"
    if modifier.styled is not None and modifier.styled != is_styled(game, player, card, yours):
        return False
    if not performed_by(game, modifier, player, card):
        return False
    if modifier.except_card is not None and _with_card(game, player, modifier.except_card):
        return False  # "your other attacks": the card that said it performs this one
    if modifier.copied and not copies.copied_by(game, player, card):
        return False
    return not modifier.first_each_combat or _first_this_combat(game, modifier, player, yours)


def _with_card(game: Game, player: int, iid: int) -> bool:
    attack = game.state.attack
    return attack is not None and attack.attacker == player and attack.source == iid


def performed_by(game: Game, modifier: Modifier, player: int, card: Card) -> bool:
    """ "Attacks performed by your MP / by personalities with "Android" in the title": the
    attack in progress with `card` is performed by such a personality (its title, 2016
    GLOSSARY "Naming a card": titles; engine.panini.cardtext.attack_constants)."""
    if modifier.performer is None and modifier.performer_has is None and modifier.ally is None:
        return True
    attack = game.state.attack
    if attack is None or attack.attacker != player or game.card(attack.source) is not card:
        return False  # who performs it is known only as it is performed
    if modifier.performer == "mp" and attack.actor != -1:
        return False
    if modifier.performer == "ally" and attack.actor == -1:  # an Ally's Action (actor: its card)
        return False
    if modifier.ally is not None and attack.actor != modifier.ally:  # "that Ally" (ally_actions)
        return False
    if modifier.performer_has is not None:
        actor = game.state.players[player].mp_card if attack.actor == -1 else attack.actor
        return modifier.performer_has.lower() in game.card(actor).title.lower()
    return True


def _first_this_combat(game: Game, modifier: Modifier, player: int, yours: bool) -> bool:
    """No earlier attack of `player`'s this combat is one `modifier` is about (the attack in
    progress, recorded as it is performed, is not an earlier one; engine.panini.history)."""
    earlier = [
        entry
        for entry in history.entries(game, player, "attack", "combat")
        if modifier.attacks in ("any", entry["attack_type"])
        and (not modifier.copied or entry.get("origin") == "copy")
        and (
            modifier.styled is None
            or modifier.styled == (entry["styled"] or (yours and entry.get("styled_yours", False)))
        )
    ]
    attack = game.state.attack
    in_progress = attack is not None and attack.attacker == player
    if earlier and in_progress and attack is not None and earlier[-1]["source"] == attack.source:
        earlier.pop()  # the attack in progress itself
    return not earlier


def damage_bonus(game: Game, unit: str, mod: str = "damage") -> int:
    """The +/- of `damage` modifiers on the attack in progress, in its unit: a modifier's
    stages change stage damage and its life cards life-card damage (2016 GLOSSARY
    "Modifiers"; docs/rulings.md). With mod="prevent": the damage effects prevent from it
    (kept apart from modifiers: "cannot be prevented" and "cannot be modified" differ)."""
    attack = game.state.attack
    assert attack is not None
    card = game.card(attack.source)
    total = 0
    for modifier in game.active_modifiers(attack.attacker, mod):
        # "+X": counted for the card holding it (engine.panini.x_constants)
        if about(game, modifier, attack.attacker, card) and not modifier.x:
            total += modifier.stages if unit == "stages" else modifier.life
    return total


def unstoppable(game: Game, player: int, card: Card) -> bool:
    """ "Your next attack this combat cannot be stopped": a stop has no effect on it."""
    return any(
        about(game, modifier, player, card)
        for modifier in game.active_modifiers(player, "unstoppable")
    )


def stopped_by_effect(game: Game, player: int, card: Card) -> bool:
    """ "Stops all of your opponent's attacks this combat": the attack is stopped as it is
    performed, before any defense (2016 HOW ATTACK AND DEFENSE CARDS WORK)."""
    return any(
        about(game, modifier, player, card)
        for modifier in game.active_modifiers(player, "stop_attacks")
    )


# --- restrictions ------------------------------------------------------------------------------
def attack_forbidden(game: Game, player: int, card: Card) -> bool:
    """ "Your opponent cannot perform physical attacks ...": the attack is not offered."""
    if card.type == CardType.EVENT and events_forbidden(game, player):
        return True
    return any(
        about(game, modifier, player, card)
        for modifier in game.active_modifiers(player, "no_attacks")
    )


def anger_to_level(game: Game, player: int) -> int:
    """The anger that advances `player`'s MP a level (2016 "ANGER": five), as effects set
    it ("Your opponent needs 6 anger ...", the highest if several do) and lower it ("You
    need 1 less anger ..."); never less than one. On Level 4 it is the anger that would
    advance past it, so it wins by MPPV (2016 "ANGER" note; docs/rulings.md)."""
    needed = [modifier.amount for modifier in game.active_modifiers(player, "anger_to_level")]
    base = max(needed) if needed else game.rules.anger_to_level
    lowered = base - game.modifier_total(player, "anger_discount")
    # "(to a minimum of 4)": the reduction stops there, never raising it (ruling 149)
    floors = [m.minimum for m in game.active_modifiers(player, "anger_discount") if m.minimum]
    if floors:
        lowered = max(lowered, min(base, max(floors)))
    return max(1, lowered)


def events_forbidden(game: Game, player: int) -> bool:
    """ "Your opponent cannot play Events this combat": neither as an Action nor against
    an attack (an Event used as a defense is played from the hand too)."""
    return game.has_modifier(player, "no_events")


def setups_forbidden(game: Game, player: int) -> bool:
    """ "Setups cannot be used this turn." / "Players cannot use Setups.": no Setup of
    `player`'s is activated, as an Action, a defense or a timed Power (ruling 120)."""
    return game.has_modifier(player, "no_setups") or CardType.SETUP in silenced_types(game)


def play_forbidden(game: Game, player: int, card: Card) -> bool:
    """ "Your opponent cannot play that card for the remainder of combat": no card of the
    title chosen or named (engine.panini.referents) may be played, as an attack, an Action or a
    defense (2016 GLOSSARY "Naming a card": an exact title)."""
    if any(
        modifier.title == card.title for modifier in game.active_modifiers(player, "no_play_that")
    ):
        return True
    return _limited(game, player, card, "no_play") or entry_forbidden(game, player, card)


def entry_forbidden(game: Game, player: int, card: Card) -> bool:
    """ "Allies cannot be played nor placed into play this combat.": `player`'s card of that
    kind does not enter play, played or by an effect (docs/rulings.md 132)."""
    return _limited(game, player, card, "no_enter_play")


def _limited(game: Game, player: int, card: Card, mod: str) -> bool:
    """ "Your opponent cannot play non-Styled cards this combat.": a `no_play` /
    `no_enter_play` modifier is about the card's type (none named: any) and Styled-ness."""
    return any(
        (not modifier.card_types or card.type in modifier.card_types)
        and (modifier.styled is None or card.styled_for(modifier.who == "self") == modifier.styled)
        and (not modifier.stoppers or (card.defense is not None and card.defense.stops))
        for modifier in game.active_modifiers(player, mod)
    )


def attacks_only(game: Game, player: int, options: list[Option]) -> list[Option]:
    """ "Players can only attack or pass in their actions this combat.": of `player`'s
    Action options, the attacks (from the hand, again, by a Power that attacks) and the pass
    (2016 THE COMBAT STEP; docs/rulings.md 136)."""
    only = game.has_modifier(player, "attacks_only")
    # "Allies you control cannot perform attacks this combat." (2016 GLOSSARY "Ally")
    no_allies = game.has_modifier(player, "no_ally_attacks")
    if not (only or no_allies):
        return options

    def attack_actor(option: Option) -> int | None:
        """The actor of an attack option (the MP: -1), None for another option."""
        kind, _, rest = option.id.partition(":")
        fields = rest.split(":")
        if kind == "power" and game.card(int(fields[0])).attack is None:
            return None
        return int(fields[1]) if kind in ("attack", "again", "power") else None

    def allowed(option: Option) -> bool:
        actor = attack_actor(option)
        if actor is None:
            return not only or option.id == "pass"
        return not (no_allies and actor >= 0)

    return [option for option in options if allowed(option)]


# --- floating effects: when they start and end -------------------------------------------------
def _subjects(entry: JsonDict, modifier: Modifier) -> set[int]:
    controller: int = entry["controller"]
    return {
        "self": {controller},
        "opponent": {1 - controller},
        "both": {0, 1},
    }[modifier.who]


def add_floating(
    game: Game, effect: UntilEndOfTurn, controller: int, target: int, iid: int
) -> None:
    modifier = effect.modifier.model_dump(mode="json", exclude_defaults=True)
    if modifier.get("other") and iid >= 0:  # "your other attacks": not this card's
        modifier["except_card"] = iid
    entry: JsonDict = {"controller": target, "card": iid, "modifier": modifier}
    if effect.lasts != "turn":
        entry["lasts"] = effect.lasts
    if effect.successful:
        entry["successful"] = True
    if effect.lasts in ("next_turn", "next_turn_start"):
        # "your next turn": the controller's; turns are numbered across both players.
        # `until_turn` is the last turn the effect lasts through.
        state = game.state
        next_turn = state.turn + (2 if state.active == controller else 1)
        entry["until_turn"] = next_turn if effect.lasts == "next_turn" else next_turn - 1
    game.state.floating.append(entry)
    source = game.name(iid) if iid >= 0 else "An effect"
    game.emit(
        "floating",
        f"{source}: an effect for {game.who(target)} lasts {_LASTS[effect.lasts]}.",
    )


def expire_floating(game: Game) -> None:
    """At the start of a turn: "this turn" / "this combat" effects are over (one combat per
    turn, 2016 TURN SEQUENCE); "until the end of your next turn" ones last through it."""
    turn = game.state.turn
    game.state.floating[:] = [
        entry for entry in game.state.floating if entry.get("until_turn", -1) >= turn
    ]


def bind_next_attack(game: Game, player: int, card: Card) -> None:
    """ "Your next Styled attack this combat deals +2 life cards of damage": the effect is
    used up by the next attack it is about, whether or not that attack hits."""
    for entry in game.state.floating:
        if entry.get("lasts") != "next_attack" or entry.get("bound"):
            continue
        modifier = game.floating_modifier(entry)
        if modifier.performer_if:  # "If your next attack is performed by an Ally": any attack
            modifier = modifier.model_copy(update={"performer": None, "performer_has": None})
        if player in _subjects(entry, modifier) and about(game, modifier, player, card):
            entry["bound"] = True


def end_attack(game: Game, stopped: bool = False) -> None:
    """The attack is over: the next-attack effects it used are gone, but for "your next
    successful attack" ones when it was stopped: they wait for the next (ruling 161)."""
    for entry in game.state.floating:
        if stopped and entry.get("successful"):
            entry["bound"] = False
    game.state.floating[:] = [entry for entry in game.state.floating if not entry.get("bound")]


def _next_action_entries(game: Game, player: int) -> list[JsonDict]:
    return [
        entry
        for entry in game.state.floating
        if entry.get("lasts") == "next_action"
        and player in _subjects(entry, game.floating_modifier(entry))
    ]


def skips_action(game: Game, player: int) -> bool:
    """ "Your opponent skips his next action this combat": the engine passes for the
    player, once (2016 THE COMBAT STEP "Passing"; docs/rulings.md)."""
    for entry in _next_action_entries(game, player):
        modifier = game.floating_modifier(entry)
        if modifier.mod != "skip_action":
            continue
        if modifier.first_each_combat and history.entries(game, player, "action", "combat"):
            # "skips his first action this combat" once that Action is over: no effect
            game.state.floating.remove(entry)
            continue
        # "Skip your next 2 actions this combat": one Action skipped at a time
        left = entry["modifier"].get("amount", 1) - 1
        if left > 0:
            entry["modifier"] = {**entry["modifier"], "amount": left}
        else:
            game.state.floating.remove(entry)
        return True
    return False


def action_taken(game: Game, player: int) -> None:
    """The player made (or skipped) an Action: "in his next action" effects are over (but
    skips still to come: engine.panini.modifiers.skips_action counts them). "Also stops a physical
    attack in your opponent's next action": a stop or prevention lasts through that Action,
    until the next Action begins (docs/rulings.md 157)."""
    game.state.floating[:] = [entry for entry in game.state.floating if not entry.get("acting")]
    for entry in _next_action_entries(game, player):
        mod = game.floating_modifier(entry).mod
        if mod in ("stop_attacks", "prevent", "stays_in_play"):  # "it stays in play": ruling 275
            entry["acting"] = True
        elif mod != "skip_action":
            game.state.floating.remove(entry)
