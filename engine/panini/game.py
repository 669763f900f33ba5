"""The referee: advances the game until it needs a person, then holds exactly one pending
decision with its legal options. Callers answer with an option id (DESIGN.md, "Engine
contract"); anything else is rejected with a reason and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import Protocol

from engine.core import rng
from engine.core.events import Event
from engine.core.machine import Handlers, TaskMachine
from engine.panini import conditions, considered, identity
from engine.panini.cards import (
    AttackResult,
    Card,
    CardPool,
    CardType,
    Condition,
    Modifier,
    load_pool,
)
from engine.panini.rulesets import DEFAULT_RULESET, Ruleset, get_ruleset
from engine.panini.silenced import silenced_types
from engine.panini.state import AllyInPlay, GameState, JsonDict, PlayerState

HANDLERS = Handlers()  # the Panini game's tasks, by kind
handler = HANDLERS.register  # `@handler("kind")`: the function that carries out tasks of `kind`

MAIN_PERSONALITY = -1  # the `actor` of an action made by the Main Personality

_NO_CARDS: frozenset[int] = frozenset()


class DeckLike(Protocol):
    @property
    def main_personality(self) -> Sequence[str]: ...
    @property
    def mastery(self) -> str: ...
    @property
    def life_deck(self) -> Sequence[str]: ...


class Game(TaskMachine):
    handlers = HANDLERS
    state: GameState

    def __init__(self, state: GameState, pool: CardPool | None = None) -> None:
        self.state = state
        self.rules: Ruleset = get_ruleset(state.ruleset)
        self.pool = pool if pool is not None else load_pool()
        self._cards: list[Card] = [self.pool[name] for name in state.cards]
        # Instances whose card has a "lose all effects" constant: few or none, and asked
        # about in every modifier lookup (engine.panini.silenced).
        self.silencing_cards = frozenset(
            iid for iid, card in enumerate(self._cards)
            if any(modifier.mod == "lose_effects" for modifier in card.constant)
        )  # fmt: skip
        self._owned_events: dict[int, list[int]] = {}
        # Instances by the events their card's triggers wait for: the only ones an event
        # may set off (engine.panini.triggers).
        self._triggered_by: dict[str, set[int]] = {}
        for iid, card in enumerate(self._cards):
            for trigger in card.triggers:
                for event in (trigger.on, *trigger.or_on):
                    self._triggered_by.setdefault(event, set()).add(iid)
        # Instances by the kinds of constant modifier their card has: most lookups find
        # no card in play with the kind asked for (active_modifiers).
        self._constant_holders: dict[str, set[int]] = {}
        for iid, card in enumerate(self._cards):
            for modifier in card.constant:
                self._constant_holders.setdefault(modifier.mod, set()).add(iid)
        self.events: list[Event] = []
        self._floating_cache: dict[str, Modifier] = {}
        self._nameable: list[str] | None = None

    # --- creation ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        decks: Sequence[DeckLike],
        seed: int,
        ruleset: str = DEFAULT_RULESET,
        pool: CardPool | None = None,
        start: bool = True,
    ) -> Game:
        """Set up per "GAMEPLAY": Mastery in play, MP on Level 1 at five stages above
        zero, shuffled Life Decks, first player chosen at random. `start=False` stops
        before the first turn begins (what a scenario export starts from)."""
        if len(decks) != 2:
            raise ValueError("a game has two decks")
        pool = pool if pool is not None else load_pool()
        rules = get_ruleset(ruleset)
        cards: list[str] = []
        owners: list[int] = []

        def instance(name: str, owner: int) -> int:
            if name not in pool:
                raise ValueError(f"unknown card {name!r}")
            cards.append(name)
            owners.append(owner)
            return len(cards) - 1

        players = []
        for owner, deck in enumerate(decks):
            mp = [instance(name, owner) for name in deck.main_personality]
            mastery = instance(deck.mastery, owner)
            life = [instance(name, owner) for name in deck.life_deck]
            players.append(
                PlayerState(mp=mp, mastery=mastery, stage=rules.mp_start_stage, life=life)
            )
        state = GameState(
            ruleset=rules.name,
            seed=seed,
            rng=seed & ((1 << 64) - 1),
            cards=cards,
            owners=owners,
            players=players,
        )
        game = cls(state, pool)
        for player in state.players:
            state.rng = rng.shuffle(state.rng, player.life)
        state.rng, first = rng.below(state.rng, 2)
        state.first_player = state.active = first
        game.emit("setup", f"{game.who(first)} goes first (chosen at random).")
        if not start:
            return game
        # set-up choices printed on the cards (engine.panini.opening), then the first turn
        game.then(("opening", {}), ("start_turn", {}))
        game.run()
        return game

    @classmethod
    def from_json(cls, text: str, pool: CardPool | None = None) -> Game:
        return cls(GameState.from_json(text), pool)

    def to_json(self) -> str:
        return self.state.to_json()

    def sentence_not_done(self, card: int) -> None:
        """The sentence of `card` resolving now was not done in full (a search found
        nothing): the next sentence of that card's list sees it as not done, so an "If you
        do" there does not follow (engine.panini.effects.effects_task)."""
        for task in reversed(self.state.tasks):
            if task.kind == "effects" and task.args.get("card") == card:
                task.args["done"] = False
                return

    # --- lookups ------------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self._cards[iid]

    def name(self, iid: int) -> str:
        return self.state.cards[iid]

    def owner(self, iid: int) -> int:
        return self.state.owners[iid]

    def player(self, index: int) -> PlayerState:
        return self.state.players[index]

    def ally(self, player: int, iid: int) -> AllyInPlay | None:
        for ally in self.state.players[player].allies:
            if ally.iid == iid:
                return ally
        return None

    def power_level(self, player: int, actor: int = MAIN_PERSONALITY) -> int:
        state = self.state.players[player]
        if actor == MAIN_PERSONALITY:
            override = considered.power_level(self, player)  # "considered to be N"
            if override is not None:
                return override
            return self._cards[state.mp_card].power_stages[state.stage]
        ally = self.ally(player, actor)
        if ally is None:
            return 0
        return self._cards[ally.iid].power_stages[ally.stage]

    def allies_may_act(self, player: int) -> bool:
        """2016 ALLIES DURING COMBAT: Allies act when the MP is at most one stage above
        zero; an effect may forbid it (engine.panini.modifiers)."""
        if self.has_modifier(player, "no_ally_actions") or self.has_modifier(
            player, "allies_idle"
        ):
            return False
        return self.state.players[player].stage <= 1

    def cards_with_constants(self, player: int) -> list[int]:
        """Cards whose constant (infinity) effects are active for `player`: the Mastery,
        the current MP level, Drills, Allies (whose constants are always active), the
        Dragon Balls `player` controls (2016 ICONS: "constantly active while the card is
        in play"), and
        the cards `player` controls that are attached to either player's personalities
        ("While attached" text, 2016 GLOSSARY "Attached Cards"), but those that have lost
        all their effects (engine.panini.silenced)."""
        cards = self.constant_cards(player)
        quiet = silenced_types(self)
        return [iid for iid in cards if self._cards[iid].type not in quiet] if quiet else cards

    def constant_cards(self, player: int) -> list[int]:
        """The cards of cards_with_constants, whether or not they have lost their effects."""
        state = self.state.players[player]
        cards = [
            state.mastery,
            state.mp_card,
            *state.drills,
            *(ally.iid for ally in state.allies),
            *state.dragon_balls,
        ]
        owners = self.state.owners
        for side in self.state.players:
            for attached in side.attached:
                if owners[attached.iid] == player:
                    cards.append(attached.iid)
        return cards

    def triggered_by(self, event: str) -> AbstractSet[int]:
        """Instances whose card has a trigger on `event`, wherever they are."""
        return self._triggered_by.get(event, _NO_CARDS)

    def owned_events(self, player: int) -> list[int]:
        """One card of each Event title `player` owns in the game, wherever it is: the same
        list all game long (instances never change owner), so offering their timed Powers
        reveals nothing of the hand (engine.panini.triggers)."""
        found = self._owned_events.get(player)
        if found is None:
            firsts: dict[str, int] = {}
            for iid, owner in enumerate(self.state.owners):
                card = self._cards[iid]
                if owner == player and card.type == CardType.EVENT:
                    firsts.setdefault(card.title, iid)
            found = self._owned_events[player] = list(firsts.values())
        return found

    def attached_cards(self, player: int) -> list[int]:
        """Cards `player` controls that are attached to either player's personalities."""
        owners = self.state.owners
        return [
            attached.iid
            for side in self.state.players
            for attached in side.attached
            if owners[attached.iid] == player
        ]

    def active_modifiers(self, player: int, mod: str) -> Iterator[Modifier]:
        """Constant modifiers of kind `mod` that apply to `player`: their own with
        who=self and the opponent's with who=opponent, when their conditions hold."""
        holders = self._constant_holders.get(mod, set())
        for controller, wanted in ((player, "self"), (1 - player, "opponent")):
            for iid in self.cards_with_constants(controller) if holders else ():
                if iid not in holders:
                    continue
                for modifier in self._cards[iid].constant:
                    if (
                        modifier.mod == mod
                        and modifier.who in (wanted, "both")
                        and self._mod_on(modifier, controller)
                    ):
                        yield modifier
            for entry in self.state.floating:
                if entry["controller"] != controller:
                    continue
                if entry.get("lasts") == "next_attack" and not entry.get("bound"):
                    continue  # it applies only to the attack it was bound to
                modifier = self.floating_modifier(entry)
                if (
                    modifier.mod == mod
                    and modifier.who in (wanted, "both")
                    and self._mod_on(modifier, controller)
                ):
                    yield modifier

    def floating_modifier(self, entry: JsonDict) -> Modifier:
        """The Modifier of a floating-effect record in `GameState.floating`."""
        key = json.dumps(entry["modifier"], sort_keys=True)
        modifier = self._floating_cache.get(key)
        if modifier is None:
            modifier = self._floating_cache[key] = Modifier.model_validate(entry["modifier"])
        return modifier

    def nameable_cards(self) -> list[str]:
        """Every card title that may be named: the whole pool but Dragon Balls (2016
        GLOSSARY "Naming a card"), sorted."""
        if self._nameable is None:
            self._nameable = sorted(
                card.name
                for card in self.pool.by_name.values()
                if card.type != CardType.DRAGON_BALL
            )
        return self._nameable

    def modifier_total(self, player: int, mod: str) -> int:
        return sum(modifier.amount for modifier in self.active_modifiers(player, mod))

    def has_modifier(self, player: int, mod: str) -> bool:
        return next(self.active_modifiers(player, mod), None) is not None

    def modifier_on(self, modifier: Modifier, controller: int) -> bool:
        return self._mod_on(modifier, controller)

    def _mod_on(self, modifier: Modifier, controller: int) -> bool:
        return modifier.requires is None or self.holds(modifier.requires, controller)

    def holds(self, condition: Condition | None, controller: int) -> bool:
        """Whether `condition` holds, read from `controller`'s point of view."""
        if condition is None:
            return True
        subject = controller if condition.who == "self" else 1 - controller
        state = self.state.players[subject]
        mp = self._cards[state.mp_card]
        checks = (
            condition.level_at_least is None or state.level >= condition.level_at_least,
            condition.level_at_most is None or state.level <= condition.level_at_most,
            condition.anger_at_least is None or state.anger >= condition.anger_at_least,
            condition.stage_at_most is None or state.stage <= condition.stage_at_most,
            condition.stage_at_least is None or state.stage >= condition.stage_at_least,
            condition.hand_at_most is None or len(state.hand) <= condition.hand_at_most,
            condition.trait is None or condition.trait.lower() in mp.traits,
            condition.personality is None or condition.personality == mp.personality,
            condition.has_allies is None or bool(state.allies) == condition.has_allies,
            condition.controls_dragon_balls_at_least is None
            or len(state.dragon_balls) >= condition.controls_dragon_balls_at_least,
            condition.power_level_vs_opponent is None
            or self._power_level_is(subject, condition.power_level_vs_opponent),
            condition.drills_at_most is None or self._drills(subject) <= condition.drills_at_most,
            condition.advanced_this_attack is None
            or self._advanced_this_attack(subject) == condition.advanced_this_attack,
            condition.from_discard is None
            or self._from_discard() == condition.from_discard,
            condition.dealt_critical is None
            or self._dealt_critical() == condition.dealt_critical,
            condition.personality_is is None
            or identity.holds(self, subject, condition.personality_is),
            condition.stopped_by is None or conditions.stopped_by(self, condition.stopped_by),
            condition.named_in_play is None
            or identity.named_in_play(self, subject, condition.named_in_play),
            condition.discard_pile_end is None
            or identity.pile_end(self, subject, condition.discard_pile_end),
            condition.that_attack is None
            or conditions.that_attack(self, controller, condition.that_attack),
            condition.attack_result is None
            or self._attack_result(controller, condition.attack_result),
        )
        return all(checks) and self._holds_composed(condition, controller)

    def _holds_composed(self, condition: Condition, controller: int) -> bool:
        """engine.panini.conditions: comparisons and history are read from the controller's point
        of view (each names its own `who`), then the conditions joined by and / or."""
        return (
            all(conditions.compares(self, controller, c) for c in condition.compare)
            and all(conditions.happened(self, controller, h) for h in condition.happened)
            and all(self.holds(c, controller) for c in condition.all_of)
            and (not condition.any_of or any(self.holds(c, controller) for c in condition.any_of))
            and not any(self.holds(c, controller) for c in condition.none_of)
        )

    def _attack_result(self, controller: int, test: AttackResult) -> bool:
        from engine.panini import this_attack  # it builds on combat, which imports this module

        return this_attack.holds(self, controller, test)

    def _from_discard(self) -> bool:
        """The attack in progress was performed from the discard pile (AttackState.origin);
        nothing the engine runs performs one so yet (docs/rulings.md 169)."""
        attack = self.state.attack
        return attack is not None and attack.origin == "discard_pile"

    def _dealt_critical(self) -> bool:
        """The attack in progress dealt Critical Damage: as many life cards as it takes
        (2016 CRITICAL DAMAGE; engine.panini.combat.critical_threshold), not stopped."""
        from engine.panini.combat import critical_threshold  # it imports this module

        attack = self.state.attack
        return attack is not None and not attack.stopped and (
            attack.life_cards >= critical_threshold(self))  # fmt: skip

    def _advanced_this_attack(self, player: int) -> bool:
        """`player`'s MP level rose since the attack in progress began (the attacker's, or
        the defender's: "If your opponent advanced a personality level with this card")."""
        attack = self.state.attack
        if attack is None:
            return False
        start = attack.start_level if attack.attacker == player else attack.defender_start_level
        # 0: not recorded (a game saved before the defender's was): not known to have risen
        return start > 0 and self.state.players[player].level > start

    def _drills(self, player: int) -> int:
        """Drills `player` controls, attached ones included (2016 GLOSSARY "Attached
        Cards": attached cards are in play)."""
        attached = self.attached_cards(player)
        return len(self.state.players[player].drills) + sum(
            1 for iid in attached if self._cards[iid].type == CardType.DRILL
        )

    def _power_level_is(self, player: int, relation: str) -> bool:
        """ "Your MP's power level is lower / higher than your opponent's MP's power
        level" (2016 GLOSSARY "Power Level": the rating of the current stage)."""
        mine, theirs = self.power_level(player), self.power_level(1 - player)
        return mine < theirs if relation == "lower" else mine > theirs

    def dragon_ball_in_play(self, name: str) -> bool:
        return any(
            self.state.cards[iid] == name
            for player in self.state.players
            for iid in player.dragon_balls
        )

    def is_type(self, iid: int, card_type: CardType) -> bool:
        return self._cards[iid].type == card_type

    # --- the end of the game ---------------------------------------------------------------
    def win(self, player: int, reason: str) -> None:
        """The three victories are checked the instant they happen (2016 GAMEPLAY)."""
        if self.state.winner is not None:
            return
        self.state.winner = player
        self.state.win_reason = reason
        self.state.pending = None
        self.state.step = "over"
        labels = {
            "survival": "Survival Victory",
            "mppv": "Most Powerful Personality Victory",
            "dragon_balls": "Dragon Ball Victory",
            "concede": "the opponent's concession",
            "forfeit": "forfeit (the opponent's decision timer ran out too often)",
        }
        self.emit("game_over", f"{self.who(player)} wins by {labels.get(reason, reason)}.")

    def check_survival(self, player: int) -> None:
        """2016 GAMEPLAY, Survival Victory: an empty Life Deck loses at once."""
        if not self.state.players[player].life:
            self.win(1 - player, "survival")



# The rules register their task handlers on import.
from engine.panini import combat, effects, manual, mechanics, opening, turn  # noqa: E402, F401
