"""compile_text: card text -> Card fields, conservatively, sentence by sentence."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.panini.cards import ATTACHING_COMBAT_TYPES, Card, CardType
from engine.panini.cardtext import (
    after_use,
    allies,
    any_stage,
    armed,
    attached,
    attack_performed,
    attack_self,
    conditions,
    copies,
    counting,
    granted,
    implied_attack,
    itself,
    leaving,
    limits,
    next_attack,
    performed,
    quantities,
    referents,
    replaced,
    reshaped,
    revealed_hand,
    same_number,
    self_moves,
    shared_duration,
    stays,
    triggers,
    you_moved,
)
from engine.panini.cardtext import patterns as p
from engine.panini.cardtext.conditions import unpunctuated
from engine.panini.cardtext.constants import parse as conditional_constant
from engine.panini.cardtext.constants import resolve_instead
from engine.panini.cardtext.costs import elided_option
from engine.panini.cardtext.damage import damage_uses_x, parse_redirect_flags
from engine.panini.cardtext.normalise import normalise, respellings
from engine.panini.cardtext.not_done import parse as parse_not_done
from engine.panini.cardtext.not_done import resolve as resolve_not_done
from engine.panini.cardtext.sentences import split_sentences
from engine.panini.cardtext.spelling import Respelling
from engine.panini.cardtext.stops import parse as parse_stopped_by
from engine.panini.cardtext.stops import resolve_others as resolve_other_stops
from engine.panini.cardtext.triggers import misplaced as misplaced_trigger

Status = Literal["automated", "partial", "manual"]
Json = dict[str, Any]

# Section headers: they change where the following sentences go.
_SECTIONS = {
    "POWER": "ability",
    "SHIELD POWER": "ability",
    "CONSTANT": "constant",
    "WHEN ENTERING COMBAT": "entering",
    "WISH": "wish",
}
# Trait keywords that gate one sentence ("SAIYAN: Raise your anger 1 level.").
TRAITS = frozenset({"SAIYAN", "NAMEKIAN", "EARTHLING", "ANDROID", "HALF-SAIYAN"})
_LABEL = re.compile(r"([A-Z][A-Z' -]*[A-Z]):\s*(.*)", re.DOTALL)

# A Setup's Power may be an attack, performed as it is activated (engine.panini.combat.
# action_options; 2016 "Use a Power": "activate it and then discard it after use").
ATTACK_TYPES = frozenset(
    {
        CardType.PHYSICAL_COMBAT,
        CardType.ENERGY_COMBAT,
        CardType.EVENT,
        CardType.MAIN_PERSONALITY,
        CardType.ALLY,
        CardType.SETUP,
        # a Drill's labelled Power may be an attack, used from play as the MP's (2016 "Use
        # a Power"; docs/rulings.md 80): "POWER: Physical attack. DAMAGE: 0 stages."
        CardType.DRILL,
    }
)
DEFENSE_TYPES = ATTACK_TYPES | {CardType.SETUP, CardType.MASTERY, CardType.DRILL}
# A Drill's "POWER:" is used from play once per turn, as the Mastery's (engine.panini.combat.
# power_sources; docs/rulings.md 80).
ACTION_TYPES = frozenset(
    {
        CardType.EVENT,
        CardType.SETUP,
        CardType.MAIN_PERSONALITY,
        CardType.ALLY,
        CardType.MASTERY,
        CardType.DRILL,
    }
)
# Cards whose "when entering combat" effects the engine runs (engine.panini.turn: the Mastery, the
# MP's level, Drills, Allies); a Power "Use when entering combat." is not an Ally's, whose
# Powers wait for the MP to be at most one stage above zero (2016 GLOSSARY "Ally").
ENTERING_TYPES = frozenset(
    {CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.DRILL, CardType.ALLY}
)
# Setups in play and Events in hand offer theirs as combat begins (engine.panini.turn.
# entering_powers).
ENTERING_POWER_TYPES = ENTERING_TYPES - {CardType.ALLY} | {CardType.SETUP, CardType.EVENT}
# Cards whose constant effects and triggers the engine keeps active (engine.panini.game.
# cards_with_constants), attached cards aside.
CONSTANT_TYPES = ENTERING_TYPES | {CardType.DRAGON_BALL}
_ENTERING_POWER = re.compile(r"use when entering combat", re.IGNORECASE)
_CONSTANT_ENTERING = re.compile(r"when entering combat, (.+)", re.IGNORECASE | re.DOTALL)
# Cards whose "[INSTANT] POWER: Use when <event>." the engine offers when the event happens
# (engine.panini.triggers): in play, a Setup in play (activated, discarded after use) or an Event
# in hand (played, discarded after use); an Ally's waits for the MP to be near zero (2016
# GLOSSARY "Ally"): left to players.
TIMED_TYPES = frozenset(
    {CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.DRILL, CardType.SETUP, CardType.EVENT}
)
# Unknown sentences that say when or whether their ability may be used: the whole ability
# is then manual ("Use at the start of your Planning Step.", "Use only ...", "(You may only
# use this card's power once per game.)").
_TIMING = re.compile(
    r"(?:use (?:when|whenever|at|after|before|during|while|until|if|in|on|as|once|only|this)"
    r"|only|play only)\b.*"
    r"|.*\b(?:may|can) only (?:be )?(?:use|used|play|played)\b.*"
    r"|.*\bonly be used\b.*"
    r"|.*\bto (?:play|use|perform) this (?:card|power|attack)\b.*",  # a cost to pay first
    re.IGNORECASE | re.DOTALL,
)
# Unknown sentences that are the core of their ability (an attack, a stop, a prevention, what
# the attack's damage is or does): without them the rest must not run as a plain Action.
_CORE = re.compile(
    r"(?:physical attack|energy attack|stops?|prevents?|this attack|damage)\b.*",
    re.IGNORECASE | re.DOTALL,
)
# Unknown sentences of an ability that stop or prevent an attack ("... to prevent all damage
# from an attack."): the ability is used against attacks, never as a plain Action.
_DEFENSIVE = re.compile(
    r".*\b(?:stop|stops|prevent|prevents)\b.*\b(?:attack|attacks|damage)\b.*",
    re.IGNORECASE | re.DOTALL,
)
# Unknown sentences about winning or losing: the engine ends the game at once (2016
# GAMEPLAY, the three victories), before players could apply them.
_GAME_END = re.compile(
    r".*\b(?:mppv|most powerful personality|victory|win|wins|lose the game)\b.*",
    re.IGNORECASE | re.DOTALL,
)
# Unknown sentences that change an attack: its damage, whether it can be stopped or
# prevented, Endurance against it. What players resolve by hand comes once the attack has
# run its course (engine.panini.combat.begin_attack): too late for these, so the ability is manual.
_CHANGES_ATTACK = re.compile(
    r".*\b(?:(?:this|that|the) attack|its damage|endurance|unstoppable|stays in play"
    r"|(?:cannot|can't|can only|may only) (?:be )?(?:stop|stopped|prevent|prevented|modify"
    r"|modified))\b.*",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class CompileResult:
    fields: Json  # Card fields in the YAML schema, `automation` and `manual_text` included
    status: Status
    compiled: list[str]  # the sentences carried out by `fields`
    manual: list[str]  # the sentences kept verbatim for a human to apply
    # the sentences the compiler could not read at all (a subset of `manual`: the others
    # are read but left to people with the ability an unread sentence gates)
    unread: list[str] = field(default_factory=list)
    # misspelt words read as the game word they misspell (engine.panini.cardtext.spelling)
    respelled: list[Respelling] = field(default_factory=list)


@dataclass
class _Clause:
    index: int
    sentence: str
    section: str
    # keyword attack damage defense effect requires modifier trigger timing
    kind: str = "unknown"
    data: Json = field(default_factory=dict)
    hit: bool = False
    gating: bool = False  # an unknown "Use ..." sentence: its whole ability is manual
    labelled: bool = False  # its section was opened by a label ("POWER:", "CONSTANT:" ...)
    opens_power: bool = False  # the sentence itself is printed after "POWER:"
    power: bool = False  # under a POWER label
    kept: bool = False  # the card stays in play (its triggers can be active)
    attached: bool = False  # "While attached, ...": only on a card that attaches
    leaves: bool = False  # "Banish this card when ...": the card in play leaves
    attaching: bool = False  # the card prints "Attach to ____." (it may be attached)
    # the effects after `data` that the same sentence runs ("... and draw a card.")
    extra: list[Json] = field(default_factory=list)

    @property
    def effects(self) -> list[Json]:
        return [self.data, *self.extra] if self.kind in ("effect", "stopped") else []


def compile_text(text: str, card_type: CardType) -> CompileResult:
    sentences = split_sentences(text.replace("\u2019", "'"))
    # A Dragon Ball's text outside a label is what it does as it is played (2016 GLOSSARY
    # "Dragon Balls": "you must immediately use its effects"), as the sandbox's "WISH:".
    opening = "wish" if card_type == CardType.DRAGON_BALL else "ability"
    pieces = [piece for sentence in sentences for piece in _pieces(sentence)]
    clauses = _parse(pieces, opening, card_type)
    resolve_other_stops(clauses)
    resolve_instead(clauses)
    # "If <condition>, <effect> instead." after an effect
    replaced.resolve_effect_instead(clauses, p.parse_condition, _effect_chain, normalise)
    resolve_not_done(clauses)
    _check_x(clauses)
    _check_performed_x(clauses)
    you_moved.check(clauses)  # "If you discarded a Styled card": the sentence before
    allies.check_no_mppv(clauses)  # "You cannot win by MPPV this turn": nothing won before
    counting.check_for_each(clauses)
    same_number.check(clauses)  # "the same number of cards": after a move
    _fold_that_attack(clauses)  # "That attack deals +X ...": after a trigger on it
    copies.fold(clauses)  # "That attack deals +2 ...": after a copy performed now
    _more_after_timing(clauses)  # "Use when ... destroys .... Increase that amount by 1."
    for section in {c.section for c in clauses}:
        armed.leave_unlabelled([c for c in clauses if c.section == section])
    after_use.check_keywords(clauses, card_type.value)
    itself.check_keywords(clauses, card_type.value)
    limits.check(clauses, card_type.value, itself._refuse)  # one Power the note is about
    unread = [c.sentence for c in clauses if c.kind == "unknown"]
    _attach_or_after_use(clauses)  # read, but left to players
    fields: Json = {}
    failed = False
    for section in ("ability", "entering", "wish", "constant", "timed"):
        # a keyword, or what the card does when it itself moves, is no part of an ability
        items = [
            c for c in clauses if c.section == section and c.kind not in ("keyword", "when_moved")
        ]
        if items and not _assemble(section, items, card_type, fields):
            failed = True
            for clause in items:
                clause.kind = "unknown"
    for clause in clauses:
        if clause.kind == "keyword":
            fields.update(clause.data)
    compiled = [c.sentence for c in clauses if c.kind != "unknown"]
    manual = [c.sentence for c in clauses if c.kind == "unknown"]
    substantive = [c for c in clauses if c.kind not in ("unknown", "keyword")]
    status: Status
    if not manual and substantive:
        status = "automated"
    elif failed or not substantive:  # keywords alone, or no text: nothing known to play
        status = "manual"
        # a manual card runs nothing but its printed keywords
        keywords = [c for c in clauses if c.kind == "keyword"]
        fields = {k: v for c in keywords for k, v in c.data.items()}
        compiled = [c.sentence for c in keywords]
        manual = [c.sentence for c in clauses if c.kind != "keyword"]
    else:
        status = "partial"
    moved = [c.data for c in clauses if c.kind == "when_moved"]
    if moved and status != "manual":  # a manual card's text is all played by hand
        fields["when_moved"] = moved
    granted.hoist(fields)  # abilities given to attacks, kept once on the card
    fields["automation"] = status
    if manual:
        fields["manual_text"] = list(manual)
    respelled = [found for piece in pieces for found in respellings(piece)]
    return CompileResult(fields, status, compiled, manual, unread, respelled)


def _attach_or_after_use(clauses: list[_Clause]) -> None:
    """A card that attaches and also says where it goes after use ("(Banish after use.)",
    "play this card to stop ... instead of as an attack"): which one wins is for players."""
    keys = {"after_use", "banish_after_use", "defense"}
    if any(c.kind == "keyword" and keys & set(c.data) for c in clauses):
        for clause in clauses:
            if clause.kind == "attach":
                clause.kind = "unknown"


def _check_x(clauses: list[_Clause]) -> None:
    """Sentences using X need exactly one "X = ..." the compiler read: otherwise they are
    left to players (an unread definition is unread already; two are both left)."""
    definitions = [c for c in clauses if c.kind == "keyword" and "x" in c.data]
    if len(definitions) > 1:
        for clause in definitions:
            clause.kind = "unknown"
    if len(definitions) == 1 and not counting.results_unfounded(
        definitions[0].data, [(c.kind, c.effects) for c in clauses if c.kind != "keyword"],
        [_uses_x(c) for c in clauses if c.kind != "keyword"],
    ):
        return
    if definitions and definitions[0].kind == "keyword":  # "this way", with no way before it
        definitions[0].kind = "unknown"
    for clause in clauses:
        if _uses_x(clause):
            # an attack's damage is its core: without it nothing of the ability runs
            clause.gating = clause.kind == "damage"
            clause.kind = "unknown"


def _check_performed_x(clauses: list[_Clause]) -> None:
    """ "X = ... when you perform that attack" is read for "+X" damage constants on attacks
    alone (engine.panini.x_constants): with any other sentence using X, all stay for players."""
    definitions = [c for c in clauses if c.kind == "keyword" and "x" in c.data]
    if not any(c.data["x"].get("when_performed") for c in definitions):
        return
    users = [c for c in clauses if _uses_x(c)]
    if users and all(
        c.kind == "modifier" and all(m.get("mod") == "damage" for m in _each(c.data))
        for c in users
    ):
        return
    for clause in [*definitions, *users]:
        clause.kind = "unknown"


def _uses_x(clause: _Clause) -> bool:
    if clause.kind == "damage":
        return damage_uses_x(clause.data)
    if clause.kind == "modifier":  # "+X" constants (engine.panini.cardtext.attack_constants)
        return any(m.get("x") for m in clause.data.get("each", [clause.data]))
    in_data = clause.kind in ("trigger", "when_moved")
    effects = clause.data["effects"] if in_data else clause.effects
    return any(effect.get("x") for effect in effects)


# --- reading sentences ------------------------------------------------------------------------
_TRAILING_GROUP = re.compile(r"(.*?\S)\s*(\([^()]*\)\.?)", re.DOTALL)


def _pieces(sentence: str) -> list[str]:
    """The sentence, or the parts to read apart: printed keywords are applied wherever they
    stand. "(Villains only. If ...)" -> its inner sentences, when a keyword is among them;
    "DAMAGE: 5 life cards (Banish after use.)" -> the sentence and its keyword group."""
    inner = _inside_parentheses(sentence)
    if inner is not None:
        if _keyword(inner):
            return [sentence]
        parts = split_sentences(inner)
        if len(parts) > 1 and any(_keyword(part) for part in parts):
            return parts
        if len(parts) > 1 and limits.GATE.match(parts[0]):  # "(Use only if ... . ...)"
            return parts
        if len(parts) == 2 and quantities.DEFINITION.fullmatch(parts[1].rstrip(".")):
            return parts  # "(If ..., destroy the top X cards ... . X = ...)": X is the card's
        return [sentence]
    # "DAMAGE: 5 stages HIT: Draw ...", "Physical attack, You may ..."
    damage_hit = attack_self.damage_then_hit(sentence) or attack_self.header_then_sentence(sentence)
    if damage_hit is not None:
        return [damage_hit[0], *_pieces(damage_hit[1])]
    trailing = _TRAILING_GROUP.fullmatch(sentence)
    if trailing:
        group = _inside_parentheses(trailing.group(2))
        parts = split_sentences(group or "")
        if parts and all(_keyword(part) for part in parts):
            return [trailing.group(1), trailing.group(2)]
    return next_attack.comma_splice(sentence, p.parse_defense) or [sentence]


def _inside_parentheses(sentence: str) -> str | None:
    """The text inside a sentence that is one parenthesised group, else None."""
    body = sentence.strip().rstrip(".").strip()
    if not (body.startswith("(") and body.endswith(")")):
        return None
    depth = 0
    for index, char in enumerate(body):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and index < len(body) - 1:
            return None  # "(a) and (b)": two groups
    return body[1:-1]


def _keyword(sentence: str) -> bool:
    return p.parse_keyword(normalise(sentence).strip("().").strip()) is not None


def _parse(sentences: list[str], section: str, card_type: CardType) -> list[_Clause]:
    clauses: list[_Clause] = []
    hit, opens, labelled, power = False, "", False, False
    # cards in play, or an Event that attaches: other cards' new-style triggers stay unread
    attaching = any(_attaches(s) for s in sentences)
    kept = card_type in CONSTANT_TYPES or (
        card_type in (CardType.EVENT, CardType.SETUP, *ATTACHING_COMBAT_TYPES) and attaching
    )
    for index, sentence in enumerate(sentences):
        body = normalise(sentence)
        if body.startswith("(") and body.rstrip(".").endswith(")"):
            body = body.rstrip(".")[1:-1]
        body = body.rstrip(".").strip()
        label = _LABEL.fullmatch(body)
        if label and label.group(1) in _SECTIONS:
            section, hit, opens = _SECTIONS[label.group(1)], False, label.group(1)
            labelled = True
            power = section == "ability"
            body = label.group(2).strip()
        clause = _Clause(
            index, sentence, section, labelled=labelled, power=power, kept=kept,
            attaching=attaching,
        )  # fmt: skip
        clause.opens_power = bool(label) and opens == "POWER"
        clauses.append(clause)
        if opens == "POWER" and _ENTERING_POWER.fullmatch(body):
            # "POWER: Use when entering combat." opens an entering-combat Power
            clause.section = section = "entering"
            clause.kind = "timing"
            opens = ""
            continue
        timed = (
            triggers.parse_use_timing(body) or leaving.parse_use_timing_if(body)
            if opens == "POWER"
            else None
        )
        if timed is not None and card_type in TIMED_TYPES:
            # "[INSTANT] POWER: Use at the end of combat." opens a Power offered then
            clause.section = section = "timed"
            clause.kind, clause.data = "timing", timed
            opens = ""
            continue
        opens = ""
        entering = _CONSTANT_ENTERING.fullmatch(body) if section == "constant" else None
        if entering is not None:
            # "CONSTANT: When entering combat, <effects>": as "WHEN ENTERING COMBAT:" (2016
            # THE COMBAT STEP; docs/rulings.md 188), this sentence alone
            clause.section, body = "entering", entering.group(1)
        trait: str | None = None
        damage = hit_here = False
        while (label := _LABEL.fullmatch(body)) is not None:
            name = label.group(1)
            if name == "HIT" and not hit and not trait and not damage:
                hit = hit_here = True
            elif name in TRAITS and trait is None:
                trait = name.lower()
            elif name == "DAMAGE" and not damage and not hit and not trait:
                damage = True
            else:
                break  # an unknown or misplaced label: the sentence stays manual
            body = label.group(2).strip()
        else:
            free = any_stage.parse(body) if card_type == CardType.ALLY and not hit else None
            if free is not None and not trait and not damage:  # engine.panini.cardtext.any_stage
                clause.kind, clause.data = "modifier", free
            else:
                _classify(clause, body, clause.section, damage=damage)
            if hit_here:  # "HIT: Shuffle this card into your Life Deck after use."
                after_use.on_hit(clause)
            # HIT: and trait keywords gate effects only; a printed keyword after the HIT:
            # line is the card's ("HIT: Draw a card. (Banish after use.)")
            if hit and clause.kind == "attach":  # "HIT: Attach to your opponent's MP."
                clause.data = {**clause.data, "on_hit": True}
            # after "HIT: Attach ...", the attached card's own text is no HIT effect
            own_text = clause.kind == "attach" or clause.attached or clause.leaves
            if (
                clause.kind != "effect"
                and (hit_here or trait or (hit and clause.kind != "keyword"))
                and not (own_text and not trait)
            ):
                clause.kind = "unknown"
            clause.hit = hit and clause.kind == "effect"
            if (
                trait
                and clause.kind == "effect"
                and not _add_condition(clause.data, {"trait": trait})
            ):
                clause.kind = "unknown"
        if clause.kind == "unknown" and (
            damage
            or _TIMING.fullmatch(body)
            or _CORE.fullmatch(body)
            or _CHANGES_ATTACK.fullmatch(body)
            or _GAME_END.fullmatch(body)
            or (body.lower().startswith("whenever ") and ":" in body)  # its effects follow
        ):
            clause.gating = True
    return clauses


def _classify(clause: _Clause, body: str, section: str, *, damage: bool) -> None:
    def put(kind: str, data: Json | None) -> bool:
        if data is None:
            return False
        clause.kind, clause.data = kind, data
        return True

    if damage:
        put("damage", p.parse_damage(body))
        return
    if put("keyword", p.parse_keyword(body)):
        return
    moved = (
        self_moves.parse(body)
        or itself.parse_replacement(body)
        or leaving.parse_level_replacement(body)
    )
    if moved is None and (head_last := leaving.trailing_head(body)) is not None:
        moved = self_moves.parse(head_last)  # "If ..., draw a card when this card enters play"
    if put("when_moved", moved):
        return
    x = quantities.parse_definition(body) or attack_performed.parse_x(body)
    if x is not None:
        put("keyword", {"x": x})
        return
    inner = attached.while_attached(body) if clause.attaching else None
    if inner is not None:
        _while_attached(clause, *inner)
        return
    if section == "constant":
        if clause.attaching and attached.action_body(body) is not None:  # attached, a Power
            clause.attached = _attached_action(clause, body)
            return
        _modifier(clause, body) or _trigger(clause, body) or _amount_and_trigger(clause, body)
        return
    if p.UNSTOPPABLE.fullmatch(body):
        put("unstoppable", {})
        return
    if put("attack_flags", after_use.parse_attack_flags(body) or parse_redirect_flags(body)):
        return
    if put("attach", attached.parse_attach(body)):
        return
    stopped = _IF_STOPPED.fullmatch(body)
    if stopped:
        chain = _effect_chain(stopped.group(2))
        by = parse_stopped_by(stopped.group(1)) if stopped.group(1) else None
        if chain is not None and by is not None and "if" not in chain[0]:
            chain[0] = {**chain[0], "if": {"stopped_by": by}}  # engine.panini.cardtext.stops
        elif stopped.group(1):
            chain = None
        if chain is not None:
            clause.kind, clause.data, clause.extra = "stopped", chain[0], chain[1:]
        return
    # "You cannot play this card unless <condition>": the same gate (cardtext.conditions)
    requires = re.fullmatch(
        r"(?:use only if|you (?:cannot|can't|may not) (?:play|use) this card unless) (.+)",
        body,
        re.IGNORECASE,
    )
    if requires:
        put("requires", p.parse_condition(requires.group(1)))
        return
    (
        put("attack", p.parse_attack(body) or performed.parse(body))
        or put("defense", p.parse_defense(body))
        or _trigger(clause, body)
        or _effects(clause, body)
    )


def _attaches(sentence: str) -> bool:
    """Is the sentence "Attach to ____." (after a "POWER:" or "HIT:" label)?"""
    body = normalise(sentence).rstrip(".").strip()
    label = _LABEL.fullmatch(body)
    if label and label.group(1) in ("POWER", "HIT"):
        body = label.group(2).strip()
    return attached.parse_attach(body) is not None


def _while_attached(clause: _Clause, rest: str, conditional: bool) -> None:
    """ "While attached, <constant or trigger>": the card's, active while it is attached
    (2016 GLOSSARY "Attached Cards"); _assemble keeps it only on a card that attaches.
    "While attached and <condition>, <constant>" is read as "If <condition>, ..."."""
    if conditional:
        found = _modifier(clause, f"if {rest}", attached.parse_constant)
    elif attached.action_body(rest) is not None:
        found = _attached_action(clause, rest)
    elif attached.entering_body(rest) is not None:
        chain = _effect_chain(attached.entering_body(rest) or "")
        found = chain is not None
        if chain is not None:  # used as combat begins, as a Drill's (engine.panini.turn)
            clause.kind, clause.data = "attached_entering", {"effects": chain}
    else:
        power, clause.power, clause.kept = clause.power, False, True
        found = _modifier(clause, rest, attached.parse_constant) or _trigger(clause, rest)
        clause.power = power
    clause.attached = found


def _attached_action(clause: _Clause, body: str) -> bool:
    """ "(Once per turn) as an action, (you may) <effects>": a Power of the card while it is
    attached, used as an Action (docs/rulings.md 117). Choosing the Action is choosing to
    use it: "you may" asks nothing more ("you may <cost> to <effect>": the cost is paid)."""
    text = attached.action_body(body) or ""
    chain = _effect_chain(text)
    if chain is None:
        return False
    first = {k: v for k, v in chain[0].items() if k != "may"}
    clause.kind, clause.data = "attached_action", {"effects": [first, *chain[1:]]}
    return True


def _effects(clause: _Clause, body: str) -> bool:
    chain = _effect_chain(body)
    if chain is None:  # "HIT: After a player draws a card this turn, that player ..."
        chain = _per_player_armed(body)
    if chain is None or armed.misread(body, chain):
        return False
    clause.kind, clause.data, clause.extra = "effect", chain[0], chain[1:]
    return True


def _splits(body: str) -> list[tuple[str, str]]:
    """Every way to cut `body` at a comma into (head, tail)."""
    return [
        (body[: m.start()].strip(), body[m.end() :].strip()) for m in re.finditer(r",\s*", body)
    ]


# "If stopped, ..." on an attack is its "If this attack is stopped, ..."
_IF_STOPPED = re.compile(
    r"if (?:this attack is )?stopped(?: by ([^,]+))?,\s*(.+)", re.IGNORECASE | re.DOTALL
)
# "You may not perform ..." is a restriction, not an optional effect
_YOU_MAY = re.compile(r"you may (?!not\b)(.+)", re.IGNORECASE)
_IF_YOU_DO = re.compile(r"if you do,\s*(.+)", re.IGNORECASE)
_THEN = re.compile(r"^then,?\s+(?=\S)", re.IGNORECASE)  # "If <condition>, then <effects>"
# "You may lower your anger 2 levels to draw a card.": a cost, then what it pays for
_TO = re.compile(r"\s+to\s+", re.IGNORECASE)
_AND = re.compile(r",?\s+and(?:\s+then)?\s+", re.IGNORECASE)  # "A and then B": B after A
_OPPONENT_DOES = re.compile(r"your opponent [a-z]+s\b.*", re.IGNORECASE | re.DOTALL)
_VERB_S = re.compile(r"[a-z]+s\b(?<!\bhis)(?<!\bits)", re.IGNORECASE)


def effect_chain(body: str) -> list[Json] | None:
    """An effect sentence as the effects it runs (for abilities quoted in a sentence,
    engine.panini.cardtext.granted)."""
    return _effect_chain(body)


def _effect_chain(body: str) -> list[Json] | None:
    """An effect sentence as the effects it runs, in order: plain; "<A> and <B>" (B follows
    A: `if_you_do`, so a condition on the sentence is tested once); "You may <effect(s)>"
    (optional); "You may <cost> to <effect(s)>" (the cost is optional, the rest happens
    only if it was paid); "If you do, <effect(s)>" (after the sentence before it happened;
    _assemble checks there is one); "If <condition>, <effect(s)>"."""
    if (performed := attack_self.performed(body)) is not None:  # "When you perform this attack"
        return _effect_chain(performed)
    for pattern, flag in ((_YOU_MAY, "may"), (_IF_YOU_DO, "if_you_do")):
        found = pattern.fullmatch(body)
        if not found:
            continue
        chain = _plain_chain(found.group(1))
        if chain is None and flag == "may":
            return _cost_chain(found.group(1))
        if chain is None and _YOU_MAY.fullmatch(found.group(1)):
            # "If you do, you may <effect(s)>": asked only if the sentence before happened
            chain = _effect_chain(found.group(1))
            return None if chain is None else [{**chain[0], flag: True}, *chain[1:]]
        if chain is not None and flag == "may" and armed.waits(chain[0]):
            return None  # "You may <effect> at the end of combat": chosen now or then?
        if chain is None or chain[0].get("may") or chain[0].get("if_you_do"):
            return None
        return [{**chain[0], flag: True}, *chain[1:]]
    plain = _plain_chain(body)
    not_done = parse_not_done(body, _plain_chain) if plain is None else None
    if not_done is not None:  # "If you do not, ...", "Otherwise, ..."
        return not_done
    if plain is None and not body.lower().startswith("if "):
        # "<cost> to <effect>": opening an Action, the Power's (ruling 121; engine.panini.combat
        # .cost_payable); anywhere else paid if it can be (ruling 235), or "<A> or <B>"
        return _cost_chain(body, "cost") or _either(body)
    if plain is not None or not body.lower().startswith("if "):
        return plain
    for head, tail in _splits(body[3:]):
        condition, chain = p.parse_condition(head), _conditional(tail)
        if condition is not None and chain is not None:
            return [{**chain[0], "if": condition}, *chain[1:]]
    bare = unpunctuated(body[3:], _conditional)  # "If <condition> <effect>."
    return None if bare is None else [{**bare[1][0], "if": bare[0]}, *bare[1][1:]]


def _conditional(tail: str) -> list[Json] | None:
    """What "If <condition>, ..." does: effects, or "you may ..." (asked only when the
    condition holds: engine.panini.effects tests it first); "If <condition>, then <effects>" too."""
    tail = _THEN.sub("", tail, count=1)
    chain = _plain_chain(tail)
    if chain is None and _YOU_MAY.fullmatch(tail):
        chain = _effect_chain(tail)
    if chain is None:  # "If ..., <cost> to <effect>": paid if it can be (ruling 235)
        chain = _cost_chain(tail, "cost")
    return chain


def _plain_chain(body: str) -> list[Json] | None:
    """One effect, or effects joined by "and", each read whole."""
    single = p.parse_effect(body)
    if single is not None:
        return [single]
    compound = referents.parse_compound(body)  # a choice and what is done to that card
    compound = compound or revealed_hand.parse(body)  # a hand revealed, then cards in it
    if compound is not None:
        return compound
    compound = next_attack.parse_compound(body, p.parse_effect)  # one next attack, two changes
    if compound is not None:
        return compound
    for cut in _AND.finditer(body):
        first = p.parse_effect(body[: cut.start()])
        tail = body[cut.end() :]
        rest = _plain_chain(tail) if first is not None else None
        if rest is None and first is not None and _OPPONENT_DOES.fullmatch(body):
            # "Your opponent shuffles that card into his Life Deck and draws a card.": the
            # subject carries to a verb that has none
            rest = _plain_chain(f"your opponent {tail}") if _VERB_S.match(tail) else None
        if first is not None and rest is not None:
            return [first, *({**effect, "if_you_do": True} for effect in rest)]
    return shared_duration.parse(body, p.parse_effect) or _serial(body)


def _serial(body: str) -> list[Json] | None:
    """ "Raise your anger 1 level, gain 3 stages and draw a card.": a list of effects, its
    last joined by "and"; each read whole, in order, as "<A> and <B> and <C>"."""
    for cut in _COMMA.finditer(body):
        first = p.parse_effect(body[: cut.start()])
        rest = _plain_chain(body[cut.end() :]) if first is not None else None
        # the rest is a list of its own, going on to its "and"
        if first is not None and rest and len(rest) > 1 and _AND.search(body, cut.end()):
            return [first, *({**effect, "if_you_do": True} for effect in rest)]
    return None


_COMMA = re.compile(r",\s+(?!and\b|then\b)", re.IGNORECASE)


def _cost_chain(body: str, flag: str = "may") -> list[Json] | None:
    """ "<cost> to <effect(s)>": the cost is offered only if it can be paid in full
    (engine.panini.effects.payable), as an attack cost is (2016 "Energy Attacks": "If you do not
    have enough stages to pay for an attack, you are unable to play it"). After "You may"
    the cost is optional (`may`); opening a Power it is the Power's (`cost`, ruling 121)."""
    for cut in _TO.finditer(body):
        cost = p.parse_effect(body[: cut.start()])
        tail = body[cut.end() :]
        # "... to <A> or <B>": the cost pays for the choice (ruling 238)
        paid = (_plain_chain(tail) or _either(tail)) if cost is not None else None
        if cost is not None and paid is not None:
            return [{**cost, flag: True}, *({**effect, "if_you_do": True} for effect in paid)]
    return None


_OR = re.compile(r",? or ", re.IGNORECASE)


def _either(body: str) -> list[Json] | None:
    """ "<A> or <B>" (ruling 122): the controller chooses one. Read only when exactly one
    "or" splits the sentence into two effect lists the controller carries out, with no
    "You may", "If you do" or cost inside ("Raise or lower ...", "a Setup or Drill" are
    one effect: they do not split)."""
    found = []
    for cut in _OR.finditer(body):
        first, second = _plain_chain(body[: cut.start()]), _plain_chain(body[cut.end() :])
        if first is not None and second is None:  # "destroy X or all of his Drills"
            second = elided_option(body[: cut.start()], body[cut.end() :], _plain_chain)
        if first is not None and second is not None:
            found.append([first, second])
    if len(found) != 1:
        return None
    flags = ("may", "cost", "if", "x")
    options = found[0]
    if any(effect.get(flag) for option in options for effect in option for flag in flags):
        return None
    if any(effect["do"] == "arm_trigger" for option in options for effect in option):
        return None  # a trigger set for later is no choice made now
    if any(option[0].get("if_you_do") for option in options):
        return None
    return [{"do": "either", "options": options}]


def _second_power_costs(items: list[_Clause]) -> None:
    """A second "POWER: <cost> to <effect>." is a Power of its own, not a sentence of the
    first one's attack or defense: whether it is offered, and when, stays for players
    (docs/rulings.md 235)."""
    for clause in [c for c in items if c.opens_power][1:]:
        if clause.kind == "effect" and any(e.get("cost") for e in clause.effects):
            clause.kind = "unknown"


def _modifier(
    clause: _Clause, body: str, parse: Callable[[str], Json | None] = p.parse_modifier
) -> bool:
    # "If / While <condition>, <modifier> (instead)" (engine.panini.cardtext.constants)
    found = parse(body)
    if found is None and parse is p.parse_modifier:
        found = conditional_constant(body)
    elif found is None and body.lower().startswith("if "):
        for head, tail in _splits(body[3:]):
            condition, modifier = p.parse_condition(head), parse(tail)
            if condition is not None and modifier is not None:
                found = {"each": [{**m, "requires": condition} for m in _each(modifier)]}
                break
    if found is None:
        return False
    clause.kind, clause.data = "modifier", found
    return True


def _amount_and_trigger(clause: _Clause, body: str) -> bool:
    """ "Whenever <event>, increase that amount by 2 and Rejuvenate 2.": the amount change
    (a modifier) and, after the same event, the effects (a trigger kept in `extra`)."""
    return _both(clause, replaced.amount_and(body), _modifier, "modifier")


def _both(
    clause: _Clause, parts: tuple[str, str] | None, first: Callable[[_Clause, str], bool], kind: str
) -> bool:
    """One sentence read as two: the first part by `first` (the clause's `kind`), the second
    as a trigger kept in `extra`; both read whole, or neither."""
    if parts is None or not first(clause, parts[0]):
        return False
    data = clause.data
    if not _trigger(clause, parts[1]):
        clause.kind, clause.data = "unknown", {}
        return False
    clause.kind, clause.data, clause.extra = kind, data, [clause.data]
    return True


def _each(modifier: Json) -> list[Json]:
    """The modifiers of one sentence: {"each": [...]} holds several ("Your attacks do +1
    life card of damage and your opponent's attacks do -1 life card of damage.")."""
    each: list[Json] = modifier.get("each", [modifier])
    return each


def _trigger(clause: _Clause, body: str) -> bool:
    banish = (
        (
            triggers.parse_banish_when(body)
            or attached.parse_leaves_when(body)
            or leaving.parse(body)  # "Banish this card when you control a Styled Drill."
            or (None if clause.power else leaving.parse_moment(body))  # "at the end of ..."
        )
        if clause.kept
        else None
    )
    if banish is not None:
        clause.kind, clause.data, clause.leaves = "trigger", banish, True
        return True
    if not _TRIGGER_HEAD.match(body):
        return any(_trigger(clause, r) for r in reshaped.readings(body))
    # "When you perform a Styled attack you may draw a card": printed without its comma
    bare = re.fullmatch(r"([^,]+?)\s+((?:you|your MP) may .+)", body, re.IGNORECASE)
    for head, tail in _splits(body) + ([(bare.group(1), bare.group(2))] if bare else []):
        event = p.parse_trigger_event(head)
        # Under a POWER label only the first "Whenever" events (patterns.TRIGGERS): "At the
        # end of combat, ..." in a Power happens once, after it is used, not each combat.
        if (clause.power or not clause.kept) and p.parse_trigger_event(head, new=False) is None:
            event = None
        chain = _effect_chain(tail) if event is not None else None
        # "he" / "his" after a head naming only your opponent as a third person
        if event is not None and chain is None and "your opponent" in head.lower():
            for reading in triggers.opponent_pronouns(tail):
                chain = chain or _effect_chain(reading)
        if event is not None and chain is None:  # "..., have that attack deal +2 stages"
            chain = attack_performed.read(tail, event, _effect_chain)
        if event is not None and chain is not None:
            clause.kind, clause.data = "trigger", {**event, "effects": chain}
            return True
    read = _unpunctuated_trigger(clause, body) if "," not in body else None
    if read is not None:
        clause.kind, clause.data = "trigger", read
    if read is not None or any(_trigger(clause, r) for r in reshaped.readings(body)):
        return True
    return _per_player(clause, body)


def _per_player_armed(body: str) -> list[Json] | None:
    """ "After a player draws a card this turn, that player discards a card.": a trigger
    armed for each player (engine.panini.cardtext.reshaped.per_player), both read whole."""
    parts = reshaped.per_player(body)
    chains = [_effect_chain(part) for part in parts] if parts else []
    if len(chains) != 2 or any(c is None or len(c) != 1 for c in chains):
        return None
    armed_both = [c[0] for c in chains if c is not None]
    return armed_both if all(e.get("do") == "arm_trigger" for e in armed_both) else None


def _per_player(clause: _Clause, body: str) -> bool:
    """ "Whenever a player <event>, <effects on that player>": a trigger for each player
    (engine.panini.cardtext.reshaped.per_player), the opponent's kept in `extra`."""
    return _both(clause, reshaped.per_player(body), _trigger, "trigger")


def _unpunctuated_trigger(clause: _Clause, body: str) -> Json | None:
    """ "Whenever one of your other Drills leaves play lower your opponent's anger 1
    level.": printed without its comma, the one cut at a space where the event and the
    effects are both read whole (two such cuts: ambiguous, left to players)."""
    read: list[Json] = []
    for space in re.finditer(" ", body):
        head, tail = body[: space.start()], body[space.end() :]
        event = p.parse_trigger_event(head)
        if event is None or (
            (clause.power or not clause.kept) and p.parse_trigger_event(head, new=False) is None
        ):
            continue
        chain = _effect_chain(tail)
        if chain is not None:
            read.append({**event, "effects": chain})
    return read[0] if len(read) == 1 else None


_TRIGGER_HEAD = re.compile(r"(?:whenever|when|after|at|once per|the first time) ", re.IGNORECASE)


def _add_condition(effect: Json, condition: Json) -> bool:
    current: Json = dict(effect.get("if") or {})
    if set(current) & set(condition) or current.get("who", "self") != "self":
        return False
    effect["if"] = {**current, **condition}
    return True


# --- putting a section together -----------------------------------------------------------------
def _assemble(section: str, items: list[_Clause], card_type: CardType, fields: Json) -> bool:
    """Add the section's abilities to `fields`; False when its core is not understood (then
    nothing is added). Unknown sentences that do not gate the ability are left manual."""
    if any(c.gating for c in items):
        return False
    _leave_dangling_if_you_do(items)
    _second_power_costs(items)
    referents.leave_dangling(items)
    if any(c.kind == "unknown" and after_use.changes_attack(c.data) for c in items):
        return False  # a dangling "If you do, this attack ..." changes the attack
    known = after_use.keep_for_attacks([c for c in items if c.kind not in ("unknown", "folded")])
    limits.gate_attacks(known)  # "Use only if you have performed 2 other attacks"
    outside = [c for c in known if c.kind != "effect" or section != "ability"]
    if any(after_use.attack_only(c.data) for c in outside):
        return False  # "this attack ..." outside an attack
    if any(c.kind == "attach" for c in known):
        known = _attach(section, known, card_type, fields)
    if "attach_to" not in fields:  # "While attached, ..." on a card that does not attach
        for clause in known:
            if clause.attached:
                clause.kind = "unknown"
        known = [c for c in known if not c.attached]
    powers = [c for c in known if c.kind == "attached_action"]
    if len(powers) > 1 or (powers and "attached_action" in fields):
        return False  # two Powers while attached: which is which is for players
    if powers:
        fields["attached_action"] = powers[0].data
    entering = [c for c in known if c.kind == "attached_entering"]
    if len(entering) > 1 or (entering and "entering_combat" in fields):
        return False
    if entering:
        fields["entering_combat"] = entering[0].data["effects"]
    known = [c for c in known if c.kind not in ("attached_action", "attached_entering")]
    # a trigger's or modifier's `extra`: _per_player, _amount_and_trigger
    triggers = [t for c in known if c.kind == "trigger" for t in (c.data, *c.extra)]
    triggers += [t for c in known if c.kind == "modifier" for t in c.extra]
    modifiers = [m for c in known if c.kind == "modifier" for m in _each(c.data)]
    rest = [c for c in known if c.kind not in ("trigger", "modifier")]
    if section == "ability" and all(c.kind != "unknown" for c in items):
        rest = implied_attack.with_header(rest, card_type)  # "DAMAGE: ..." with no header
    if section == "constant":
        if rest:
            return False
    elif section == "timed":
        return _timed(items, fields)
    elif section in ("entering", "wish"):
        power = [c for c in rest if c.kind == "timing"]
        rest = [c for c in rest if c.kind != "timing"]
        effects = [e for c in rest if not c.hit for e in c.effects]
        only_effects = all(c.kind == "effect" and not c.hit for c in rest)
        if not only_effects or (section == "wish") != (card_type == CardType.DRAGON_BALL):
            return False
        if power and not effects:
            return False  # "POWER: Use when entering combat." and nothing understood after
        if section == "entering" and card_type not in (
            ENTERING_POWER_TYPES if power else ENTERING_TYPES
        ):
            return False
        if effects and section == "entering" and "entering_combat" in fields:
            return False  # and "While attached, when entering combat, ...": two of them
        if effects:
            fields["entering_combat" if section == "entering" else "on_play"] = effects
    elif rest and not _ability(rest, card_type, fields, _combat_power(items, card_type)):
        return False
    elif (
        "attack" not in fields
        and "defense" not in fields
        and any(c.kind == "unknown" and _DEFENSIVE.fullmatch(c.sentence) for c in items)
    ):
        return False  # a Power used against an attack is not an Action
    if (triggers or modifiers) and card_type not in CONSTANT_TYPES and "attach_to" not in fields:
        return False
    if any(misplaced_trigger(t, card_type.value) for t in triggers):  # "this level"
        return False
    if triggers:
        fields["triggers"] = [*fields.get("triggers", []), *triggers]
    if modifiers:
        fields["constant"] = [*fields.get("constant", []), *modifiers]
    return True


def _combat_power(items: list[_Clause], card_type: CardType) -> bool:
    """A Combat card whose whole text is a "POWER:" read in full (no attack, no defense:
    "POWER: Use a critical damage effect."): played from the hand as an Action, as an
    Event is (docs/rulings.md 35 plays such a card so when it is not read)."""
    return (
        card_type in (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT)
        and bool(items)
        and items[0].opens_power
        and all(c.labelled and c.kind != "unknown" for c in items)
    )
def _more_after_timing(clauses: list[_Clause]) -> None:
    """ "[INSTANT] POWER: Use when one of your effects destroys cards from the top of your
    opponent's Life Deck. Increase that amount by 1.": an effect of that timed Power
    (engine.panini.cardtext.replaced.more_after)."""
    timing: _Clause | None = None
    for clause in clauses:
        if clause.section != "timed":
            timing = None
            continue
        if clause.kind == "timing":
            timing = clause
            continue
        body = normalise(clause.sentence).strip().rstrip(".").strip()
        more = replaced.more_after(timing.data, body) if timing is not None else None
        if clause.kind == "unknown" and more is not None:
            clause.kind, clause.data, clause.extra = "effect", more, []


def _timed(items: list[_Clause], fields: Json) -> bool:
    """ "[INSTANT] POWER: Use at the end of combat. <effects>": a trigger its player may use
    (engine.panini.triggers.timed_power); every sentence after the timing must be an effect."""
    timing, rest = items[0], items[1:]
    if timing.kind != "timing" or not rest:
        return False
    if any(c.kind != "effect" or c.hit for c in rest):
        return False
    effects = [e for c in rest for e in c.effects]
    fields["triggers"] = [
        *fields.get("triggers", []),
        {**timing.data, "effects": effects, "power": True},
    ]
    return True


def _leave_dangling_if_you_do(items: list[_Clause]) -> None:
    """ "If you do, ..." refers to the sentence just before it: when that one is not an
    effect of the same list (unread, or across DAMAGE or HIT), or there is none (in a
    trigger), the sentence is left to players with the one it refers to."""
    for position, clause in enumerate(items):
        # a trigger's first effect has no sentence before it; "A and B" chains B to A
        if clause.kind == "trigger" and clause.data["effects"][0].get("if_you_do"):
            clause.kind = "unknown"
        if clause.kind == "trigger" and position + 1 < len(items):
            _fold_into_trigger(clause, items[position + 1])
        if clause.kind != "effect" or not clause.data.get("if_you_do"):
            continue
        before = items[position - 1] if position else None
        if (
            before is None
            or before.index != clause.index - 1
            or before.kind != "effect"
            or before.hit != clause.hit
        ):
            clause.kind = "unknown"
        elif armed.waits(before.effects[-1]):  # it refers to what the trigger does
            if armed.fold(before.effects[-1], clause.effects):
                clause.kind = "folded"
            else:
                clause.kind = before.kind = "unknown"


def _fold_that_attack(items: list[_Clause]) -> None:
    """ "When you perform a Styled attack, you may A. That attack deals +X life cards.":
    the sentence right after a trigger on an attack performed, naming "that attack", is
    part of what the trigger does (engine.panini.cardtext.attack_performed)."""
    timing: _Clause | None = None  # "POWER: Use when you perform a Styled attack."
    for trigger, after in itertools.pairwise(items):
        if trigger.kind == "timing" and trigger.section == "timed":
            timing = trigger
        if after.kind != "unknown" or after.index != trigger.index + 1 or after.hit:
            continue
        body = normalise(after.sentence).rstrip(".").strip()
        if timing is not None and after.section == "timed":
            # the Power's own sentences: "You may choose for that attack to ..."
            chain = attack_performed.read(body, timing.data, _effect_chain)
            if chain is not None and not armed.dangles(chain):
                after.kind, after.data, after.extra = "effect", chain[0], chain[1:]
                after.gating = False
            continue
        if trigger.kind != "trigger":
            continue
        that = attack_performed.read(body, trigger.data, _effect_chain)
        effects = [*trigger.data["effects"], *(that or [])]
        if that is not None and not armed.dangles(effects):
            trigger.data["effects"] = effects
            after.kind, after.gating = "folded", False


def _fold_into_trigger(trigger: _Clause, after: _Clause) -> None:
    """ "Whenever ..., you may A. If you do, B.": B is part of what the trigger does; when
    it cannot be read so, the trigger is left to players with it."""
    body = normalise(after.sentence).rstrip(".").strip()
    if after.index != trigger.index + 1 or not _IF_YOU_DO.fullmatch(body):
        return
    if after.kind == "folded":  # read already ("If you do, that attack ...": attack_performed)
        return
    chain = _effect_chain(body) if after.kind in ("unknown", "effect") else None
    effects = [*trigger.data["effects"], *(chain or [])]
    if chain is None or armed.dangles(effects) or any(armed.waits(e) for e in chain):
        trigger.kind = after.kind = "unknown"
        return
    trigger.data["effects"] = effects
    after.kind = "folded"


def _attach(section: str, known: list[_Clause], card_type: CardType, fields: Json) -> list[_Clause]:
    """ "Attach to ____." (engine.panini.cardtext.attached), read where the engine attaches the
    card (docs/rulings.md 111, 112):
    - an Event, as the last sentence its Power runs: it attaches once its Power resolved
      (engine.panini.combat.finish_card); a Setup's "POWER: Attach ...." the same way, when it
      is activated (`activated`);
    - a Setup or Drill whose text is no Power and runs nothing: it enters play attached;
    - a Combat card, anywhere in its text ("HIT: Attach ...": only if it hit): it attaches
      after use in place of being discarded.
    Elsewhere the sentence is left to players, as any sentence not understood. The rest is
    returned."""
    attaches = [c for c in known if c.kind == "attach"]
    rest = [c for c in known if c.kind != "attach"]
    # constants and triggers are the attached card's, active while attached ("Banish this
    # card when ...", "While attached, ...")
    runs = [c for c in rest if c.kind not in ("trigger", "modifier", "attached_action")]
    runs = [c for c in runs if c.kind != "attached_entering"]
    spec = _attach_spec(attaches[0], runs, card_type) if len(attaches) == 1 else None
    if section == "ability" and spec is not None:
        fields["attach_to"] = spec
    else:
        for clause in attaches:
            clause.kind = "unknown"
    return rest


def _attach_spec(attach: _Clause, runs: list[_Clause], card_type: CardType) -> Json | None:
    spec = dict(attach.data)
    if card_type in ATTACHING_COMBAT_TYPES:
        return spec if _combat_attaches(attach, runs, card_type) else None
    if spec.get("on_hit"):
        return None
    if card_type in (CardType.SETUP, CardType.DRILL) and not attach.power:
        return None if runs else spec  # it enters play attached
    powered = card_type == CardType.EVENT or (card_type == CardType.SETUP and attach.power)
    if not powered or not all(c.kind in ("effect", "requires") and not c.hit for c in runs):
        return None
    after = [c.index > attach.index for c in runs]
    if any(after) and not all(after):
        return None  # attached in the middle of its Power
    if after and all(after):
        spec["first"] = True  # printed first: it attaches, then the rest resolves
    return {**spec, "activated": True} if card_type == CardType.SETUP else spec


def _combat_attaches(attach: _Clause, runs: list[_Clause], card_type: CardType) -> bool:
    """A Combat card attaches after its attack or defense; "HIT: Attach ..." only after an
    attack (not a card also played to stop one). Never a card played "to stop ... instead
    of as an attack": that use has no other effect."""
    kinds = {c.kind for c in runs}
    if card_type not in ATTACHING_COMBAT_TYPES or not kinds & {"attack", "defense"}:
        return False
    if any(_moves_itself(e) for c in runs for e in c.effects):
        return False  # "This attack stays in play ...", "Banish this card": which wins?
    return not attach.data.get("on_hit") or "defense" not in kinds


def _moves_itself(effect: Json) -> bool:
    return effect.get("do") == "stay_in_play" or after_use.sends_itself(effect) or (
        effect.get("source") == "this_card"
    )


def _ability(
    items: list[_Clause], card_type: CardType, fields: Json, combat_power: bool = False
) -> bool:
    # a Drill's Power is printed "POWER:"; other text is not one, but a "(Use only if ...)"
    # note printed before it gates it (docs/rulings.md 322)
    if card_type == CardType.DRILL and not all(c.labelled or c.kind == "requires" for c in items):
        return False
    kinds = [c.kind for c in items]
    requires = [c.data for c in items if c.kind == "requires"]
    if len(requires) > 1:
        return False
    if "defense" not in kinds and any(conditions.names_that_attack(c.data) for c in items):
        return False  # "that attack": the one a defense answers
    if "attack" in kinds:
        return _attack(items, card_type, fields, requires)
    if {"damage", "unstoppable", "stopped"} & set(kinds) or any(c.hit for c in items):
        return False
    defenses = [c.data for c in items if c.kind == "defense"]
    # a defense's sentences resolve during the attack: its personalities are known
    during = (  # "This card stays in play ..." is the defense card's (engine.panini.cardtext.stays)
        (lambda effect: stays.in_defense(conditions.outside_actors(effect), card_type.value))
        if defenses
        else (lambda effect: effect)
    )
    if "attack_flags" in kinds or any(
        after_use.attack_only(during(e)) for c in items for e in c.effects
    ):
        return False
    effects = [e for c in items for e in c.effects]
    if defenses:
        if card_type not in DEFENSE_TYPES:
            return False
        defense: Json = {"against": defenses[0]["against"]}
        for found in defenses:
            if found["against"] != defense["against"] or set(found) & (set(defense) - {"against"}):
                return False
            defense.update(found)
        if effects:
            defense["effects"] = effects
        if requires:
            defense["requires"] = requires[0]
        fields["defense"] = defense
        return True
    if not effects or (card_type not in ACTION_TYPES and not combat_power):
        return False
    action: Json = {"effects": effects}
    if requires:
        action["requires"] = requires[0]
    fields["action"] = action
    return True


def _attack(items: list[_Clause], card_type: CardType, fields: Json, requires: list[Json]) -> bool:
    items = attack_self.header_first(items)  # "(If this attack is ...) Energy attack."
    heads = [c for c in items if c.kind == "attack"]
    # "(Use only if <condition>. This attack cannot ...)" may come before the attack it is
    # about (engine/panini/cardtext/limits.py)
    lead = [c for c in items if c.kind not in ("requires", "attack_flags")]
    if len(heads) != 1 or not lead or lead[0].kind != "attack":
        return False
    if "pay" in heads[0].data:  # "POWER: <cost> to perform ... attack" (cardtext.performed)
        if not heads[0].power or card_type not in performed.POWER_TYPES:
            return False
    elif card_type not in ATTACK_TYPES:
        return False
    attack: Json = dict(heads[0].data)
    effects: list[Json] = []
    hit: list[Json] = []
    stopped: list[Json] = []
    for clause in [c for c in items if c is not heads[0]]:
        if clause.kind == "damage" and "damage" not in attack:
            attack["damage"] = clause.data
        elif clause.kind == "unstoppable" and "damage" not in attack:
            attack["unstoppable"] = True
        elif clause.kind == "requires" and "damage" not in attack and not effects:
            pass
        elif clause.kind == "stopped" and not clause.hit:
            stopped.extend(clause.effects)
        elif clause.kind == "effect" and clause.hit and "damage" in attack:
            hit.extend(clause.effects)
        elif clause.kind == "effect" and not clause.hit:
            # printed before or after the DAMAGE: line, an effect without HIT: is immediate
            # (2016 ATTACK TIMING SUMMARY step 2; docs/rulings.md)
            effects.extend(clause.effects)
        elif clause.kind == "attack_flags" and not set(clause.data) & set(attack):
            attack.update(clause.data)
        elif clause.kind == "folded":  # its effects are in the sentence before it
            pass
        else:
            return False  # defenses, a second damage
    if "damage" not in attack or not after_use.attack_effects_fit([*effects, *hit], card_type):
        return False
    if any(e.get("do") in ("attack_deals", "attack_base") for e in [*hit, *stopped]):
        return False  # after its damage was dealt "+N" would change nothing
    settled = attack_self.settle(effects, attack["damage"])  # "+6 instead of +3"
    if settled is None:
        return False
    effects = settled
    if requires:
        attack["requires"] = requires[0]
    if effects:
        attack["effects"] = effects
    if hit:
        attack["hit"] = hit
    if stopped:
        attack["stopped"] = stopped
    fields["attack"] = attack
    return True


# --- comparing with a hand-written card ---------------------------------------------------------
TEXT_FIELDS = (
    "attack",
    "defense",
    "action",
    "constant",
    "entering_combat",
    "on_play",
    "triggers",
    "when_moved",
    "kept_on_level",
    "endurance",
    "banish_after_use",
    "after_use",
    "no_mppv_while_used",
    "ally_may_perform",
    "limit_per_deck",
    "attach_to",
    "grants",
    "attached_action",
    "power_limit",
    "begin_game",
)


def reproduces(card: Card, result: CompileResult | None = None) -> bool:
    """Does compiling `card.text` give exactly `card`'s hand-written abilities and keywords
    (and, off personalities, its alignment)? Only an `automated` compile can. `result`: the
    compile of `card.text` already made (the coverage report compiles each card once)."""
    if result is None:
        result = compile_text(card.text, card.type)
    if result.status != "automated":
        return False
    keep = set(TEXT_FIELDS) | {"automation", "manual_text"}
    if not card.is_personality:
        keep.add("alignment")
    base = card.model_dump(exclude=keep, by_alias=True)
    try:
        rebuilt = Card.model_validate({**base, **result.fields})
    except ValueError:
        return False
    return all(getattr(rebuilt, name) == getattr(card, name) for name in keep - {"manual_text"})
