"""Deck legality for `score` (2003 rulebook p. 47 "Building a Deck", with pp. 37, 45, 46,
56) and `ocg` (2016 OCG p. 32 "Building a Life Deck", p. 33 "New Rules"): every violation,
not just the first. Numbers and options that differ are ScoreRuleset fields.

Each rule is a small function of the sorted deck; rules that compare cards with the Main
Personality stay quiet when the MP is missing, so one mistake reports once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from engine.score import allies as ally_rules
from engine.score import tokui_waza
from engine.score.cards import Alignment, Card, CardPool, CardType, Style, fold
from engine.score.rulesets import ScoreRuleset

# the personalities with rules of their own (p. 37), named as in play (engine.score.allies)
SAIBAIMEN, CELL_JR = fold(ally_rules.SAIBAIMEN), fold(ally_rules.CELL_JR)
CELL = fold("Cell")
# p. 37: "You can have up to 3 of each copy of Saibaimen in your deck"; p. 56: "Cell may
# only have 3 Cell Jrs. in his deck"
SEEDLING_COPIES = 3
# p. 47 "Duplicate Card Limits": the types limited to 3 (or 4 Named) copies
LIMITED_TYPES = frozenset({
    CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.COMBAT, CardType.NON_COMBAT,
    CardType.DRILL, CardType.BATTLEGROUND, CardType.LOCATION,
})


@dataclass(frozen=True)
class ScoreDeck:
    """A deck as a player registers it: the MP levels, the rest of the Life Deck (Allies,
    Mastery and Sensei included, p. 47), the Sensei Deck, and the set-up declarations."""

    main_personality: tuple[str, ...]  # the MP levels' card names
    life: dict[str, int]  # every other card of the Life Deck, with its copies
    sensei_deck: dict[str, int] = field(default_factory=dict)
    tokui_waza: Style | None = None  # p. 21 set-up 5: declared, or none
    alignment: Literal["hero", "villain"] | None = None  # p. 37: a Rogue MP's declaration


@dataclass(frozen=True)
class Violation:
    rule: str  # a short id such as "deck.size"
    source: str  # rulebook and page
    message: str  # what is wrong and what would be right

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message} ({self.source})"


@dataclass(frozen=True)
class _Sorted:
    deck: ScoreDeck
    ruleset: ScoreRuleset
    mp: list[Card]
    life: list[tuple[Card, int]]
    sensei: list[tuple[Card, int]]

    def page(self, score: str, ocg: str | None = None) -> str:
        """The source of a rule: under `ocg`, the OCG's page where it writes the rule
        again, else Score's (the OCG keeps every Score rule its p. 33 does not change)."""
        if self.ruleset.name == "ocg" and ocg is not None:
            return f"DBZ OCG 2016 rules {ocg}"
        return f"Score 2003 rulebook {score}"

    @property
    def mp_name(self) -> str | None:
        """The MP's personality when its cards agree on one (else another rule reports)."""
        names = {card.personality or "" for card in self.mp}
        return names.pop() if len(names) == 1 else None

    @property
    def mp_levels(self) -> list[int]:
        return sorted(card.level or 0 for card in self.mp)

    @property
    def mp_alignment(self) -> Alignment | None:
        """p. 37: a Rogue MP is the hero or villain its player declares."""
        sides = {card.alignment for card in self.mp}
        if len(sides) != 1:
            return None
        side = sides.pop()
        if side == Alignment.ROGUE and self.deck.alignment is not None:
            return Alignment(self.deck.alignment)
        return side

    @property
    def allies(self) -> list[tuple[Card, int]]:
        return [(card, n) for card, n in self.life if card.type == CardType.PERSONALITY]

    def of_type(self, kind: CardType) -> list[tuple[Card, int]]:
        return [(card, n) for card, n in self.life if card.type == kind]


