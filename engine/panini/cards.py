"""Cards as data: the pydantic card model and the effect vocabulary.

A card's printed text is kept for people; what the engine runs is the structured
abilities below. Each list of effects resolves in order, one entry per sentence of the
card text (2016 rulebook, GLOSSARY "Effects": "resolve its immediate effects in the order
listed on the card (one sentence at a time)").
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, ClassVar, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.core.yamlfile import safe_load


class CardType(StrEnum):
    MAIN_PERSONALITY = "main_personality"
    MASTERY = "mastery"
    PHYSICAL_COMBAT = "physical_combat"
    ENERGY_COMBAT = "energy_combat"
    EVENT = "event"
    SETUP = "setup"
    DRILL = "drill"
    ALLY = "ally"
    DRAGON_BALL = "dragon_ball"


class Style(StrEnum):
    BLACK = "black"
    BLUE = "blue"
    NAMEKIAN = "namekian"
    ORANGE = "orange"
    RED = "red"
    SAIYAN = "saiyan"
    FREESTYLE = "freestyle"


class Alignment(StrEnum):
    HERO = "hero"
    VILLAIN = "villain"


# Cards played from the hand during the Planning Step (2016 "Planning Step").
PLANNING_TYPES = frozenset({CardType.ALLY, CardType.SETUP, CardType.DRILL, CardType.DRAGON_BALL})

Who = Literal["self", "opponent"]
AttackKind = Literal["physical", "energy"]
AttackFilter = Literal["physical", "energy", "any"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- Conditions ------------------------------------------------------------------------
class ThatCard(_Strict):
    """What the card an earlier sentence chose must be ("If that card was Styled",
    engine.panini.referents): all given fields hold."""

    styled: bool | None = None
    card_types: list[CardType] = []  # one of them
    endurance: bool | None = None
    style: Style | None = None
    # "If the card you named was destroyed": the sentence just before moved a card of
    # the title named earlier
    named_moved: bool | None = None
    # "Name a card. Your opponent reveals his hand. If the card you named is revealed":
    # a card of the title named is in the opponent's hand (engine.panini.referents; ruling 278)
    named_revealed: bool | None = None
    # "If that Ally had "Cell Jr." in the title": words, whole, in its title
    title_has: str | None = None
    # "that Ally": the card chosen is one (read only after a choice of that kind of card)
    kind: Literal["ally", "drill", "setup"] | None = None


class ThatAttack(_Strict):
    """ "If that attack was a Named card / non-Styled / a Physical Combat card" in a
    defense: what the attack it answers is (engine.panini.conditions.that_attack); all given
    fields hold."""

    styled: bool | None = None
    named: bool | None = None
    card_types: list[CardType] = []  # one of them
    attack_type: Literal["physical", "energy"] | None = None
    style: Style | None = None
    # "If this card stopped an attack with a HIT effect": stopped by the defense (a card),
    # printed with a HIT effect (engine.panini.cardtext.stopped_attack)
    stopped: bool | None = None
    hit_effect: bool | None = None


class AttackResult(_Strict):
    """ "HIT: If this attack dealt 5 or more stages of damage / If your opponent prevented
    damage from this attack / If one of your opponent's card effects modified the damage of
    this attack": what the attack in progress did, known after its damage (panini.this_attack;
    docs/rulings.md 274). All given fields hold."""

    dealt_at_least: int | None = None  # of `unit`
    unit: Literal["stages", "life"] = "stages"
    prevented: bool | None = None  # by the defender's effects or Endurance
    modified: bool | None = None  # by a "+" / "-" modifier of the defender's


class PersonalityIs(_Strict):
    """ "your MP is a Saiyan", "your MP is not a Hero", "your MP has 'Android' in the title",
    "you control a Saiyan Personality" (engine.panini.identity): what the MP (or, `which: any`, one
    of the personalities the player controls) is."""

    which: Literal["mp", "any"] = "mp"
    # saiyan / namekian: the 2016 lists of those Personalities, or the trait; hero /
    # villain: the alignment; any other word: a trait printed on the card
    kind: str | None = None
    title: str | None = None  # these words in its title
    negated: bool = False  # "is not", "does not have"


class NamedInPlay(_Strict):
    """ "If Gohan or Namek Dragon Ball 5 are in play", "If you have Piccolo in play" (engine.
    identity.named_in_play): a card of one of these titles, or a personality of one of these
    names, is in play (`whose: any`: either player's; `self`: the condition's player's)."""

    names: list[str]
    whose: Literal["any", "self"] = "any"


class PileEnd(_Strict):
    """ "If the top card of your discard pile is a Styled attack" (engine.panini.identity.pile_end):
    the card at that end of the discard pile (public, 2016 GAME ZONES) is all of these."""

    end: Literal["top", "bottom"] = "top"
    styled: bool | None = None
    card_types: list[CardType] = []  # one of them
    style: Style | None = None


class StoppedBy(_Strict):
    """ "If this attack is stopped by a Physical Combat or Energy Combat card" (engine.
    conditions.stopped_by): the attack in progress was stopped by a card of one of these
    types (a Power: its card's type), or, `effect`, by an effect with no card played."""

    card_types: list[CardType] = []
    effect: bool = False


class Condition(_Strict):
    """All given fields must hold. `who` says whose state is tested (default: yours)."""

    who: Who = "self"
    level_at_least: int | None = None
    level_at_most: int | None = None
    anger_at_least: int | None = None
    stage_at_most: int | None = None  # stages above zero of the MP
    stage_at_least: int | None = None
    hand_at_most: int | None = None
    trait: str | None = None  # e.g. "saiyan": the SAIYAN: keyword gating a sentence
    personality: str | None = None  # the MP's name, e.g. "Goku"
    has_allies: bool | None = None
    controls_dragon_balls_at_least: int | None = None
    # the MP's power level against the opponent MP's: "lower" / "higher" (strictly)
    power_level_vs_opponent: Literal["lower", "higher"] | None = None
    drills_at_most: int | None = None  # Drills the player controls, attached ones too
    # "If you advance a personality level with this card": the MP's level rose since the
    # attack in progress began (only in that attack's own sentences)
    advanced_this_attack: bool | None = None
    # "If this attack is performed from your discard pile" (Game._from_discard)
    from_discard: bool | None = None
    # "If this attack dealt / did not deal critical damage" (behind HIT: only)
    dealt_critical: bool | None = None
    # "If that card is Styled": tested on the chosen card (engine.panini.referents), not by holds
    that: ThatCard | None = None
    personality_is: PersonalityIs | None = None  # engine.panini.identity
    stopped_by: StoppedBy | None = None  # only in "If this attack is stopped ..."
    named_in_play: NamedInPlay | None = None  # engine.panini.identity
    discard_pile_end: PileEnd | None = None  # engine.panini.identity
    that_attack: ThatAttack | None = None  # engine.panini.conditions (a defense's sentences only)
    attack_result: AttackResult | None = None  # engine.panini.this_attack (behind HIT: only)
    # engine.panini.conditions (cardtext.conditions): numbers compared, what happened this
    # combat / turn, and conditions joined by "and" (all_of) / "or" (any_of)
    compare: list[Comparison] = []
    happened: list[Happened] = []
    all_of: list[Condition] = []
    any_of: list[Condition] = []
    none_of: list[Condition] = []  # "... instead" (engine.panini.cardtext.constants)


class Comparison(_Strict):
    """ "you have more than 2 cards in your hand": `left` `op` `value`, or `left` `op`
    `right` ("your opponent controls more Dragon Balls than you")."""

    left: Quantity
    op: Literal["eq", "ne", "gt", "ge", "lt", "le"]
    value: int | None = None
    right: Quantity | None = None

    @model_validator(mode="after")
    def _one_side(self) -> Comparison:
        if (self.value is None) == (self.right is None):
            raise ValueError("a comparison has a `value` or a `right` quantity, not both")
        return self


# what engine.panini.history records (engine.panini.conditions reads it)
HistoryEvent = Literal[
    "critical_damage",  # dealt Critical Damage with an attack
    "critical_effect",  # used a Critical Damage effect
    "gained_stages",
    "lost_stages",
    "level_changed",
    "anger_raised",
    "anger_lowered",
    "attack",  # performed an attack
    "attack_hit",  # performed a successful (not stopped) attack
    "card_played",  # played a card from the hand in combat (attack or Event)
    "life_deck_searched",  # looked through their own whole Life Deck for cards
    "action",  # made an Action in combat (passed: a pass; stopped: an attack that was stopped)
    "card_moved",  # a card left its owner's hand / Life Deck / discard pile (how, by)
    "drew",  # drew cards (one record per draw)
]


class Happened(_Strict):
    """ "you have dealt critical damage this combat": how many times `who` did `event` in
    this combat (or turn), compared with `op` `value` (default: at least once)."""

    event: HistoryEvent
    who: Who = "self"
    scope: Literal["combat", "turn"] = "combat"
    op: Literal["eq", "ge"] = "ge"
    value: int = 1
    mp: bool = False  # stages / levels: of the Main Personality only
    attack_type: AttackFilter = "any"
    from_hand: bool = False  # attacks: from a card played from the hand
    copied: bool = False  # attacks: copies of attacks (engine.panini.copies)
    styled: bool | None = None  # attacks, cards played: Styled (True) / non-Styled (False)
    title: str | None = None  # cards played: with these words in the title
    card_type: CardType | None = None  # cards played: of this type
    # actions: only `who`'s last Action this combat is read, and whether it was a pass /
    # an attack that was stopped
    last: bool = False
    passed: bool | None = None
    stopped: bool | None = None
    # "another attack", "the first card you have played": the attack in progress (its card)
    # is not counted, so only in an attack's own sentences
    another: bool = False
    # "If your opponent's anger was lowered to 0": done since the attack in progress began
    # (only in an attack's own sentences, right after the one doing it: cardtext.you_moved)
    this_attack: bool = False
    # card_moved: how it moved (engine.panini.history.card_moved), and whose effect moved it
    # (None: anyone's, the rules' too)
    how: SelfMoveEvent | Literal["banished_from_life_deck", "banished_from_hand"] | None = None
    by: Who | None = None


class Modifier(_Strict):
    """A constant (infinity icon) effect, active while its card is in play."""

    mod: Literal[
        "physical_damage",  # your physical attacks do +amount stages
        "energy_damage",  # your energy attacks do +amount life cards
        "energy_cost",  # your energy attacks cost +amount stages (negative: cheaper)
        "pur",  # your personalities' PUR +amount
        "prevent_physical",  # physical attacks against you do -amount stages
        "prevent_energy",  # energy attacks against you do -amount life cards
        "no_mppv",  # `who` cannot win by MPPV (2016 ANGER, the Level-4 rule)
        # engine.panini.modifiers: rule changes of engine.panini.cardtext.floating sentences
        "damage",  # `who`'s attacks (of `attacks`, `styled`) do +stages / +life
        "no_attacks",  # `who` cannot perform attacks of `attacks` (and `styled`)
        "no_events",  # `who` cannot play Events
        "skip_action",  # `who` passes their next Action (`amount` > 1: that many Actions)
        "styled_attacks",  # `who`'s attacks are considered Styled
        "mp_pur",  # `who`'s Main Personality's PUR +amount
        "hand_size",  # `who`'s maximum hand size in the Discard Step +amount
        "no_anger",  # `who` cannot raise their anger
        # engine.panini.cardtext.next_time: `who`'s anger cannot be lowered / raised nor lowered
        "no_anger_lower",
        "no_anger_change",
        # ... cannot be lowered by the opponent's effects / by critical damage effects
        "no_anger_lower_opponent",
        "no_anger_lower_critical",
        "anger_to_level",  # `who` needs `amount` anger to advance a level
        "anger_discount",  # `who` needs `amount` less anger to advance a level
        "hand_revealed",  # `who` plays with their hand revealed
        "unstoppable",  # `who`'s attacks (of `attacks`, `styled`) cannot be stopped
        "no_capture",  # `who`'s Dragon Balls cannot be captured
        "no_ally_actions",  # `who`'s Allies cannot make Actions
        "allies_idle",  # ... nor have damage redirected to them
        "prevent",  # `stages` / `life` of damage prevented from `who`'s attacks
        "stop_attacks",  # `who`'s attacks (of `attacks`, `styled`) are stopped
        # `who` cannot play cards titled `title`, the card an earlier sentence chose
        # (engine.panini.referents: "Your opponent cannot play that card this combat.")
        "no_play_that",
        # damage from your (physical / energy) attacks cannot be prevented (engine.panini.after_use)
        "unpreventable",
        "unpreventable_physical",
        "unpreventable_energy",
        # `who`'s successful attacks (of `attacks`, `styled`) dealing at least `amount` life
        # cards are considered to deal critical damage (engine.panini.combat; docs/rulings.md 86)
        "critical",
        # `who`'s attacks (of `attacks`, `styled`) cost `amount` more stages (negative:
        # less), not below `minimum` by a reduction (engine.panini.combat.attack_cost)
        "attack_cost",
        # the AT value of `who`'s attacks (of `attacks`, `styled`) is `amount` ("Your AT
        # damage is considered to be 4 for your Styled attacks"; engine.panini.combat)
        "at_value",
        # engine.panini.cardtext.restrictions: `who` cannot use Endurance, use (activate) Setups,
        # gain stages, use critical damage effects (docs/rulings.md 120)
        "no_endurance",
        "no_setups",
        "no_gain_stages",
        "no_critical",
        # `who`'s attacks (of `attacks`, `styled`) gain the card's `grants[grant]` ability
        # ("Your attacks gain 'HIT: Raise your anger 1 level.'", engine.panini.granted)
        "grant",
        # engine.panini.cardtext.play_limits: `who` cannot play cards (of `card_types`, `styled`),
        # or such cards cannot enter play at all, by an effect either (docs/rulings.md 132)
        "no_play",
        "no_enter_play",
        # `who`'s attacks (of `attacks`, `styled`) can only be stopped by cards of
        # `card_types` (engine.panini.after_use.stop_fails; engine.panini.cardtext.next_time)
        "stopped_only_by",
        # life-card damage from `who`'s attacks (of `attacks`, `styled`) is banished
        "damage_banished",
        # `who`'s Actions can only be attacks or passes (engine.panini.modifiers.attacks_only)
        "attacks_only",
        # `who`'s Drills are not discarded when their MP changes levels (mechanics)
        "drills_kept",
        # `who`'s Allies cannot perform attacks (engine.panini.modifiers.attacks_only)
        "no_ally_attacks",
        # the Ally holding it may use its Power whatever the MP's stage (engine.panini.any_stage)
        "power_any_stage",
        # engine.panini.amounts (cardtext.amounts): how many cards an effect destroys /
        # banishes from the top of `who`'s Life Deck (or banishes from the top of the
        # discard pile) is +amount; how much `who`'s anger is raised / lowered is +amount
        # (not below 0), set to, doubled, at most amount
        "more_destroyed",
        "more_banished",
        "more_removed",  # destroyed or banished
        "more_banished_discard",
        "anger_raise_plus",
        "anger_lower_plus",
        "anger_raise_set",
        "anger_raise_double",
        "anger_lower_at_most",
        # engine.panini.considered (docs/rulings.md 175, 176): `who`'s MP counts as having a
        # higher power level than the defending personality for `who`'s card effects;
        # `who`'s MP's power level is `amount`
        "higher_power_level",
        "power_level_is",
        # engine.panini.leaving: `who`'s Allies at power level 0 are banished ("Whenever an Ally's
        # power level is 0, it is banished."; docs/rulings.md 264)
        "zero_allies_banished",
        # `who`'s attacks (of `attacks`, `styled`, `first_each_combat`) cannot have their
        # damage modified (engine.panini.after_use.unmodifiable; cardtext.attack_constants)
        "unmodifiable",
        # `who` needs `amount` life cards of damage to deal Critical Damage ("Your opponent
        # needs to deal 7 or more life cards to activate critical damage."; combat)
        "critical_needs",
        # `who`'s attacks (of `attacks`, `styled`) cost no power stages, increases included
        # ("... has its power stage cost reduced to 0"; engine.panini.next_attack)
        "no_attack_cost",
        # engine.panini.cardtext.restrictions (docs/rulings.md 195-196): effects that end combat /
        # Rejuvenate cannot be used; no stage damage redirected to Allies; `who` cannot /
        # must declare combat
        "no_end_combat",
        "no_rejuvenate",
        "no_redirect",
        "no_declare",
        "must_declare",
        # effects destroying cards from a Life Deck cannot be used (engine.panini.forbidden)
        "no_life_destroy",
        # cards in play of `card_types` lose all their effects (engine.panini.silenced)
        "lose_effects",
        # `who`'s effects cannot advance / lower / advance or lower an MP (engine.panini.forbidden)
        "no_level_advance",
        "no_level_lower",
        "no_level_change",
        # `who` cannot activate a Setup as their first Action of a combat (engine.panini.forbidden)
        "no_setup_first",
        # `who`'s cards in play of `card_types` cannot be destroyed or banished by effects
        "protected",
        # `who` cannot use the immediate effects of Dragon Balls (engine.panini.silenced)
        "no_dragon_ball_effects",
        # engine.panini.endurance (engine.panini.cardtext.endurance): cards in `who`'s Life Deck (of
        # `card_types`, Styled / non-Styled by `styled`) gain "Endurance `amount`" (only
        # those without Endurance with `without_endurance`); their Endurance is +amount
        # (per X with `x`); their Endurance cannot be used
        "endurance_gain",
        "endurance_plus",
        "endurance_locked",
        # `who`'s attacks (of `attacks`, `styled`, `first_each_combat`: the first played)
        # played from the hand stay in play to be used a second time this combat; `_hit`:
        # only if they hit (engine.panini.stays)
        "stays_in_play",
        "stays_in_play_hit",
        # engine.panini.critical: `who`'s attacks need `amount` more life cards for Critical
        # Damage; `who`'s cards of `card_types` cannot be discarded / captured by Critical
        # Damage effects; only Critical Damage effects lower `who`'s anger
        "critical_more",
        "critical_immune",
        "anger_lower_only_critical",
        # engine.panini.ally_actions: `who`'s Allies (with `performer_has` in the title; only
        # `ally`, "that Ally") may make Actions whatever the MP's power stage
        "allies_any_stage",
        # `who`'s Allies (with `performer_has` in the title) cannot be discarded from play
        # (engine.panini.ally_actions; by Critical Damage effects only: `critical_immune`)
        "undiscardable",
        # engine.panini.replaced: non-Dragon Ball cards an effect (of `by`, `in_combat`) destroys
        # from the top of `who`'s Life Deck are banished instead; discarded from `who`'s
        # hand, they are banished
        "destroyed_banished",
        "discard_banished",
        # `who` may draw each card from the bottom of the Life Deck when a card effect makes
        # them draw (engine.panini.draw_ends)
        "draw_bottom",
        # when `who` gains stages (`in_combat`), the MP of the card's player gains as many
        # (engine.panini.replaced.mirror_stages)
        "stages_mirrored",
    ]
    amount: int = 0
    # engine.panini.amounts: whose effects the amount modifier is about, seen from `who`: any
    # effect, `who`'s own ("owner") or `who`'s opponent's ("opponent")
    by: Literal["any", "owner", "opponent"] = "any"
    in_combat: bool = False  # engine.panini.amounts: only during the Combat Step ("during combat")
    minimum: int | None = Field(default=None, ge=0)
    # "both": every player's attacks ("All attacks do +1 life card of damage.")
    who: Who | Literal["both"] = "self"
    requires: Condition | None = None
    # the attacks a `damage` or `no_attacks` modifier is about: their type, and Styled
    # (True) or non-Styled (False) ones only
    attacks: AttackFilter = "any"
    styled: bool | None = None
    stages: int = 0  # `damage`: power stages added to an attack's stage damage
    life: int = 0  # `damage`: life cards added to an attack's life-card damage
    title: str | None = None  # `no_play_that`: set as the effect resolves
    grant: int | None = Field(default=None, ge=0)  # `grant`: the index in the card's `grants`
    card_types: list[CardType] = []  # `no_play`, `no_enter_play` (none: any), `stopped_only_by`
    # only the first attack it is about that `who` performs each combat ("The first Styled
    # attack you perform each combat cannot be stopped."; engine.panini.modifiers.about)
    first_each_combat: bool = False
    # only copies of attacks ("Your first copied attack each combat cannot be stopped.";
    # engine.panini.copies)
    copied: bool = False
    # `damage`: `stages` / `life` are per X of the card holding it ("Your energy attacks deal
    # +X life cards of damage.": life 1; engine.panini.x_constants)
    x: bool = False
    # only attacks performed by the MP ("Attacks performed by your MP ..."), or by a
    # personality with this in its title ("... by personalities with Android in the title")
    performer: Literal["mp", "ally"] | None = None
    performer_has: str | None = None
    # next_attack: bound to the next attack whoever performs it, applied only if the
    # performer above does ("If your next attack is performed by an Ally, ..."; engine.
    # ally_actions)
    performer_if: bool = False
    # only the attacks of cards of these types ("Your Energy Combat attacks ...")
    from_cards: list[CardType] = []
    # `no_play`: only cards that stop attacks ("Your opponent cannot play Events that stop
    # attacks this combat."; engine.panini.modifiers._limited, docs/rulings.md 162)
    stoppers: bool = False
    # `protected` (engine.panini.forbidden): only against the opponent's effects; not the card
    # holding it ("Your other Allies ...")
    by_opponent: bool = False
    # and a floating rule about attacks: not about the card whose effect created it ("Your
    # other attacks this combat ..."; `except_card`, engine.panini.cardtext.other_attacks)
    other: bool = False
    # `endurance_gain`: only cards printed without Endurance ("Drills ... without Endurance")
    without_endurance: bool = False
    # a floating `other` modifier about attacks ("all of your other attacks ..."): the card
    # whose effect created it, set as it is created; its own attacks are not others
    # (engine.panini.modifiers.about; docs/rulings.md 281)
    except_card: int | None = None
    # `allies_any_stage` (engine.panini.ally_actions): about "that Ally", the card an earlier
    # sentence moved or chose (`that`), bound to its instance `ally` as the effect resolves
    that: bool = False
    ally: int | None = None


# --- X ("X = your MP's level.") -----------------------------------------------------------
class Quantity(_Strict):
    """What a card's X is, counted when the sentence using it resolves (docs/rulings.md 44):
    `times` x (the count, or the level / anger of `who`) + `plus`, at most `maximum`.
    Counts are of the cards `who` controls in play, or in a zone of `who`."""

    of: Literal[
        "level", "anger", "dragon_balls", "allies", "drills", "setups",
        "hand", "discard_pile", "banished", "personalities", "power_level",
        "pur", "stage", "attached", "attack_life_cards", "moved",
        "amount",  # what this card's "any amount" sentence paid or lowered (panini.chosen_amounts)
        "life_deck",  # how many cards: public (2016 GAME ZONES), what they are is not
        "top_power_level",  # the highest power level printed on the MP's `at_level` card
    ]  # fmt: skip
    who: Literal["self", "opponent", "both"] = "self"
    card_type: CardType | None = None  # in a zone: only cards of this type
    styled: bool | None = None  # only Styled (True) / non-Styled (False) cards
    # engine.panini.quantities (docs/rulings.md 84): more filters on what is counted,
    # more zones counted with `of`, and "the number of different card types in ..."
    title_has: str | None = None  # "with "Cell Jr." in the title"
    title_is: str | None = None  # "copies of Saiyan Headbutt": cards of that printed title
    personalities: bool = False  # "personalities in your discard pile": MP levels and Allies
    endurance: bool = False  # "cards with Endurance"
    # dragon_balls: of this set only ("Earth Dragon Balls"); `owned`: those `who` owns,
    # under either player's control ("Dragon Balls you own are in play")
    dragon_ball_set: str | None = None
    owned: bool = False
    named: str | None = None  # "Frieza Named cards": non-personality cards of that character
    also_in: list[Literal["hand", "discard_pile", "banished"]] = []
    distinct_types: bool = False
    subtract_from: int | None = None  # "X = 6 - his current anger": this less the count
    # power_level: of `who`'s MP, or of the attacking / defending personality of the attack
    # in progress (only in an attack's own sentences)
    actor: Literal["mp", "attacking", "defending"] = "mp"
    at_level: int | None = Field(default=None, ge=1)  # top_power_level: of this level's card
    # "X = your current anger level when you perform that attack": counted as the attack
    # is performed, for a "+X" constant on it (engine.panini.x_constants; docs/rulings.md 247)
    when_performed: bool = False
    times: int = Field(default=1, ge=1)
    every: int = Field(default=1, ge=1)  # "for every 2 stages paid": the count // every
    plus: int = 0
    maximum: int | None = None


# --- Effects (one per sentence) ----------------------------------------------------------
class _Effect(_Strict):
    who: Who = "self"
    # the amount is the card's X (Card.x), counted as the sentence resolves; `amount` unused
    x: bool = False
    # "For each card destroyed, gain 1 stage.": `amount` times this count, counted as the
    # sentence resolves (engine.panini.effects; docs/rulings.md 89)
    per: Quantity | None = None
    when: Condition | None = Field(default=None, alias="if")
    # "You may ...": the card's controller chooses whether it happens
    optional: bool = Field(default=False, alias="may")
    # "If you do, ...": happens only if the sentence before it did (an optional one taken,
    # a condition met)
    if_done: bool = Field(default=False, alias="if_you_do")
    # "If you do not, ...", "If less than 5 cards are banished, ...": only if it did not
    if_not_done: bool = Field(default=False, alias="if_you_do_not")
    # "<cost> to <effect>" opening a Power: paid in full or the Power cannot be used
    # (docs/rulings.md 121)
    cost: bool = False
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    X_SCALES: ClassVar[bool] = False  # `x` without an amount: see UntilEndOfTurn

    @model_validator(mode="after")
    def _x_is_an_amount(self) -> _Effect:
        if self.x and "amount" not in type(self).model_fields and not self.X_SCALES:
            raise ValueError(f"`x` is for effects with an amount, not {type(self).__name__}")
        if self.per is not None and (self.x or "amount" not in type(self).model_fields):
            raise ValueError(f"`per` is for effects with an amount, not X or {type(self).__name__}")
        return self


# Which personality gains or loses stages: one its owner chooses (2016 GLOSSARY
# "Gaining/losing stages"), or the MP when the text names it ("Your MP gains 3 stages").
# `that`: the personality an earlier sentence chose (engine.panini.referents)
StagesTarget = Literal["chosen", "mp", "that"]


class GainStages(_Effect):
    do: Literal["gain_stages"]
    amount: int = Field(default=1, ge=1)
    personality: StagesTarget = "chosen"


class LoseStages(_Effect):
    do: Literal["lose_stages"]
    amount: int = Field(default=1, ge=1)
    personality: StagesTarget = "chosen"
    # "..., to a minimum of 0": it stops at zero, nothing discarded (docs/rulings.md 181)
    floor: bool = False


class SetStageMax(_Effect):
    """Set the MP to its highest power stage; `chosen`: a personality of `who`'s, `ally`:
    one of `who`'s Allies, picked by the controller (engine.panini.plain)."""

    do: Literal["set_stage_max"]
    personality: Literal["mp", "chosen", "ally"] = "mp"


class SetStage(_Effect):
    """ "Set your MP to its 0 power stage.", "Lower your MP to his 2 power stage.": the MP's
    stage set to `stage` (`lower`/`raise`: only if that moves it that way; engine.panini.plain;
    docs/rulings.md 141)."""

    do: Literal["set_stage"]
    stage: int = Field(ge=0)
    direction: Literal["set", "lower", "raise"] = "set"


class AngerUpTo(_Effect):
    """ "Raise your anger up to 2 levels.", "You may lower your anger any amount.": the
    controller picks how many, up to `amount` (any, without it; engine.panini.plain)."""

    do: Literal["anger_up_to"]
    direction: Literal["raise", "lower"]
    amount: int | None = Field(default=None, ge=1)


class PayAnyStages(_Effect):
    """ "The personality performing this attack may pay any amount of stages.", "Your MP may
    pay any amount of stages.": the controller picks how many (none too) and loses them; the
    amount is kept for "For every 2 stages paid, ..." (engine.panini.chosen_amounts)."""

    do: Literal["pay_any_stages"]
    personality: Literal["mp", "attacking"] = "mp"


class ShuffleLifeDeck(_Effect):
    """ "Shuffle your Life Deck." (engine.panini.mechanics.shuffle_life_deck)"""

    do: Literal["shuffle_life_deck"]


class AllStages(_Effect):
    """ "Your opponent's personalities lose 2 stages.", "All Allies in play lose 2 stages.":
    every such personality of `who` (of both players with `both`) gains or loses `amount`
    (engine.panini.plain; docs/rulings.md 139)."""

    do: Literal["all_stages"]
    amount: int = Field(default=1, ge=1)
    gain: bool = False
    allies_only: bool = False
    both: bool = False
    # "all personalities with Android in the title": those whose title has the words
    title_has: str | None = None


class RaiseAnger(_Effect):
    do: Literal["raise_anger"]
    amount: int = Field(default=1, ge=1)


class LowerAnger(_Effect):
    do: Literal["lower_anger"]
    amount: int = Field(default=1, ge=1)


class LowerAngerTo(_Effect):
    """ "Lower your opponent's anger to 1.": no change if it is already that low."""

    do: Literal["lower_anger_to"]
    level: int = Field(ge=0)


class ChangeAnger(_Effect):
    """ "Raise or lower a player's anger 1 level.": the card's controller chooses the player
    (`players: either`) and/or the direction (`direction: either`) as the effect resolves."""

    do: Literal["change_anger"]
    amount: int = Field(default=1, ge=1)
    players: Literal["either", "self", "opponent"] = "either"
    direction: Literal["either", "raise", "lower"] = "either"


class AdvanceLevel(_Effect):
    do: Literal["advance_level"]


class LowerLevel(_Effect):
    do: Literal["lower_level"]


class SetAnger(_Effect):
    """ "Set your anger to 3.": raised or lowered to that level (engine.panini.plain);
    `both`: each player's anger."""

    do: Literal["set_anger"]
    level: int = Field(ge=0)
    both: bool = False


class ChangeLevel(_Effect):
    """ "Advance or lower your opponent's MP 2 levels.", "Lower both players' MPs one
    level.": `amount` levels one by one, the direction chosen by the controller when
    `either` (engine.panini.plain)."""

    do: Literal["change_level"]
    amount: int = Field(default=1, ge=1)
    direction: Literal["advance", "lower", "either"]
    both: bool = False
    # "Advance or lower your MP to level 2.": to that level, whichever way it is
    to_level: int | None = Field(default=None, ge=1, le=4)
    # "Advance your MP up to 2 levels.": the controller picks 0 to `amount` levels
    up_to: bool = False


class Draw(_Effect):
    do: Literal["draw"]
    amount: int = Field(default=1, ge=1)


class DiscardFromHand(_Effect):
    """`who` discards `amount` cards of their choosing from their hand."""

    do: Literal["discard_from_hand"]
    amount: int = Field(default=1, ge=1)


class DiscardTopOfLifeDeck(_Effect):
    """Discard from the top of the Life Deck. Not damage: no Endurance, no replacement."""

    do: Literal["discard_top"]
    amount: int = Field(default=1, ge=1)


class LifeCardDamage(_Effect):
    """Life cards of damage from an effect (Endurance and Dragon Ball rules apply)."""

    do: Literal["life_damage"]
    amount: int = Field(default=1, ge=1)


class Rejuvenate(_Effect):
    do: Literal["rejuvenate"]
    amount: int = Field(default=1, ge=1)


class Search(_Effect):
    """Search the whole Life Deck for a card and put it in the hand; then shuffle."""

    do: Literal["search"]
    card_type: CardType | None = None
    style: Style | None = None


class Destroy(_Effect):
    """Discard a card `who` has in play (chosen by the effect's controller)."""

    do: Literal["destroy"]
    # "attached": a card attached to one of `who`'s personalities, whoever controls it.
    target: Literal["setup", "drill", "ally", "dragon_ball", "attached"]


class BanishFromDiscard(_Effect):
    """Banish the top `amount` cards of `who`'s Discard Pile."""

    do: Literal["banish_from_discard"]
    amount: int = Field(default=1, ge=1)


class LookAtHand(_Effect):
    """ "Look at your opponent's hand.": `who`'s hand is shown to the controller alone."""

    do: Literal["look_at_hand"]


class RevealHand(_Effect):
    """ "Reveal your hand." / "Your opponent reveals his hand.": shown to both players."""

    do: Literal["reveal_hand"]


class CaptureDragonBall(_Effect):
    do: Literal["capture_dragon_ball"]
    # "Capture an Earth Dragon Ball": only one of that set; "without using its immediate
    # effects": its effects are not offered (panini.effects.capture_task; docs/rulings.md 143)
    dragon_ball_set: str | None = None
    no_effects: bool = False


class UseDragonBall(_Effect):
    """ "Use the immediate effects of a Dragon Ball in play / you control / your opponent
    controls.": the controller picks one (`whose`) and uses its effects as a capture would
    (engine.panini.wishes; docs/rulings.md 198)."""

    do: Literal["use_dragon_ball"]
    whose: Literal["any", "self", "opponent"] = "any"


class UseCriticalEffect(_Effect):
    """ "Use a critical damage effect.": one of the three effects of 2016 CRITICAL DAMAGE,
    chosen by the card's controller."""

    do: Literal["critical_effect"]


class PutIntoPlay(_Effect):
    """Play (`mode: play`, costs and Dragon Ball effects apply) or place into play
    (`mode: place`, neither) a card of `card_type` from `source` (2016 GLOSSARY
    "Playing" vs. "Placing into play")."""

    do: Literal["put_into_play"]
    source: Literal["hand", "discard_pile", "life_deck"]
    card_type: CardType
    mode: Literal["play", "place"]


# `that`: the card an earlier sentence of the same effect list chose (engine.panini.referents)
MoveZone = Literal[
    "life_deck", "discard_pile", "banished", "hand", "in_play", "this_card", "moved_card",
    "that", "those",
]  # fmt: skip


class Move(_Effect):
    """Move cards between zones (engine.panini.moves): from `who`'s `source` zone (also `also_from`
    zones; `either_player`: the controller picks whose pile, or any card in play), at
    `position` ("any": chosen among the whole zone, or its top `depth` cards), `amount`
    cards (`up_to`: fewer allowed; `every`: all that match) of `card_types` (any when
    empty), `styled` (2016 CARD TYPES: Freestyle cards are non-Styled), `style`,
    `endurance` (with Endurance), `title_has` (with those words in the title), `titled`
    (that exact title) and `dragon_ball_set` (an "Earth" or "Namek" Dragon Ball), to `to`;
    an Ally put into play enters at `ally_stage` (a power stage, or its highest) rather
    than 3 above 0.
    `this_card`: the card whose effect it is, while it is being used or in play;
    `moved_card`: the card whose own move triggered the effect (engine.panini.self_moves), in
    its owner's discard pile or Banished Zone, where it went. The controller chooses.
    Cards always go to their owner's zones."""

    do: Literal["move"]
    source: MoveZone
    also_from: list[MoveZone] = []
    either_player: bool = False
    # "top_and_bottom": the top card, then the bottom one (docs/rulings.md 218)
    position: Literal["any", "top", "bottom", "top_or_bottom", "top_and_bottom"] = "any"
    depth: int | None = Field(default=None, ge=1)
    amount: int = Field(default=1, ge=1)
    up_to: bool = False
    every: bool = False
    card_types: list[CardType] = []
    styled: bool | None = None
    style: Style | None = None
    endurance: bool | None = None
    title_has: str | None = None
    title_has_any: list[str] = []  # "with 'Dragon' or 'Reinforced' in the title"
    titled: str | None = None
    dragon_ball_set: str | None = None
    ally_stage: Annotated[int, Field(ge=0, le=10)] | Literal["highest"] | None = None
    # "copies of that card": only cards titled as the card an earlier sentence chose or
    # named (engine.panini.referents)
    copies: bool = False
    # "an attached card (in play)": cards attached to either player's personalities are
    # among the cards in play it may take, whatever their type (docs/rulings.md 114)
    attached: bool = False
    to: Literal[
        "hand", "play", "place", "life_top", "life_bottom", "life_shuffle", "discard",
        "banish", "rejuvenate", "attach", "life_top_or_bottom",
        "reveal",  # shown to both players, kept where it is (docs/rulings.md 215)
    ]  # fmt: skip
    # to "attach": "a card that can attach to your MP" (`mine`: its `attach_to` is your MP)
    # or "to an MP" (`any`: either MP), placed into play attached where its text says
    # (docs/rulings.md 114)
    attaches: Literal["mine", "any"] | None = None
    # "... in any order": the controller places the cards one at a time (engine.panini.those)
    any_order: bool = False
    # "Your opponent chooses one of his Drills and destroys it": the opponent picks among
    # their own cards (`who: opponent`; docs/rulings.md 219)
    chooser: Literal["self", "opponent"] = "self"
    # "each player's Life Deck": the same move on the controller's pile, then on the
    # opponent's (docs/rulings.md 224)
    both_players: bool = False
    # "Reveal ... from your hand and shuffle them into ...": the cards are named to both
    # players as they move (docs/rulings.md 215)
    revealed: bool = False
    # "a Named card" / "a non-Named card" / "a Styled or Named card" (2016 MAKING A DECK:
    # Named cards have a character's name in the title; engine.panini.moves)
    named: bool | None = None
    named_as: str | None = None  # "a Frieza Named card": of that character
    styled_or_named: bool = False
    # "place it into play under your opponent's control": a card entering play comes under
    # the opponent of the effect's controller (docs/rulings.md 205)
    control: Literal["controller", "opponent"] = "controller"
    # "a non-CONSTANT Drill", "an Ally with a CONSTANT power": a card printed with (without)
    # a CONSTANT label; "an Ally that isn't already in play": none of its title in play
    constant: bool | None = None
    not_in_play: bool = False
    hit_effect: bool = False  # "an attack with a (printed) HIT effect"
    # "a Dragon Ball you own (in play)": only cards the controller owns, whoever controls
    # them (2016 GLOSSARY "Dragon Balls": a captured one stays its owner's)
    owned: bool = False


class Rearrange(_Effect):
    """ "Look at the top 3 cards of your Life Deck and place them back in any order.",
    "Rearrange the top 3 cards of your discard pile.": the controller puts the `amount`
    cards at `position` of `who`'s `source` back in the order they choose
    (engine.panini.rearrange)."""

    do: Literal["rearrange"]
    source: Literal["life_deck", "discard_pile"]
    position: Literal["top", "bottom"] = "top"
    amount: int = Field(default=1, ge=1)


class Choose(_Effect):
    """Choose, name or reveal one card and record it for the rest of the effect list
    ("that card", engine.panini.referents). `what`: `hand` (look at `who`'s hand and choose a
    card in it), `random_hand` (a random card of `who`'s hand), `name` (name a card
    title, never a Dragon Ball), `pile` (a card in `who`'s `source` pile), `top` /
    `bottom` (the end card of `who`'s Life Deck: looked at, or `reveal`ed to both), `draw`
    (draw a card and reveal it), `personality` (a personality in play, either side's),
    `cards` (`amount` cards in `who`'s `source` pile: "those cards", engine.panini.those),
    `top_cards` (the top `amount` cards of `who`'s Life Deck, looked at or `reveal`ed).
    `chooser`: who chooses `cards` ("Your opponent chooses 3 cards in your discard pile").
    `card_types` / `not_dragon_ball` limit what may be chosen or named."""

    do: Literal["choose"]
    what: Literal[
        "hand", "random_hand", "name", "pile", "top", "bottom", "draw", "personality", "cards",
        "top_cards",
    ]
    source: Literal["discard_pile", "banished"] | None = None
    amount: int = Field(default=1, ge=1)
    card_types: list[CardType] = []
    not_dragon_ball: bool = False
    reveal: bool = False
    chooser: Who = "self"


class DiscardNamed(_Effect):
    """ "Name a card. `who` discards all cards with that name from their hand." The
    controller names one exact card title; Dragon Balls may never be named (2016
    GLOSSARY "Naming a card")."""

    do: Literal["discard_named"]


class UntilEndOfTurn(_Effect):
    """A floating effect: `modifier` applies until the end of this turn, read from the
    point of view of `who` (default: the card's controller), even after the card that
    created it has left play (2016 GLOSSARY "Effects": floating effects)."""

    do: Literal["until_end_of_turn"]
    modifier: Modifier
    # `x`: the modifier's stages and life cards times X ("Prevent X stages of damage from
    # your opponent's attacks this combat."; engine.panini.next_attack.times_x)
    X_SCALES: ClassVar[bool] = True
    # "turn": this turn (= this combat); "next_turn": until the end of the controller's
    # next turn; "next_attack": the next attack the modifier is about; "next_action": the
    # next Action of the player it is about; "next_turn_start": until the start of the
    # controller's next turn (engine.panini.modifiers)
    lasts: Literal["turn", "next_turn", "next_turn_start", "next_attack", "next_action"] = "turn"
    # with next_attack: "your next successful attack": an attack that is stopped does not
    # use it up (engine.panini.modifiers.end_attack; docs/rulings.md 161)
    successful: bool = False


# Cards an attack "cannot be stopped / prevented by": a card type, or "non_styled"
# (Freestyle cards, 2016 "Freestyle").
Excluded = Literal["physical_combat", "energy_combat", "event", "setup", "non_styled"]


class PerformAttack(_Effect):
    """ "... to perform a non-Styled physical attack dealing AT stages of damage": the card
    performs its `attack` (`from_hand_action`) as its owner's Action (engine.panini.hand_attack)."""

    do: Literal["perform_attack"]


class StayInPlay(_Effect):
    """ "This attack stays in play to be used a second time this combat": after this use
    the card stays in play and may perform its attack `times` more times as later Actions
    this combat (engine.panini.after_use; docs/rulings.md)."""

    do: Literal["stay_in_play"]
    times: int = Field(default=1, ge=1)
    # "This card stays in play ...": on a defense, the defense card, to defend again this
    # combat (engine.panini.stays; docs/rulings.md 276); on an attack, as "This attack ..."
    card: bool = False


class AfterUseTo(_Effect):
    """ "HIT: Shuffle this card into your Life Deck after use.", "If you do, banish this
    card after use.": where this use of the attack card sends it (engine.panini.after_use)."""

    do: Literal["after_use_to"]
    to: Literal[
        "shuffle_into_life_deck",
        "top_of_life_deck",
        "bottom_of_life_deck",
        "hand",
        "rejuvenate",
        "banish",
    ]


class AttackGains(_Effect):
    """ "If ..., this attack cannot be stopped / its damage cannot be prevented": the
    attack in progress gains these properties (engine.panini.after_use)."""

    do: Literal["attack_gains"]
    unstoppable: bool = False
    unpreventable: bool = False
    unmodifiable: bool = False
    no_endurance: bool = False  # "Endurance cannot be used on this attack"
    not_stopped_by: list[Excluded] = []
    not_prevented_by: list[Excluded] = []
    # "You may choose for this attack to deal no damage": it deals none (engine.panini.combat)
    no_damage: bool = False
    # "This attack is considered to deal critical damage": if successful (engine.panini.combat)
    critical: bool = False
    # "If you deal critical damage with this attack, you may use 2 [different] critical
    # damage effects instead of 1" (engine.panini.combat.attack_critical; docs/rulings.md 280)
    critical_effects: int = Field(default=1, ge=1)
    critical_different: bool = False
    # "choose for this attack to deal its life card damage as stages of damage instead"
    # (engine.panini.as_stages; docs/rulings.md 246)
    life_as_stages: bool = False
    # "Whenever you perform an attack, ... that attack ...": the attack in progress its
    # controller performs, from a trigger (cardtext.attack_performed; docs/rulings.md 245)
    that: bool = False


class CopyAttack(_Effect):
    """ "perform a copy of that attack for your next action" (in a defense): the copier's
    next Action this combat is a copy of the attack defended against; "perform the last
    attack your opponent used this combat" (`last_opponent`): a copy of it now, dealing
    `stages` / `life` more (engine.panini.copies; docs/rulings.md 308, 312)."""

    do: Literal["copy_attack"]
    that_attack: bool = False  # the attack a defense answers
    next_action: bool = False
    last_opponent: bool = False
    stages: int = Field(default=0, ge=0)  # "That attack deals an additional +2 stages"
    life: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _one_attack(self) -> CopyAttack:
        if (self.that_attack and self.next_action) == self.last_opponent:
            raise ValueError("copy_attack: that_attack with next_action, or last_opponent")
        return self


class UseHit(_Effect):
    """ "If you do, use the printed HIT effect of that card.": the HIT effects of the card
    an earlier sentence chose or moved, used by the controller now (engine.panini.copies;
    docs/rulings.md 311)."""

    do: Literal["use_hit"]
    source: Literal["that"] = "that"


class AttackBase(_Effect):
    """ "This attack's base damage is 7 stages instead.": the attack in progress, the
    card's own, has this printed damage in place of its own; modifiers still apply
    (engine.panini.combat.damage_parts; docs/rulings.md 172)."""

    do: Literal["attack_base"]
    unit: Literal["stages", "life"]
    amount: int = Field(ge=0)
    # "this attack's base damage is 2 times the AT instead": AT x this many stages (`amount`
    # unused; docs/rulings.md 279)
    at_times: int | None = Field(default=None, ge=2)


class AttackDeals(_Effect):
    """ "This attack deals +3 life cards of damage.": the attack in progress, the card's
    own, deals more (a modifier: 2016 GLOSSARY "Modifiers"; engine.panini.attack_bonus)."""

    do: Literal["attack_deals"]
    amount: int = Field(default=0, ge=0)
    unit: Literal["stages", "life"]
    that: bool = False  # "that attack", from a trigger (as AttackGains.that)


class Either(_Effect):
    """ "Gain 5 stages or Rejuvenate 2.": the controller chooses one of the two `options`
    (each a list of effects) as it resolves, and that one happens (engine.panini.either;
    docs/rulings.md 122)."""

    do: Literal["either"]
    options: list[list[Effect]] = Field(min_length=2, max_length=2)


class ArmTrigger(_Effect):
    """ "At the end of combat, ...", "Whenever you Rejuvenate this combat, ...", "The next
    time ... this combat, ...": a played card's trigger that waits for its event after the
    card is gone, for `lasts` ("combat", "turn", "next_turn_start": until the start of the
    controller's next turn); `once`: it fires once, then is over (engine.panini.armed).
    2016 GLOSSARY "Effects": floating effects outlive the card that created them."""

    do: Literal["arm_trigger"]
    trigger: Trigger
    lasts: Literal["combat", "turn", "next_turn_start"] = "combat"
    once: bool = False


class EndCombat(_Effect):
    """ "End combat.": the Combat Step ends in place of the next Action (engine.panini.ending)."""

    do: Literal["end_combat"]


class Hook(_Effect):
    """Escape hatch: a Python function registered in engine.panini.hooks under `name`."""

    do: Literal["hook"]
    name: str

    @field_validator("name")
    @classmethod
    def _registered(cls, value: str) -> str:
        from engine.panini.hooks import HOOKS

        if value not in HOOKS:
            known = ", ".join(sorted(HOOKS)) or "none"
            raise ValueError(f"unknown hook {value!r}; registered hooks: {known}")
        return value


Effect = Annotated[
    GainStages
    | LoseStages
    | SetStageMax
    | RaiseAnger
    | LowerAnger
    | ChangeAnger
    | LowerAngerTo
    | AdvanceLevel
    | LowerLevel
    | SetAnger
    | ChangeLevel
    | AllStages
    | EndCombat
    | ShuffleLifeDeck
    | SetStage
    | AngerUpTo
    | PayAnyStages
    | AttackBase
    | Draw
    | DiscardFromHand
    | DiscardTopOfLifeDeck
    | LifeCardDamage
    | Rejuvenate
    | Search
    | Destroy
    | BanishFromDiscard
    | LookAtHand
    | RevealHand
    | CaptureDragonBall
    | UseDragonBall
    | UseCriticalEffect
    | PutIntoPlay
    | Move
    | Rearrange
    | Choose
    | DiscardNamed
    | UntilEndOfTurn
    | StayInPlay
    | PerformAttack
    | AfterUseTo
    | AttackGains
    | CopyAttack
    | UseHit
    | AttackDeals
    | Either
    | ArmTrigger
    | Hook,
    Field(discriminator="do"),
]


# --- Abilities ----------------------------------------------------------------------------
class Damage(_Strict):
    """`at`: AT value + amount power stages; `stages`/`life`: a fixed amount;
    `at_life`: the AT value + amount as life cards (2016 GLOSSARY "AT")."""

    kind: Literal["at", "stages", "life", "at_life"]
    amount: int = 0
    plus_x: bool = False  # "DAMAGE: 3 +X stages": the card's X is added as damage is dealt
    minus_x: bool = False  # "DAMAGE: 6 - X stages": the card's X is taken off
    # "DAMAGE: 3 stages + 3 life cards": a second part in the other unit, dealt after the
    # stages (engine.panini.combat.damage_parts; docs/rulings.md 83)
    also: Damage | None = None
    # "+4 stages for each copy of Saiyan Headbutt in your discard pile": `each` times the
    # count `per`, as the damage is dealt
    each: int = Field(default=0, ge=0)
    per: Quantity | None = None
    # "DAMAGE: AT +AT stages": the AT value counted this many times (docs/rulings.md 318)
    at_times: int = Field(default=1, ge=1, le=2)

    @property
    def unit(self) -> Literal["stages", "life"]:
        return "stages" if self.kind in ("at", "stages") else "life"

    @property
    def uses_x(self) -> bool:
        return self.plus_x or self.minus_x or (self.also is not None and self.also.uses_x)

    @model_validator(mode="after")
    def _two_units(self) -> Damage:
        if self.plus_x and self.minus_x:
            raise ValueError("a damage adds X or takes it off, not both")
        if self.also is not None and (self.also.also is not None or self.also.unit == self.unit):
            raise ValueError("a damage has at most two parts, one of stages, one of life cards")
        if (self.per is None) != (self.each == 0):
            raise ValueError("`each` and `per` go together: +each for each one `per` counts")
        return self


class Attack(_Strict):
    """An attack icon: an Action that performs an attack (2016 ATTACK TIMING SUMMARY)."""

    type: AttackKind
    cost: int = Field(default=0, ge=0)  # power stages paid by the acting personality
    damage: Damage
    effects: list[Effect] = []  # immediate effects, step 2
    hit: list[Effect] = []  # HIT effects, step 5
    # "If this attack is stopped, ...": as the attack is stopped, with the "whenever" effects
    # of that moment (docs/rulings.md 45)
    stopped: list[Effect] = []
    requires: Condition | None = None
    # Unstoppable: a defense's stop has no effect on it, so defenses that only stop are
    # not offered; prevention still applies (2016 CRITICAL DAMAGE; docs/rulings.md).
    unstoppable: bool = False
    # "Damage from this attack cannot be prevented": defenses' prevention and Endurance do
    # not apply; "cannot be modified": no + or - modifier applies (2016 GLOSSARY
    # "Modifiers"; docs/rulings.md)
    unpreventable: bool = False
    unmodifiable: bool = False
    # "Endurance cannot be used on this attack" (engine.panini.after_use.endurance_allowed)
    no_endurance: bool = False
    # "This attack can only be stopped by a Physical Combat card": a stop from any other
    # card has no effect (as against an unstoppable attack)
    stopped_only_by: list[CardType] = []
    # "This attack cannot be stopped (or have its damage prevented) by Event cards"
    not_stopped_by: list[Excluded] = []
    not_prevented_by: list[Excluded] = []
    # "(Life card) damage from this attack is banished": the cards the defender discards
    # as its damage go to the Banished Zone (docs/rulings.md 82)
    damage_banished: bool = False
    # "Damage from this attack cannot be redirected.": no Ally may take its stages
    # (2016 ALLIES DURING COMBAT; docs/rulings.md 85)
    no_redirect: bool = False
    # "POWER: Discard a card from your hand to perform a non-Styled physical attack ...":
    # costs other than stages, paid at step 1 (2016 ATTACK TIMING SUMMARY "Pay any costs of
    # the attack"); the Power is offered only when they can be paid (docs/rulings.md 236)
    pay: list[Effect] = []
    # "a non-Styled / Styled ... attack": the attack's own, whatever the card's style
    styled: bool | None = None
    # "(As an action, you may banish this card from your hand to perform a ... attack ...)"
    # on a Drill: performed only by that Action of the card in the hand, never as a Power
    # of the Drill in play (engine.panini.hand_attack; docs/rulings.md 297)
    from_hand_action: bool = False


PREVENT_ALL = 10**6  # "Prevent all damage": more stages or life cards than any attack deals


class Defense(_Strict):
    """A defense icon: used in response to an attack (step 3)."""

    against: AttackFilter = "any"
    stops: bool = False
    prevent: int = Field(default=0, ge=0)  # stages or life cards of damage prevented
    prevent_all: bool = False  # "Prevent all damage from an attack."
    # "Prevent 3 life cards and 3 stages of damage": `prevent` off each part of the attack
    # (engine.panini.combat.damage_parts; docs/rulings.md 83)
    each_part: bool = False
    effects: list[Effect] = []
    # "POWER: Lower your anger 1 level to stop an energy attack.": paid as the defense is
    # used, offered only when it can be paid in full (engine.panini.combat; docs/rulings.md 160)
    cost: list[Effect] = []
    requires: Condition | None = None
    # "(You may play this card to stop a physical attack instead of as an attack.)": used
    # this way, none of the card's other text applies
    instead_of_attack: bool = False
    # "(You may banish this card from your hand to stop ...)": Banished after this use
    # (engine.panini.itself)
    banished: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> Defense:
        if not (self.stops or self.prevents or self.effects):
            raise ValueError("a defense must stop, prevent or have effects")
        return self

    @property
    def prevents(self) -> bool:
        return self.prevent_all or self.prevent > 0

    @property
    def prevented_amount(self) -> int:
        """What it prevents: "all damage" is more than any attack deals."""
        return PREVENT_ALL if self.prevent_all else self.prevent


class Action(_Strict):
    """A non-attack Action (a Power of an Event, Setup, MP level, Ally or Mastery)."""

    effects: list[Effect]
    requires: Condition | None = None


TriggerEvent = Literal[
    "anger_raised",  # you raised your anger
    "level_advanced",  # your MP advanced a level
    "attack_hit",  # an attack of yours was not stopped
    "attack_stopped",  # an attack of yours was stopped
    "critical_damage",  # you dealt Critical Damage
    "defended",  # you stopped an attack
    # engine.panini.triggers (game events; `who` says whose)
    "anger_lowered",  # your anger went down
    "level_changed",  # your MP advanced or lowered a level
    "rejuvenated",  # you Rejuvenated cards
    "attack_performed",  # you performed an attack
    "combat_ended",  # combat ended
    "planning_started",  # your Planning Step began
    "damage_taken",  # an attack dealt you damage
    "life_damage_taken",  # an attack dealt you life cards of damage (engine.panini.combat)
    "critical_effect_used",  # you used a Critical Damage effect
    "turn_started",  # a turn began (before its Draw Step)
    "turn_ended",  # a turn ended (after its Rejuvenation Step)
    "rejuvenation_started",  # your Rejuvenation Step began
    "entered_play",  # a card entered play under your control (`card_types`: which)
    # engine.panini.armed / triggers and timing, wave 2
    "drew",  # you drew cards (once per sentence or step)
    "card_discarded",  # a card was discarded from your hand (`card_types`: which)
    "stages_gained",  # one of your personalities gained stages
    "mp_stages_gained",  # your MP gained stages
    "level_lowered",  # your MP was lowered a level
    "level_reached",  # your MP advanced to this level (on a Main Personality level card)
    "left_play",  # a card you controlled left play (`card_types`: which)
    "discard_banished",  # cards of your discard pile were banished by an effect (`by`: whose)
    "life_deck_shuffled",  # your Life Deck was shuffled
    "planning_ended",  # your Planning Step ended (once you powered up)
    "action_started",  # your Action in combat begins (before you choose it)
    "destroyed",  # a card you controlled in play was destroyed (`card_types`: which)
    "life_deck_searched",  # you searched your own Life Deck
    "damage_prevented",  # you prevented damage (a defense, or Endurance)
    "endurance_used",  # you banished a card for Endurance (engine.panini.triggers: "that card")
    "banished_from_play",  # a card you controlled in play was banished (`card_types`: which)
    "card_played",  # you played a Setup, Drill, Ally or Dragon Ball (`card_types`: which)
    "state_holds",  # its `requires` holds, checked after each step (engine.panini.leaving)
    "life_deck_banished",  # cards of your Life Deck were banished by an effect (`by`: whose)
    "card_revealed",  # a card of your hand was revealed (by an effect `by` controls)
    # cards were destroyed from your Life Deck by an effect (`by`: whose; engine.panini.replaced)
    "life_deck_destroyed",
    # one of your personalities gained stages from a card effect (not powering up)
    "effect_stages_gained",
    # a Dragon Ball of your Life Deck was revealed as you took damage (engine.panini.mechanics)
    "ball_revealed",
    # you did not declare combat in your Combat Step (engine.panini.turn)
    "combat_skipped",
]


# Trigger events whose effects' "that card" is the event's card (engine.panini.triggers.queue):
# "Once per combat after banishing a card for Endurance, you may Rejuvenate that card."
THAT_EVENTS = frozenset({"endurance_used"})


class Trigger(_Strict):
    """'Whenever ...' text: resolves right after the sentence that caused it. `who`: whose
    event it is, from the card's controller's view; `once_per`: at most once per combat or
    turn; `power`: an "[INSTANT] POWER: Use when ..." the controller may choose to use
    (engine.panini.triggers)."""

    on: TriggerEvent
    effects: list[Effect]
    attack_type: AttackFilter = "any"
    who: Literal["self", "opponent", "any"] = "self"
    once_per: Literal["combat", "turn"] | None = None
    during_combat: bool = False
    styled: bool = False  # only for a Styled (not Freestyle) attack card
    no_combat: bool = False  # "if you did not declare combat" (this turn)
    card_types: list[CardType] = []  # entered_play: only these types (none: any card)
    # card_played (engine.panini.triggers.played): only a card with these words in its title, or
    # of this alignment ("a 'Heroes only' card")
    title_has: str | None = None
    alignment: Alignment | None = None
    freestyle: bool = False  # ... only a non-Styled (Freestyle) card (engine.panini.triggers)
    first_turn: bool = False  # turn_started: only that player's first turn of the game
    # discard_banished: whose effect did it, from the card's controller's view
    by: Literal["self", "opponent", "any"] = "any"
    power: bool = False
    # state_holds: the state that sets it off ("Banish this card when you control a Styled
    # Drill."), checked after each step while the card is in play (engine.panini.leaving)
    requires: Condition | None = None
    # entered_play: a Dragon Ball of this set ("Earth", "Namek"), one this player owns
    # ("a Dragon Ball you own enters play", whoever controls it; docs/rulings.md 260)
    ball_set: str | None = None
    owner: Literal["self", "opponent"] | None = None
    # attack_performed: only an attack played (True) / not played (False) from the hand
    # (engine.panini.triggers; docs/rulings.md 248)
    from_hand: bool | None = None
    # "is destroyed or banished", "from your Life Deck or discard pile": other events that
    # set it off too, with the same filters (engine.panini.cardtext.alternatives)
    or_on: list[TriggerEvent] = []




SelfMoveEvent = Literal[
    "discarded_from_hand",  # from its owner's hand to the discard pile
    "rejuvenated",  # to the bottom of the Life Deck by Rejuvenate
    "destroyed_from_life_deck",  # discarded from the Life Deck by an effect (not damage)
    "discarded_from_life_deck",  # by an effect or as damage ("discarded or destroyed")
    "banished_from_discard",  # from its owner's discard pile to the Banished Zone
    # banished by an effect from anywhere else: reported for "If this card is banished by
    # one of your effects" (the event "banished" matches all four; engine.panini.self_moves)
    "banished_from_life_deck",
    "banished_from_hand",
    "banished_from_play",
    "banished",
    "banished_as_damage",  # an attack's damage that is banished (docs/rulings.md 82)
    # discarded, destroyed or banished from the Life Deck, however (damage and Endurance too)
    "left_life_deck",
    "discarded_on_level_change",  # a Drill discarded as its controller's MP changes levels
    "discarded_on_advance",  # the same, as the MP advances (engine.panini.mechanics.discard_drills)
    "banished_for_endurance",  # Banished while taking damage, to prevent some
    "revealed_from_hand",  # revealed from the hand by an effect, alone or with the hand
    "enters_play",
    "leaves_play",
]
# what moved the card: "effect" any card effect (not a rules discard or damage);
# "your_effect" one its owner controls; "opponent_effect" one the opponent controls
SelfMoveCause = Literal["any", "effect", "your_effect", "opponent_effect"]


class CardAction(_Strict):
    """ "(You may Rejuvenate this card from your hand as an action to gain 4 stages.)": an
    Action of the card itself where it lies (`zone`), its first effect moving the card (the
    cost), the others following it (engine.panini.itself)."""

    zone: Literal["hand", "discard_pile", "in_play"]
    effects: list[Effect]
    requires: Condition | None = None
    # "(You may discard this card from your hand during the Planning Step. If you do, ...)":
    # offered in its player's Planning Step, not in combat (engine.panini.itself); "(If this card is
    # in your discard pile, you may Rejuvenate it when entering combat to ...)": as combat
    # is entered (engine.panini.turn.entering_powers)
    step: Literal["combat", "planning", "entering_combat"] = "combat"


class DeckNote(_Strict):
    """An MP level's note on building its deck (engine.panini.deckcheck): "(Your Life Deck may
    include non-Personality cards that are 'Heroes only')" (`alignment`), "(Your Life Deck may
    include up to 3 copies of each Ally with "Cell Jr." in the title.)" (`ally_copies`,
    `ally_title_has`)."""

    alignment: Alignment | None = None
    ally_copies: int | None = Field(default=None, ge=1)
    ally_title_has: str | None = None
    # "(Your Life Deck cannot include cards that perform energy attacks.)" (engine.panini.deckcheck)
    no_attacks: Literal["physical", "energy"] | None = None


class BeginGame(_Strict):
    """ "(You may begin the game on Level 2.)" (`level`), "(You may begin the game with
    Goku's Spirit Bomb attached.)" (`attached`, a title): choices its player makes as the
    game is set up, before the first turn (engine.panini.opening)."""

    level: int | None = Field(default=None, ge=2, le=4)
    attached: str | None = None


class Considered(_Strict):
    """ "(This card is considered Styled / Named / to have "Sword" in the title / its
    Endurance to be 10 for your card effects.)": what the card counts as for its owner's own
    card effects, not for the rules nor the opponent's effects (engine.panini.itself)."""

    styled: bool = False
    named: bool = False  # read by "search ... for a Named card" (engine.panini.moves)
    title_has: list[str] = []
    endurance: int | None = Field(default=None, ge=0)
    every_effect: bool = False  # printed without "for your card effects": the opponent's too


class WhenMoved(_Strict):
    """ "(If this card is discarded from your hand by a card effect, ...)": what the card
    does when it itself moves; resolves right after the move (engine.panini.self_moves)."""

    event: SelfMoveEvent
    by: SelfMoveCause = "any"
    during_combat: bool = False
    # "banished from the top of your discard pile": it was the pile's top card as it moved
    from_top: bool = False
    # "When this card enters play during the Planning Step" (docs/rulings.md 298)
    during_planning: bool = False
    effects: list[Effect]


class Granted(_Strict):
    """An ability a card gives to attacks ("Your attacks gain 'HIT: Raise your anger 1
    level.'"): its effects, HIT effects (`hit`) or immediate ones, resolved for the
    attacker as part of each attack a `grant` modifier of the card is about (engine.panini.granted;
    docs/rulings.md 113)."""

    effects: list[Effect]
    hit: bool = True


class AttachTo(_Strict):
    """ "Attach to ____": the card enters play attached to `who`'s Main Personality or
    to one of `who`'s Allies (chosen by the card's controller). Its constant effects and
    triggers are active while attached, read from its controller's point of view (2016
    GLOSSARY "Attached Cards")."""

    target: Literal["mp", "ally"]
    who: Who = "self"
    # "HIT: Attach to your opponent's MP.": a Combat card attaches after use only when its
    # attack hit, else it is discarded (engine.panini.combat.finish_card; docs/rulings.md 111)
    on_hit: bool = False
    # "POWER: Attach to your MP." on a Setup: it enters play as a Setup and attaches when
    # activated, in place of being discarded (2016 "Use a Power"; docs/rulings.md 112)
    activated: bool = False
    # "POWER: Attach to your MP. Draw a card.": printed first, it attaches before the rest
    # of the Power resolves (docs/rulings.md 116)
    first: bool = False


ATTACHABLE_TYPES = frozenset({CardType.SETUP, CardType.DRILL, CardType.EVENT})
# Combat cards that attach do so after use, in place of being discarded (2016 ATTACK
# TIMING SUMMARY step 7; docs/rulings.md 111): they keep their attack or defense.
ATTACHING_COMBAT_TYPES = frozenset({CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT})


class AfterUse(_Strict):
    """Where a played card goes after use instead of the Discard Pile ("Shuffle this card
    into your Life Deck after use."), when `if` holds then (engine.panini.after_use)."""

    to: Literal[
        "shuffle_into_life_deck", "top_of_life_deck", "bottom_of_life_deck", "hand", "rejuvenate"
    ]
    when: Condition | None = Field(default=None, alias="if")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# Cards that leave play after use, so that an after-use destination means something.
AFTER_USE_TYPES = frozenset(
    {CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT, CardType.SETUP}
)


Automation = Literal["automated", "partial", "manual"]


class DragonBallInfo(_Strict):
    set: str  # "Earth", "Namek"
    number: int = Field(ge=1, le=7)


class Card(_Strict):
    name: str  # unique in its pool; what deck lists name (the printed name, see below)
    type: CardType
    style: Style = Style.FREESTYLE
    text: str = ""
    # personalities (Main Personality levels and Allies)
    personality: str | None = None  # the character; on other cards it makes the card Named
    level: int | None = Field(default=None, ge=1, le=4)
    # on personalities, None: the card file does not say (or an Ally of either alignment);
    # on other cards: alignment-tied when set
    alignment: Alignment | None = None
    traits: list[str] = []
    pur: int = 0
    power_stages: list[int] = []
    # abilities, by icon
    attack: Attack | None = None
    defense: Defense | None = None
    action: Action | None = None
    constant: list[Modifier] = []
    entering_combat: list[Effect] = []
    on_play: list[Effect] = []  # immediate effects when played (Dragon Balls: their wish)
    triggers: list[Trigger] = []
    when_moved: list[WhenMoved] = []  # when the card itself moves (engine.panini.self_moves)
    grants: list[Granted] = []  # abilities its `grant` modifiers give attacks
    # "While attached, once per turn as an action, ...": a Power of the card while it is
    # attached, used as an Action once per turn (engine.panini.attaching; docs/rulings.md 117)
    attached_action: Action | None = None
    # "(This Drill is not discarded when changing levels.)": kept on any level change, or
    # ("advancing") only when advancing (engine.panini.mechanics.discard_drills)
    kept_on_level: Literal["changing", "advancing"] | None = None
    # the card itself and its restrictions (engine.panini.itself): "You must banish the top 3
    # cards of your Life Deck to play this card." (paid in full as it is played from the
    # hand, else it cannot be played); "(This personality cannot gain stages.)"
    play_cost: list[Effect] = []
    no_stage_gain: bool = False
    considered: Considered | None = None
    # an MP level's "(Your Drills are not discarded when advancing from this level.)"
    keeps_drills: bool = False
    # "(You may only have one <title> attached / in play.)": the title named (engine.panini.itself)
    only_one: str | None = None
    # "(This card's non-[INSTANT] power may only be used once per game.)" (`game`), "(You
    # may use this Drill more than once per turn, but only once per attack.)" (`attack`):
    # how often its Power may be used (engine.panini.limits)
    power_limit: Literal["game", "attack"] | None = None
    begin_game: BeginGame | None = None  # set-up choices (engine.panini.opening)
    card_actions: list[CardAction] = []
    deck_note: DeckNote | None = None
    # deck and damage keywords
    endurance: int = Field(default=0, ge=0)
    banish_after_use: bool = False
    after_use: AfterUse | None = None
    # "(You cannot win by MPPV if you use this card.)": not while it is used (panini.after_use)
    no_mppv_while_used: bool = False
    # "(An Ally you control may perform this attack regardless of your MP's power stage.)"
    # (engine.panini.ally_actions.attack_actors)
    ally_may_perform: bool = False
    limit_per_deck: int | None = None
    dragon_ball: DragonBallInfo | None = None
    attach_to: AttachTo | None = None
    x: Quantity | None = None  # "X = ...": what the X of the card's sentences counts
    # how much of `text` the structured abilities above carry out (engine.panini.cardtext):
    # `partial`/`manual` cards keep the sentences the engine does not run in `manual_text`
    automation: Automation = "automated"
    manual_text: list[str] = []
    # provenance of imported cards (engine.panini.importers); informative only
    number: str | None = None
    rarity: str | None = None
    set_name: str | None = None
    # the ids of the records this card was imported from (OCTGN GUIDs ...): deck files
    # name cards by them
    source_ids: list[str] = []
    # the name printed on the card when `name` is not it: another card of the pool has the
    # same printed name, so this one's name says its set ("Blue Slide (Perfection)")
    printed_name: str | None = None

    @field_validator("traits")
    @classmethod
    def _lower_traits(cls, value: list[str]) -> list[str]:
        return [trait.lower() for trait in value]

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        personal = self.type in (CardType.MAIN_PERSONALITY, CardType.ALLY)
        if personal:
            if len(self.power_stages) != 11 or self.power_stages[0] != 0:
                raise ValueError("a personality has 11 power stages starting at 0")
            if self.power_stages != sorted(self.power_stages):
                raise ValueError("power stages must not decrease")
            if not self.personality:
                raise ValueError("a personality needs `personality` (the character)")
        if self.type == CardType.MAIN_PERSONALITY and self.level is None:
            raise ValueError("a Main Personality card needs its level")
        if (self.type == CardType.DRAGON_BALL) != (self.dragon_ball is not None):
            raise ValueError("`dragon_ball` is set exactly on Dragon Ball cards")
        if self.type == CardType.MASTERY and self.style == Style.FREESTYLE:
            raise ValueError("a Mastery has a style")
        if self.x is None and self.uses_x():
            raise ValueError("a sentence uses X but the card does not say what X is (`x`)")
        if self.attach_to is not None:
            self._attaching(self.attach_to)
        if self.attached_action is not None and self.attach_to is None:
            raise ValueError("`attached_action`: only on a card that attaches")
        if any(m.grant is None or m.grant >= len(self.grants) for m in self._grant_modifiers()):
            raise ValueError("a `grant` modifier names one of the card's `grants`")
        return self

    def _grant_modifiers(self) -> list[Modifier]:
        floating = [e.modifier for e in self.all_effects() if isinstance(e, UntilEndOfTurn)]
        return [m for m in [*self.constant, *floating] if m.mod == "grant"]

    def _attaching(self, spec: AttachTo) -> None:
        if self.type in ATTACHING_COMBAT_TYPES:
            if self.action is not None or (self.attack is None and self.defense is None):
                raise ValueError("an attaching Combat card attaches after its attack or defense")
            if spec.on_hit and (self.attack is None or self.defense is not None):
                raise ValueError("`on_hit`: an attack card that is not a defense too")
            if self.defense is not None and self.defense.instead_of_attack:
                raise ValueError("a card played to stop instead of as an attack does not attach")
            return
        if self.type not in ATTACHABLE_TYPES:
            raise ValueError("only Setups, Drills, Events and Combat cards attach (`attach_to`)")
        if spec.activated and self.type != CardType.SETUP:
            raise ValueError("`activated`: a Setup that attaches when its Power is used")
        powered = self.type == CardType.EVENT or spec.activated
        if self.attack or self.defense or (self.action and not powered):
            raise ValueError("an attaching card has no attack, defense or Setup Power")
        if spec.on_hit:
            raise ValueError("`on_hit` is for attack cards")

    def all_effects(self) -> list[Effect]:
        """Every effect of every ability of the card."""
        lists = [self.entering_combat, self.on_play, *(t.effects for t in self.triggers)]
        lists += [w.effects for w in self.when_moved]
        lists += [g.effects for g in self.grants]
        if self.attached_action is not None:
            lists.append(self.attached_action.effects)
        lists.append(self.play_cost)
        lists += [action.effects for action in self.card_actions]
        if self.attack is not None:
            lists += [self.attack.effects, self.attack.hit, self.attack.pay]
        if self.defense is not None:
            lists.append(self.defense.effects)
        if self.action is not None:
            lists.append(self.action.effects)
        found = [effect for effects in lists for effect in effects]
        for effect in found:  # the options of "A or B" too (the list grows as it is read)
            if isinstance(effect, Either):
                found += [option for options in effect.options for option in options]
        return found

    def uses_x(self) -> bool:
        damage = self.attack.damage.uses_x if self.attack is not None else False
        return (
            damage
            or any(effect.x for effect in self.all_effects())
            or any(modifier.x for modifier in self.constant)
        )

    @property
    def is_personality(self) -> bool:
        return self.type in (CardType.MAIN_PERSONALITY, CardType.ALLY)

    @property
    def title(self) -> str:
        """The name printed on the card: copies of a card are counted by it."""
        return self.printed_name or self.name

    @property
    def is_named(self) -> bool:
        return self.personality is not None and not self.is_personality

    # What the card counts as for a card effect; `yours`: the effect is its owner's, for
    # whom "(This card is considered Styled for your card effects.)" holds (engine.panini.itself).
    def styled_for(self, yours: bool) -> bool:
        """2016 GLOSSARY "Freestyle": "Freestyle cards are non-Styled"; others are Styled."""
        return self.style != Style.FREESTYLE or self._considered(yours).styled

    def endurance_for(self, yours: bool) -> int:
        found = self._considered(yours).endurance
        return self.endurance if found is None else found

    def titles_for(self, yours: bool) -> list[str]:
        """The printed title, and the words the card is considered to have in it."""
        return [self.title, *self._considered(yours).title_has]

    @property
    def has_constant(self) -> bool:
        """Printed with a "CONSTANT:" / "[CONSTANT]:" label (2016 ICONS: CONSTANT)."""
        return re.search(r"(?<![\w-])\[?CONSTANT\]?\s*:", self.text) is not None

    @property
    def has_hit_effect(self) -> bool:
        """Printed with a "HIT:" effect (2016 HOW CARDS WORK: "HIT effects")."""
        return re.search(r"\bHIT\s*:", self.text, re.IGNORECASE) is not None

    def named_for(self, yours: bool) -> bool:
        """Named (2016 MAKING A DECK), or considered so for its owner's effects."""
        return self.is_named or self._considered(yours).named

    def _considered(self, yours: bool) -> Considered:
        held = self.considered is not None and (yours or self.considered.every_effect)
        return self.considered if held and self.considered is not None else Considered()


class CardPool:
    """Every card known to a game, looked up by exact or case-insensitive name."""

    def __init__(self, cards: list[Card]) -> None:
        self.by_name: dict[str, Card] = {}
        self._folded: dict[str, Card] = {}
        self._by_source_id: dict[str, Card] = {}
        for card in cards:
            if card.name in self.by_name:
                raise ValueError(f"duplicate card name {card.name!r}")
            self.by_name[card.name] = card
            self._folded[fold_name(card.name)] = card
            for source_id in card.source_ids:
                self._by_source_id.setdefault(source_id.casefold(), card)

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> Card:
        return self.by_name[name]

    def __len__(self) -> int:
        return len(self.by_name)

    def find(self, name: str) -> Card | None:
        """Exact name, else case/spacing/punctuation-insensitive match."""
        return self.by_name.get(name) or self._folded.get(fold_name(name))

    def names(self) -> list[str]:
        return list(self.by_name)

    def find_source_id(self, source_id: str) -> Card | None:
        """The card imported from the record with this id (an OCTGN GUID ...), if any."""
        return self._by_source_id.get(source_id.strip().casefold())


def fold_name(name: str) -> str:
    """The form two names share when they differ only in case, spacing or punctuation."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


DATA_DIR = Path(__file__).resolve().parents[2] / "data"
SANDBOX_DIR = DATA_DIR / "cards" / "sandbox"


class CardFileError(ValueError):
    """A card file that does not match the model; the message names file and card."""


def load_card_file(path: Path) -> list[Card]:
    try:
        raw = safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        raise CardFileError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, list):
        raise CardFileError(f"{path}: expected a list of cards")
    cards = []
    for index, entry in enumerate(raw):
        try:
            cards.append(Card.model_validate(entry))
        except ValueError as exc:
            label = entry.get("name", f"#{index + 1}") if isinstance(entry, dict) else index
            raise CardFileError(f"{path}: card {label!r}: {exc}") from exc
    return cards


_POOLS: dict[Path, CardPool] = {}


def load_pool(directory: Path = SANDBOX_DIR) -> CardPool:
    """Every *.yaml card file under `directory` (cached: the pool is immutable)."""
    if directory not in _POOLS:
        cards: list[Card] = []
        for path in sorted(directory.glob("*.yaml")):
            cards.extend(load_card_file(path))
        _POOLS[directory] = CardPool(cards)
    return _POOLS[directory]


# "A or B" holds lists of effects, an armed trigger a Trigger: their models are complete
# once every model they refer to is defined
Either.model_rebuild()
ArmTrigger.model_rebuild()
