"""Deck legality: every way a deck breaks the "MAKING A DECK" rules, not just the first.

Each rule is a small function taking the deck's cards sorted by type and returning its
violations; `check_deck` runs them all. Rules that compare cards with the Main Personality
or the Mastery stay quiet when those are missing or inconsistent in a way another rule
already reports, so one mistake does not bury the list under follow-on complaints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.panini import deck_limits
from engine.panini.banlist import Banlist, load_banlist
from engine.panini.cards import Alignment, Card, CardPool, CardType, DeckNote, Style, fold_name
from engine.panini.decklist import Deck, ParsedDeck, quote
from engine.panini.rulesets import Ruleset

MP_LEVELS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Violation:
    rule: str  # a short id such as "deck.mp-set"
    source: str  # rulebook file and section
    message: str  # names the cards and counts

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message} ({self.source})"


@dataclass(frozen=True)
class _Sorted:
    """The deck's cards by role, each with its number of copies."""

    mp: list[tuple[Card, int]]
    masteries: list[tuple[Card, int]]
    life: list[tuple[Card, int]]
    unknown: list[str]

    @property
    def mp_personalities(self) -> set[str]:
        return {fold_name(card.personality or "") for card, _ in self.mp}

    @property
    def mp_alignments(self) -> set[Alignment]:
        return {card.alignment for card, _ in self.mp if card.alignment is not None}

    @property
    def notes(self) -> list[DeckNote]:
        """The MP levels' notes on building the deck (Card.deck_note)."""
        return [card.deck_note for card, _ in self.mp if card.deck_note is not None]

    @property
    def mp_label(self) -> str:
        return " / ".join(sorted({card.personality or card.name for card, _ in self.mp}))

    def life_size(self) -> int:
        return sum(count for _, count in self.life)


_Rule = Callable[[_Sorted, Ruleset], list[Violation]]


def check_deck(
    deck: ParsedDeck | Deck, pool: CardPool, ruleset: Ruleset, banlist: Banlist | None = None
) -> list[Violation]:
    """Every violation of the deck-building rules of `ruleset` and of its banned and
    restricted list (data/banlists/; `banlist` overrides it); empty means legal."""
    cards = _sort(deck.counts(), pool)
    violations = [
        Violation("deck.unknown-card", _making(ruleset), f"{quote(name)} is not a known card")
        for name in cards.unknown
    ]
    for rule in _RULES:
        violations.extend(rule(cards, ruleset))
    violations.extend(_banned(cards, ruleset, banlist or load_banlist(ruleset.name)))
    return violations


def _banned(cards: _Sorted, ruleset: Ruleset, banlist: Banlist) -> list[Violation]:
    source = f"data/banlists/{ruleset.name}.yaml" + (f" ({banlist.source})"
                                                     if banlist.source else "")
    counts = {card.name.casefold(): (card, count)
              for card, count in (*cards.mp, *cards.masteries, *cards.life)}
    found = []
    for entry in banlist.banned:
        if entry.name.casefold() in counts:
            why = f": {entry.reason}" if entry.reason else ""
            found.append(Violation("deck.banned", source,
                                   f"{quote(counts[entry.name.casefold()][0].name)} is banned"
                                   f"{why}"))
    for limit in banlist.restricted:
        card, count = counts.get(limit.name.casefold(), (None, 0))
        if card is not None and count > limit.max:
            why = f": {limit.reason}" if limit.reason else ""
            found.append(Violation(
                "deck.restricted", source,
                f"{count} copies of {quote(card.name)}; it is restricted to {limit.max}{why}"))
    return found


def _sort(counts: dict[str, int], pool: CardPool) -> _Sorted:
    mp: list[tuple[Card, int]] = []
    masteries: list[tuple[Card, int]] = []
    life: list[tuple[Card, int]] = []
    unknown: list[str] = []
    for name, count in counts.items():
        card = pool.find(name)
        if card is None:
            unknown.append(name)
        elif card.type == CardType.MAIN_PERSONALITY:
            mp.append((card, count))
        elif card.type == CardType.MASTERY:
            masteries.append((card, count))
        else:
            life.append((card, count))
    mp.sort(key=lambda pair: pair[0].level or 0)
    return _Sorted(mp=mp, masteries=masteries, life=life, unknown=unknown)


def _making(ruleset: Ruleset) -> str:
    return f"{_rulebook(ruleset)}, MAKING A DECK"


def _rulebook(ruleset: Ruleset) -> str:
    return ruleset.sources.get("rulebook", ruleset.title)


def _listed(pairs: Iterable[tuple[Card, int]]) -> str:
    return ", ".join(f"{count}x {quote(card.name)}" for card, count in pairs)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- Main Personality and Mastery -------------------------------------------------------------