_Rule = Callable[[_Sorted], list[Violation]]
OCG_BUILDING = "p. 32 Building a Life Deck"
_PLURAL = {Alignment.HERO: "heroes", Alignment.VILLAIN: "villains", Alignment.ROGUE: "Rogues"}


def check_deck(deck: ScoreDeck, pool: CardPool, ruleset: ScoreRuleset) -> list[Violation]:
    """Every violation of `ruleset`'s deck-building rules; empty means legal."""
    unknown: list[str] = []

    def found(counts: dict[str, int]) -> list[tuple[Card, int]]:
        pairs = []
        for name, count in counts.items():
            if count <= 0:
                continue  # "0x" in a list is a card left out
            card = pool.find(name)
            if card is None:
                unknown.append(name)
            else:
                pairs.append((card, count))
        return pairs

    # one entry per MP level listed: a name listed twice is two cards
    mp = [card for name in deck.main_personality for card, _ in found({name: 1})]
    cards = _Sorted(deck, ruleset, mp, found(deck.life), found(deck.sensei_deck))
    violations = [Violation("deck.unknown-card", "card pool", f"{name!r} is not a known card")
                  for name in unknown]
    for rule in _RULES:
        violations.extend(rule(cards))
    return violations


def _v(rule: str, source: str, message: str) -> list[Violation]:
    return [Violation(rule, source, message)]


# --- size --------------------------------------------------------------------------------
def _size(cards: _Sorted) -> list[Violation]:
    """p. 47 "Deck Size": 50-85 with the MP cards, 90 with a Namekian Tokui-Waza; OCG p. 33:
    50-75, "this includes decks which declare a Namekian Tokui-Waza"."""
    rules = cards.ruleset
    size = len(cards.mp) + sum(n for _, n in cards.life)
    most = rules.deck_max
    if cards.deck.tokui_waza == Style.NAMEKIAN and rules.namekian_deck_max is not None:
        most = rules.namekian_deck_max
    if rules.deck_min <= size <= most:
        return []
    return _v("deck.size", cards.page("p. 47 Deck Size", "p. 33 New Rules"),
              f"the deck has {size} cards (Main Personality included, Sensei Deck not); "
              f"it must have {rules.deck_min} to {most}")


# --- the Main Personality ---------------------------------------------------------------
def _mp_cards(cards: _Sorted) -> list[Violation]:
    """p. 47: the MP is personality cards; p. 45: Fusion Personality cards stay in the
    Sensei Deck."""
    wrong = [card for card in cards.mp if card.type != CardType.PERSONALITY or card.fusion]
    return [Violation("deck.mp-cards", cards.page("p. 47 Main Personalities"),
                      f"{card.title!r} cannot be a Main Personality level: "
                      + ("a Fusion Personality card starts in the Sensei Deck" if card.fusion
                         else f"it is a {card.type_name()} card, not a personality card"))
            for card in wrong]


def _mp_personality(cards: _Sorted) -> list[Violation]:
    """p. 47 "of the same personality"; p. 56 "New Alternate Personality Rule": Vegeta and
    Majin Vegeta, Kid Trunks and Trunks, Gohan and Future Gohan are separate personalities."""
    names = sorted({card.personality or "" for card in cards.mp})
    if len(names) <= 1:
        return []
    levels = ", ".join(f"{card.title!r} is {card.personality}" for card in cards.mp)
    return _v("deck.mp-personality", cards.page("p. 47 Main Personalities; p. 56"),
              f"the Main Personality levels are not one personality ({levels}); all must "
              f"be the same one, and {' and '.join(names)} are different personalities")


def _mp_levels(cards: _Sorted) -> list[Violation]:
    """p. 47: "at least 3 consecutive personality cards ... starting with a level 1 ... up
    to level 5. No levels can be skipped." One card per level (OCG p. 32: "Main
    Personality levels ... are all Limit 1 per deck"; docs/rulings.md 323)."""
    source = cards.page("p. 47 Main Personalities", OCG_BUILDING)
    levels = cards.mp_levels
    if not levels:
        return _v("deck.mp-levels", source,
                  "no Main Personality: the deck needs levels 1, 2 and 3 of one personality")
    problems = []
    doubled = sorted({level for level in levels if levels.count(level) > 1})
    if doubled:
        problems.append(f"two cards at level {', '.join(map(str, doubled))}; one card per level")
    distinct = sorted(set(levels))
    if distinct != list(range(1, len(distinct) + 1)):
        problems.append(f"levels {', '.join(map(str, distinct))} skip a level or do not start "
                        "at 1; they must run 1, 2, 3 ... with none skipped")
    if len(distinct) < 3:
        problems.append(f"{len(distinct)} level(s); at least 3 (levels 1-3) are needed")
    return [Violation("deck.mp-levels", source, f"the Main Personality has {p}")
            for p in problems]


def _mp_declaration(cards: _Sorted) -> list[Violation]:
    """p. 37: only a Rogue MP is declared a hero or a villain; a hero or villain MP is
    what its cards print."""
    sides = {card.alignment for card in cards.mp}
    declared = cards.deck.alignment
    if declared is None or len(sides) != 1 or Alignment.ROGUE in sides:
        return []
    printed = sides.pop()
    if printed == declared:
        return []
    return _v("deck.mp-declaration", cards.page("p. 37 Rogue Personality Rule"),
              f"the Main Personality {cards.mp_name} is a {printed} and cannot be declared a "
              f"{declared}; only Rogue personalities are declared (leave it out or make it "
              f"{printed})")


# --- Allies -----------------------------------------------------------------------------
def _highest_ally_level(cards: _Sorted) -> int:
    levels = set(cards.mp_levels)
    if cards.ruleset.ally_levels == "ocg":
        # OCG p. 32: level 1 with 3 levels, 1-2 with 4 or 5; p. 33 "no level 3 allies"
        return 1 if len(levels) <= 3 else 2
    return max(levels) - 2  # p. 47: "at least 2 levels lower than the highest level"


def _ally_levels(cards: _Sorted) -> list[Violation]:
    if not cards.mp:
        return []
    top = _highest_ally_level(cards)
    source = cards.page("p. 47 Allies", f"{OCG_BUILDING}; p. 33")
    mp = f"a {len(set(cards.mp_levels))}-level Main Personality"
    return [Violation("deck.ally-level", source,
                      f"Ally {card.title!r} is level {card.level}; with {mp} Allies may be "
                      f"at most level {top}")
            for card, _ in cards.allies if (card.level or 0) > top]


def _ally_copies(cards: _Sorted) -> list[Violation]:
    """p. 47: "only 1 copy of each version of an Ally" (different versions may be played);
    p. 37: up to 3 of each Saibaimen; p. 56: Cell may only have 3 Cell Jrs., in all
    (docs/rulings.md 330)."""
    source = cards.page("p. 47 Allies; p. 37 Saibaimen/Cell Jr. Rule; p. 56")
    found = []
    for card, count in cards.allies:
        seedling = fold(card.personality or "") in (SAIBAIMEN, CELL_JR)
        most = SEEDLING_COPIES if seedling else 1
        if count > most:
            found.append(Violation("deck.ally-copies", source,
                                   f"{count} copies of Ally {card.title!r}; at most {most}"))
    cell_jrs = sum(n for card, n in cards.allies if fold(card.personality or "") == CELL_JR)
    if cell_jrs > SEEDLING_COPIES:
        found.append(Violation("deck.ally-copies", source,
                               f"{cell_jrs} Cell Jr. Allies; Cell may only have "
                               f"{SEEDLING_COPIES} Cell Jrs. in his deck"))
    return found