def _mp_set(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """A Main Personality set: Levels 1-4, one card of each."""
    if not cards.mp:
        message = "no Main Personality cards: the deck needs one card of each Level 1-4"
        return [Violation("deck.mp-set", _making(ruleset), message)]
    violations = []
    for level in MP_LEVELS:
        at_level = [(card, count) for card, count in cards.mp if card.level == level]
        copies = sum(count for _, count in at_level)
        if copies == 0:
            message = f"the Main Personality set has no Level {level} card"
        elif copies > 1:
            message = f"{copies} Main Personality cards at Level {level} ({_listed(at_level)})"
            message += "; the set has exactly one card per level"
        else:
            continue
        violations.append(Violation("deck.mp-set", _making(ruleset), message))
    return violations


def _mp_name(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """2016: "each card of the same MP name"; 2014: "all of the same character"."""
    if len(cards.mp_personalities) <= 1:
        return []
    levels = ", ".join(f"{quote(card.name)} is {card.personality}" for card, _ in cards.mp)
    message = f"the Main Personality cards are not all the same personality: {levels}"
    return [Violation("deck.mp-name", _making(ruleset), message)]


def _mp_alignment(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """2016 only: "each card of the same MP name and Alignment"."""
    if not ruleset.mp_same_alignment or len(cards.mp_alignments) <= 1:
        return []
    levels = ", ".join(f"{quote(card.name)} is a {_title(card.alignment)}" for card, _ in cards.mp)
    message = f"the Main Personality cards are not all the same Alignment: {levels}"
    return [Violation("deck.mp-alignment", _making(ruleset), message)]


def _mastery(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    copies = sum(count for _, count in cards.masteries)
    if copies == 1:
        return []
    if copies == 0:
        message = "no Mastery: the deck needs exactly one"
    else:
        message = f"{copies} Mastery cards ({_listed(cards.masteries)}); the deck has exactly one"
    return [Violation("deck.mastery", _making(ruleset), message)]


# --- the Life Deck ---------------------------------------------------------------------------
def _life_size(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    size = cards.life_size()
    if size == ruleset.life_deck_size:
        return []
    message = (
        f"the Life Deck has {_plural(size, 'card')}; it must have exactly "
        f"{ruleset.life_deck_size} besides the Main Personality and Mastery"
    )
    return [Violation("deck.life-size", _making(ruleset), message)]


def _by_title(entries: list[tuple[Card, int]]) -> list[tuple[Card, int]]:
    """Copies counted by the printed name: printings of one card in several sets (names
    qualified by their set in the pool) are copies of the same card."""
    totals: dict[str, tuple[Card, int]] = {}
    for card, count in entries:
        key = fold_name(card.title)
        first, total = totals.get(key, (card, 0))
        totals[key] = (first, total + count)
    return list(totals.values())


def _copies(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """Up to three copies, "unless noted otherwise on the card itself" (2014)."""
    violations = []
    for card, count in _by_title(cards.life):
        if card.type in (CardType.DRAGON_BALL, CardType.ALLY):
            continue  # one copy each: _one_copy
        limit = card.limit_per_deck if card.limit_per_deck is not None else ruleset.max_copies
        if count > limit:
            noted = " (as noted on the card)" if card.limit_per_deck is not None else ""
            message = f"{count} copies of {quote(card.title)}; at most {limit} allowed{noted}"
            violations.append(Violation("deck.copies", _making(ruleset), message))
    return violations


def _noted_copies(cards: _Sorted, card: Card) -> int:
    """The copies of an Ally an MP level's note allows ("unless noted otherwise on the card
    itself"), 0 without one."""
    if card.type != CardType.ALLY:
        return 0
    return max(
        (
            note.ally_copies or 0
            for note in cards.notes
            if note.ally_title_has and fold_name(note.ally_title_has) in fold_name(card.title)
        ),
        default=0,
    )


def _one_copy(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """ "only one copy of any given Dragon Ball or Ally"."""
    violations = []
    for card, count in _by_title(cards.life):
        if _noted_copies(cards, card) >= count:
            continue  # "(Your Life Deck may include up to 3 copies of each Ally with ...)"
        if card.type in (CardType.DRAGON_BALL, CardType.ALLY) and count > 1:
            kind = "Dragon Ball" if card.type == CardType.DRAGON_BALL else "Ally"
            message = (
                f"{count} copies of {kind} {quote(card.title)}; only one of each {kind} allowed"
            )
            violations.append(Violation("deck.one-copy", _making(ruleset), message))
    return violations


def _dragon_ball_set(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """2016 only: "You may only include Dragon Balls from one set"."""
    if not ruleset.dragon_balls_one_set:
        return []
    by_set: dict[str, list[str]] = {}
    for card, _ in cards.life:
        if card.dragon_ball is not None:
            by_set.setdefault(card.dragon_ball.set, []).append(quote(card.name))
    if len(by_set) <= 1:
        return []
    sets = "; ".join(f"{name} ({', '.join(balls)})" for name, balls in by_set.items())
    message = f"Dragon Balls from {len(by_set)} sets: {sets}; all must come from one set"
    return [Violation("deck.dragon-ball-set", _making(ruleset), message)]


def _ally_named_like_mp(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """2016 only: "You cannot include any Allies that match the name of your MP"."""
    if not ruleset.no_ally_named_like_mp:
        return []
    return [
        Violation(
            "deck.ally-named-like-mp",
            _making(ruleset),
            f"Ally {quote(card.name)} is {card.personality}, the name of the Main Personality",
        )
        for card, _ in cards.life
        if card.type == CardType.ALLY
        and fold_name(card.personality or "") in cards.mp_personalities
    ]


# --- matching the Main Personality and the Mastery ------------------------------------------
def _styled(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """ "All of your Styled cards must match the Style of your Mastery"."""
    styles = {card.style for card, _ in cards.masteries}
    if not styles:
        return []  # no Mastery is reported by _mastery
    mastery = " / ".join(
        f"{quote(card.name)} ({_title(card.style)})" for card, _ in cards.masteries
    )
    return [
        Violation(
            "deck.style",
            _making(ruleset),
            f"{quote(card.name)} is {_title(card.style)}; the Mastery is {mastery}",
        )
        for card, _ in cards.life
        if card.style != Style.FREESTYLE and card.style not in styles
    ]


def _named(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """ "Any Named cards you include must match the name of your MP"."""
    if not cards.mp:
        return []
    return [
        Violation(
            "deck.named",
            _making(ruleset),
            f"{quote(card.name)} is Named for {card.personality}; "
            f"the Main Personality is {cards.mp_label}",
        )
        for card, _ in (*cards.masteries, *cards.life)
        if card.is_named and fold_name(card.personality or "") not in cards.mp_personalities
    ]


def _alignment(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """ "Any cards tied to an Alignment must match the Alignment of your MP (this includes
    Allies)". With 2014's mixed-Alignment sets, any of the set's Alignments matches."""
    if not cards.mp_alignments:
        return []
    mp_side = " / ".join(sorted(_title(a) for a in cards.mp_alignments))
    return [
        Violation(
            "deck.alignment",
            _making(ruleset),
            f"{quote(card.name)} is tied to the {_title(card.alignment)} Alignment; "
            f"the Main Personality is a {mp_side}",
        )
        for card, _ in (*cards.masteries, *cards.life)
        if card.alignment is not None
        and card.alignment not in cards.mp_alignments
        and not _noted_alignment(cards, card)
    ]


def _noted_alignment(cards: _Sorted, card: Card) -> bool:
    """ "(Your Life Deck may include non-Personality cards that are 'Heroes only')" on an MP
    level: such Life Deck cards are allowed (an Ally, a personality, still is not)."""
    return card.type != CardType.ALLY and card.type != CardType.MASTERY and any(
        note.alignment == card.alignment for note in cards.notes
    )


def _restricted_style(style: Style, trait: str) -> _Rule:
    """Saiyan and Namekian cards need an MP of that kind: 2016 gives closed lists of
    personalities; 2014 gives examples, so there the MP's trait also qualifies."""
    label = _title(style)

    def rule(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
        users = [(c, n) for c, n in (*cards.masteries, *cards.life) if c.style == style]
        if not users or not cards.mp or _style_allowed(cards, ruleset, style, trait):
            return []
        message = (
            f"{label} style is only for a {label} Personality and the Main Personality "
            f"{cards.mp_label} is not one; {label} cards: {_listed(users)}"
        )
        source = f"{_rulebook(ruleset)}, CARD TYPES ({label})"
        return [Violation(f"deck.{style.value}-style", source, message)]

    return rule


def _style_allowed(cards: _Sorted, ruleset: Ruleset, style: Style, trait: str) -> bool:
    names = (
        ruleset.saiyan_personalities if style == Style.SAIYAN else ruleset.namekian_personalities
    )
    allowed = {fold_name(name) for name in names}
    return any(
        fold_name(card.personality or "") in allowed
        or (ruleset.style_by_trait and trait in card.traits)
        for card, _ in cards.mp
    )


def _title(value: Style | Alignment | None) -> str:
    return value.value.title() if value is not None else "no"


def _noted_attacks(cards: _Sorted, ruleset: Ruleset) -> list[Violation]:
    """An MP level's "(Your Life Deck cannot include cards that perform energy attacks.)"
    (docs/rulings.md 229; engine.panini.deck_limits)."""
    found = deck_limits.noted_attacks([card for card, _ in cards.life], cards.notes)
    return [Violation("deck.noted-attacks", _making(ruleset), message) for message in found]


_RULES: tuple[_Rule, ...] = (
    _mp_set,
    _mp_name,
    _mp_alignment,
    _mastery,
    _life_size,
    _copies,
    _one_copy,
    _dragon_ball_set,
    _ally_named_like_mp,
    _styled,
    _named,
    _alignment,
    _restricted_style(Style.SAIYAN, "saiyan"),
    _restricted_style(Style.NAMEKIAN, "namekian"),
    _noted_attacks,
)