def _ally_not_mp(cards: _Sorted) -> list[Violation]:
    """p. 47: "You may not place an Ally in your deck that is the same character as your
    Main Personality" (p. 37: a Saibaimen MP has no Saibaimen Allies)."""
    mp = cards.mp_name
    if mp is None:
        return []
    return [Violation("deck.ally-is-mp", cards.page("p. 47 Allies", OCG_BUILDING),
                      f"Ally {card.title!r} is {mp}, the Main Personality; Allies must be "
                      "other characters")
            for card, _ in cards.allies if fold(card.personality or "") == fold(mp)]


def _ally_alignment(cards: _Sorted) -> list[Violation]:
    """p. 47: "Heroes team with heroes and villains with villains ... Ally Rogue
    Personalities automatically match" (p. 37); OCG p. 32 the same. A Rogue MP whose
    player declared nothing takes the one side its Allies share (docs/rulings.md 325)."""
    source = cards.page("p. 47 Allies; p. 37 Rogue Personality Rule",
                        OCG_BUILDING)
    sided = [(card, card.alignment) for card, _ in cards.allies
             if card.alignment not in (None, Alignment.ROGUE)]
    side = cards.mp_alignment
    if side is None or not sided:
        return []
    if side == Alignment.ROGUE:
        sides = sorted({str(a) for _, a in sided})
        if len(sides) <= 1:
            return []
        return _v("deck.ally-alignment", source,
                  f"the Rogue Main Personality has both {' and '.join(sides)} Allies; declare "
                  "it a hero or a villain and keep only Allies of that side")
    return [Violation("deck.ally-alignment", source,
                      f"Ally {card.title!r} is a {alignment}; the Main Personality is a "
                      f"{side}, so its Allies must be {_PLURAL[side]} or Rogues")
            for card, alignment in sided if alignment != side]


def _ally_majin(cards: _Sorted) -> list[Violation]:
    """p. 47: "Majins can only be in a deck with a Majin MP and only Majin Allies can be in
    a deck with a Majin MP" (not an OCG rule: ScoreRuleset.majin_allies)."""
    if not cards.ruleset.majin_allies or not cards.mp:
        return []
    majin_mp = all(card.majin for card in cards.mp)
    source = cards.page("p. 47 Allies")
    if majin_mp:
        return [Violation("deck.ally-majin", source,
                          f"Ally {card.title!r} is not a Majin; a Majin Main Personality "
                          "takes only Majin Allies") for card, _ in cards.allies if not card.majin]
    return [Violation("deck.ally-majin", source,
                      f"Ally {card.title!r} is a Majin; Majin Allies need a Majin Main "
                      "Personality") for card, _ in cards.allies if card.majin]


def _ally_high_tech(cards: _Sorted) -> list[Violation]:
    """p. 47: "You may not use High Tech foil personality cards as Allies"."""
    return [Violation("deck.ally-high-tech", cards.page("p. 47 Allies"),
                      f"{card.title!r} is a High-Tech card; it may only be a Main "
                      "Personality level, never an Ally")
            for card, _ in cards.allies if card.high_tech]


def _cell_jr(cards: _Sorted) -> list[Violation]:
    """p. 37: "Cell Jrs. can only be Allies for Cell when he is a Main Personality"."""
    if cards.mp_name is None or fold(cards.mp_name) == CELL:
        return []
    return [Violation("deck.cell-jr", cards.page("p. 37 Saibaimen/Cell Jr. Rule"),
                      f"Ally {card.title!r} is a Cell Jr.; Cell Jrs. are Allies only for a "
                      f"Cell Main Personality, not {cards.mp_name}")
            for card, _ in cards.allies if fold(card.personality or "") == CELL_JR]


# --- Dragon Balls, Mastery, Sensei ------------------------------------------------------
def _dragon_balls(cards: _Sorted) -> list[Violation]:
    """p. 42 and p. 47: one type (Earth, Namek or Dende), no duplicates; p. 42: an ALT.
    Dende Dragon Ball is the Dende Dragon Ball of its number. Counted with the Sensei Deck
    (docs/rulings.md 324)."""
    source = cards.page("p. 47 Dragon Balls; p. 42", OCG_BUILDING)
    balls = [(card, n) for card, n in (*cards.life, *cards.sensei) if card.dragon_ball]
    found = []
    sets = sorted({str(card.dragon_ball.set) for card, _ in balls if card.dragon_ball})
    if len(sets) > 1:
        found.append(Violation("deck.dragon-ball-set", source,
                               f"Dragon Balls of {len(sets)} types ({', '.join(sets)}); all "
                               "must be of one type"))
    copies: dict[tuple[str, int], list[str]] = {}
    for card, count in balls:
        if card.dragon_ball is not None:
            key = (str(card.dragon_ball.set), card.dragon_ball.number)
            copies.setdefault(key, []).extend([card.title] * count)
    for (kind, number), titles in copies.items():
        if len(titles) > 1:
            found.append(Violation("deck.dragon-ball-copies", source,
                                   f"{len(titles)} copies of the {kind.title()} Dragon Ball "
                                   f"{number} ({', '.join(titles)}); one of each"))
    return found


def _one_of(kind: CardType, label: str, score_page: str) -> _Rule:
    """p. 47: "Only one Mastery card", "only 1 Sensei card"; OCG p. 32 "Limit 1 per deck"."""

    def rule(cards: _Sorted) -> list[Violation]:
        these = [(c, n) for c, n in (*cards.life, *cards.sensei) if c.type == kind]
        total = sum(n for _, n in these)
        if total <= 1:
            return []
        listed = ", ".join(f"{n}x {c.title!r}" for c, n in these)
        return _v(f"deck.{kind.value}", cards.page(score_page, OCG_BUILDING),
                  f"{total} {label} cards ({listed}); a deck has at most one")

    return rule


def _mastery_tokui_waza(cards: _Sorted) -> list[Violation]:
    """p. 46 "Mastery Cards": a Mastery needs a declared Tokui-Waza of its style (a
    Freestyle Mastery, a Freestyle Tokui-Waza)."""
    declared = cards.deck.tokui_waza
    found = []
    for card, _ in cards.of_type(CardType.MASTERY):
        style = card.style.value.title()
        if declared != card.style:
            said = f"a {declared.value.title()} Tokui-Waza" if declared else "no Tokui-Waza"
            found.append(Violation("deck.mastery-tokui-waza", cards.page("p. 46 Mastery Cards"),
                                   f"the {style} Mastery {card.title!r} needs a {style} "
                                   f"Tokui-Waza declared; the deck declares {said}"))
    return found


def _tokui_waza(cards: _Sorted) -> list[Violation]:
    """p. 46 "Tokui-Waza": what a deck must be to declare one (docs/rulings.md 328)."""
    if cards.deck.tokui_waza is None:
        return []
    life = [card for card, _ in cards.life]
    return [Violation("deck.tokui-waza", cards.page("p. 46 Tokui-Waza"), reason)
            for reason in tokui_waza.why_not(cards.deck.tokui_waza, life, cards.mp_name)]


# --- duplicates -------------------------------------------------------------------------
def _copies(cards: _Sorted) -> list[Violation]:
    """p. 47 "Duplicate Card Limits": 3 of a card, 4 of a Named card matching the MP
    (p. 56: only the MP's exact name), a printed limit overrides both. Copies are counted by
    title over the Life Deck and the Sensei Deck (docs/rulings.md 324)."""
    source = cards.page("p. 47 Duplicate Card Limits", OCG_BUILDING)
    totals: dict[str, tuple[Card, int]] = {}
    for card, count in (*cards.life, *cards.sensei):
        key = fold(card.title)
        first, total = totals.get(key, (card, 0))
        totals[key] = (first, total + count)
    mp = cards.mp_name
    found = []
    for card, count in totals.values():
        if card.limit_per_deck is not None:
            most, why = card.limit_per_deck, " (printed on the card)"
        elif card.type not in LIMITED_TYPES:
            continue  # Allies, Dragon Balls, Mastery and Sensei have rules of their own
        elif card.named and mp and fold(card.named) == fold(mp):
            most, why = cards.ruleset.named_copies, f" (a Named card of {mp})"
        else:
            most, why = cards.ruleset.max_copies, ""
        if count > most:
            found.append(Violation("deck.copies", source,
                                   f"{count} copies of {card.title!r}; at most {most}{why}"))
    return found


# --- the Sensei Deck --------------------------------------------------------------------
def _sensei_deck(cards: _Sorted) -> list[Violation]:
    """p. 45: a Sensei Deck needs a Sensei, holds at most the Sensei's Deck Size, and only
    Fusion Personality and "Sensei Deck" / "Sensei Deck only" cards (OCG p. 33: "Any cards
    can go into the sensei deck"); p. 47: with a Tokui-Waza, only Freestyle or matching
    cards, in both rulesets (docs/rulings.md 327)."""
    if not cards.sensei:
        return []
    source = cards.page("p. 45 Sensei Cards; p. 47 Sensei Deck", "p. 33 New Rules")
    size = sum(n for _, n in cards.sensei)
    senseis = cards.of_type(CardType.SENSEI)
    found = []
    if not senseis:
        found.append(Violation("deck.sensei-deck", source,
                               f"a Sensei Deck of {size} cards but no Sensei card; a Sensei "
                               "Deck needs a Sensei"))
    else:
        room = max(card.sensei_deck_size or 0 for card, _ in senseis)
        if size > room:
            found.append(Violation("deck.sensei-deck", source,
                                   f"the Sensei Deck has {size} cards; the Sensei's Deck Size "
                                   f"allows {room}"))
    if not cards.ruleset.sensei_any_card:
        found += [Violation("deck.sensei-deck", source,
                            f"{card.title!r} cannot start in the Sensei Deck: only Fusion "
                            "Personality cards and \"Sensei Deck\" / \"Sensei Deck only\" cards")
                  for card, _ in cards.sensei if not (card.fusion or card.sensei_mark)]
    declared = cards.deck.tokui_waza
    if declared is not None:
        found += [Violation("deck.sensei-deck-style", cards.page("p. 47 Sensei Deck"),
                            f"{card.title!r} is {card.style.value.title()}; with a "
                            f"{declared.value.title()} Tokui-Waza the Sensei Deck holds only "
                            f"Freestyle or {declared.value.title()} cards")
                  for card, _ in cards.sensei if card.styled and card.style != declared]
    return found


def _life_deck_marks(cards: _Sorted) -> list[Violation]:
    """p. 45: "Sensei Deck only" cards enter the Life Deck only by the Sensei Deck, and
    Fusion Personality cards never."""
    source = cards.page("p. 45 Sensei Cards")
    return [Violation("deck.sensei-only", source,
                      f"{card.title!r} cannot be in the Life Deck: "
                      + ("a Fusion Personality card stays in the Sensei Deck" if card.fusion
                         else "it is \"Sensei Deck only\"; put it in the Sensei Deck"))
            for card, _ in cards.life
            if card.fusion or card.sensei_mark == "sensei_deck_only"]


_RULES: tuple[_Rule, ...] = (
    _size,
    _mp_cards,
    _mp_personality,
    _mp_levels,
    _mp_declaration,
    _ally_levels,
    _ally_copies,
    _ally_not_mp,
    _ally_alignment,
    _ally_majin,
    _ally_high_tech,
    _cell_jr,
    _dragon_balls,
    _one_of(CardType.MASTERY, "Mastery", "p. 47 Mastery Cards"),
    _one_of(CardType.SENSEI, "Sensei", "p. 47 Sensei Cards"),
    _mastery_tokui_waza,
    _tokui_waza,
    _copies,
    _sensei_deck,
    _life_deck_marks,
)
