"""Constants about attacks read as <subject> <predicate> [and <predicate>] (CONSTANT:, also
after "While attached," or "If <condition>,", which read their modifier with
patterns.parse_modifier):

- "<modifier> and <modifier>": two constant rule changes in one sentence, each a whole
  constant ("Styled attacks deal +1 life card of damage and non-Styled attacks cost +1
  stage to perform."), or one subject with two predicates ("Your attacks cost -3 stages
  (to a minimum of 0) and deal +3 life cards of damage."); every part must read alone, so
  no part is guessed;
- "the first attack each combat": "Your [opponent's] first <which> attack each combat ...",
  "The first <which> attack you perform / your opponent performs / each player performs
  each combat ..." is the plural sentence ("Your attacks ...") about the first such attack
  of each combat only (`first_each_combat`, engine.panini.modifiers.about; 2016 TURN SEQUENCE:
  one combat per turn);
- "<attacks> cannot have their damage prevented" (`unpreventable`, as
  engine.panini.after_use.unpreventable reads it);
- "<attacks> cannot have their damage modified" (`unmodifiable`: no "+" or "-" modifier
  applies to them, 2016 GLOSSARY "Modifiers"; engine.panini.after_use.unmodifiable) and "<attacks>
  cannot be stopped" (`unstoppable`) as constants;
- an ability after a dash, "Your Styled attacks gain - HIT: You may raise your anger 1
  level.", read as the quoted one (engine.panini.cardtext.granted), only at the end of a sentence.

Left unread: "... modified by your (opponent's) effects" (whose effects is not tracked),
"Your Named cards ...", attacks "that raise your anger".

"+X" in a constant damage modifier ("Your energy attacks deal +X life cards of damage.") is
the modifier with `x` (its amount per X of the card, engine.panini.x_constants); the card's "X =
..." must be read too (compiler._check_x).
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import number

Json = dict[str, Any]
_IC = re.IGNORECASE
_WHICH = r"(?P<which>(?:non-styled |styled )?(?:physical |energy )?)"
_OPPONENT = r"your opponent'?s"
# one combat per turn (2016 TURN SEQUENCE) and attacks only in combat: "each turn" is the
# same first attack (docs/rulings.md 145)
_EACH = r"(?:each combat|during combat|each turn)"

# "the first attack each combat" subjects -> the plural subject they narrow
_FIRSTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"your first {_WHICH}attack {_EACH}", _IC), "your {}attacks"),
    (
        re.compile(rf"{_OPPONENT} first {_WHICH}attack {_EACH}", _IC),
        "your opponent's {}attacks",
    ),
    (
        re.compile(rf"the first {_WHICH}attack you perform {_EACH}", _IC),
        "your {}attacks",
    ),
    (
        re.compile(rf"the first {_WHICH}attack your opponent performs {_EACH}", _IC),
        "your opponent's {}attacks",
    ),
    (
        re.compile(
            rf"the first {_WHICH}attack (?:each player|each player's|either player) performs? "
            rf"{_EACH}",
            _IC,
        ),
        "all {}attacks",
    ),
]
# the verb of a singular subject, as the plural one says it
_SINGULAR = [
    (re.compile(r"^costs\b", _IC), "cost"),
    (re.compile(r"^(?:deals|does)\b", _IC), "do"),
    (re.compile(r"^gains\b", _IC), "gain"),
    (re.compile(r"^cannot have its damage\b", _IC), "cannot have their damage"),
]
# modifiers that engine code reads through engine.panini.modifiers.about (so a first attack counts)
_ABOUT_ATTACKS = {"damage", "attack_cost", "grant", "unstoppable", "unpreventable", "unmodifiable"}

# the subject of a sentence about attacks, up to its verb
_SUBJECT = re.compile(
    rf"(?P<subject>(?:all of |all )?(?:{_OPPONENT} |your |all )?{_WHICH}attacks) "
    r"(?=(?:do|cost|gain|cannot|are) )",
    _IC,
)
_WHOSE = rf"(?P<whose>all of your |all your |your |{_OPPONENT} |all )?"
_UNMODIFIABLE = re.compile(
    rf"(?:{_WHOSE}(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?attacks "
    r"cannot have their damage modified"
    rf"|damage from {_WHOSE.replace('P<whose>', 'P<whose2>')}(?P<styled2>non-styled |styled )?"
    r"(?P<kind2>physical |energy )?attacks cannot be modified)",
    _IC,
)
_UNSTOPPABLE = re.compile(
    rf"{_WHOSE}(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?attacks "
    r"cannot be stopped",
    _IC,
)
_UNPREVENTABLE = re.compile(
    rf"(?:{_WHOSE}(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?attacks "
    r"cannot have their damage prevented"
    rf"|damage from {_WHOSE.replace('P<whose>', 'P<whose2>')}(?P<styled2>non-styled |styled )?"
    r"(?P<kind2>physical |energy )?attacks cannot be prevented)",
    _IC,
)
# "Attacks performed by personalities with "Android" in the title deal +1 life card of
# damage.", "Damage from attacks performed by your MP cannot be prevented."
_PERFORMED = re.compile(
    r"(?P<pre>damage from )?(?P<which>(?:non-styled |styled )?(?:physical |energy )?)attacks "
    r"performed by (?:(?P<mp>your MP|your main personality)|personalities with "
    r"(?P<q>[\"']?)(?P<title>[A-Za-z0-9 .-]+?)(?P=q) in (?:the|their) (?:title|name)) (?P<pred>.+)",
    _IC,
)
# "Your [successful] attacks that deal at least 4 life cards of damage are considered to
# deal critical damage." as a constant (the floating one is engine.panini.cardtext.damage)
_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_CRITICAL = re.compile(
    r"(?:all of your|all your|your) (?:(?P<successful>successful )?(?P<styled>non-styled |styled )?"
    r"(?P<kind>physical |energy )?attacks that (?:deal|do) "
    rf"(?:at least (?P<least>{_NUMBER})|(?P<more>{_NUMBER}) or more) life cards? of damage"
    r"|successful (?P<styled2>non-styled |styled )?(?P<kind2>physical |energy )?attacks) "
    r"are considered to deal critical damage",
    _IC,
)
# "Your opponent needs to deal 7 or more life cards to activate critical damage."
_CRITICAL_NEEDS = re.compile(
    r"(?P<who>your opponent needs|you need) to deal "
    rf"(?:(?P<more>{_NUMBER}) or more|at least (?P<least>{_NUMBER})) life cards(?: of damage)? "
    r"(?:to activate|to deal|for) critical damage",
    _IC,
)
# "If you can declare combat, you must do so.": nothing in the rules stops a player
# declaring combat, so he always can (docs/rulings.md 151)
_MUST_DECLARE = re.compile(
    r"if you can declare combat,? you must (?:do so|declare combat)"
    r"|you must declare combat(?: if (?:you can|(?:you are )?able(?: to)?))?",
    _IC,
)
_DASH = re.compile(r"(?P<head>.*\bgains?)(?: -|,) (?P<ability>.+)", _IC | re.DOTALL)
# "Your Energy Combat attacks ...": the attacks of cards of that type (2016 CARD TYPES)
_FROM_CARDS = re.compile(r"\b(?P<kind>physical|energy) combat attacks\b", _IC)
_AND = re.compile(r",? and ", _IC)


def parse(body: str) -> Json | None:
    """A constant modifier (or {"each": [...]}) for the sentences above, or None."""
    from engine.panini.cardtext.patterns import parse_modifier  # it hooks this module in

    body = body.strip()
    if "+X" in body:
        return _x(body, parse_modifier)
    if _FROM_CARDS.search(body):
        return _from_cards(body, parse_modifier)
    return (
        _conjunction(body, parse_modifier)
        or _first(body, parse_modifier)
        or _performed(body, parse_modifier)
        or _flag(body)
        or _dash(body, parse_modifier)
    )


def _flag(body: str) -> Json | None:
    found = _UNMODIFIABLE.fullmatch(body)
    if found is not None:
        suffix = "2" if found.group(0).lower().startswith("damage from") else ""
        return _subject({"mod": "unmodifiable"}, found, suffix)
    if _MUST_DECLARE.fullmatch(body):
        return {"mod": "must_declare"}
    found = _CRITICAL_NEEDS.fullmatch(body)
    if found is not None:
        needs: Json = {
            "mod": "critical_needs",
            "amount": number(found.group("more") or found.group("least")),
        }
        if found.group("who").lower() != "you need":
            needs["who"] = "opponent"
        return needs
    found = _CRITICAL.fullmatch(body)
    if found is not None:
        least = found.group("least") or found.group("more")
        suffix = "" if least else "2"
        modifier: Json = {"mod": "critical", "amount": number(least) if least else 0}
        # the attacks are the player's own ("your"): _subject needs a `whose` group
        if found.group(f"kind{suffix}"):
            modifier["attacks"] = found.group(f"kind{suffix}").strip().lower()
        if found.group(f"styled{suffix}"):
            modifier["styled"] = found.group(f"styled{suffix}").strip().lower() == "styled"
        return modifier
    for pattern, mod in ((_UNSTOPPABLE, "unstoppable"), (_UNPREVENTABLE, "unpreventable")):
        found = pattern.fullmatch(body)
        if found is not None:
            suffix = "2" if found.group(0).lower().startswith("damage from") else ""
            return _subject({"mod": mod}, found, suffix)
    return None


def _subject(modifier: Json, found: re.Match[str], suffix: str) -> Json | None:
    whose = (found.group(f"whose{suffix}") or "").strip().lower()
    kind = found.group(f"kind{suffix}")
    styled = found.group(f"styled{suffix}")
    if not (whose or kind or styled):
        return None  # "Attacks cannot be stopped": whose is not said
    who = {"your": "self", "all of your": "self", "all your": "self", "all": "both", "": "both"}
    if who.get(whose, "opponent") != "self":
        modifier["who"] = who.get(whose, "opponent")
    if kind:
        modifier["attacks"] = kind.strip().lower()
    if styled:
        modifier["styled"] = styled.strip().lower() == "styled"
    return modifier


def _parts(found: Json) -> list[Json]:
    return list(found.get("each", [found]))


def _conjunction(body: str, parse_modifier: Any) -> Json | None:
    """ "<modifier> and <modifier>", or "<subject> <predicate> and <predicate>"."""
    cuts = list(_AND.finditer(body))
    if len(cuts) > 3:
        return None
    for cut in cuts:
        left, right = body[: cut.start()], body[cut.end() :]
        if _open(left):
            continue  # the "and" is inside an ability
        first = parse_modifier(left)
        if first is None:
            continue
        second = parse_modifier(right)
        if second is None:
            subject = _shared_subject(left)
            if subject is None:
                continue
            second = parse_modifier(f"{subject} {right}")
        if second is not None:
            return {"each": _parts(first) + _parts(second)}
    return None


def _open(left: str) -> bool:
    """Does `left` end inside an ability (a quote left open, or after "gain -" / "gain
    HIT:")? An "and" there belongs to the ability."""
    if left.count('"') % 2 or re.search(r"\bgains?,? (?:- |HIT)", left, _IC):
        return True
    return bool(re.search(r"(?:^|\s)'", left)) and left.count("'") % 2 == 1


def _shared_subject(left: str) -> str | None:
    """The subject `left` opens with ("Your Styled attacks", "Your first attack each
    combat"), which the predicate after "and" shares."""
    found = _SUBJECT.match(left)
    if found is not None:
        return found.group("subject")
    for pattern, _ in _FIRSTS:
        found = pattern.match(left)
        if found is not None:
            return found.group(0)
    return None


def _first(body: str, parse_modifier: Any) -> Json | None:
    """ "Your first attack each combat <predicate>" -> the plural sentence's modifiers, each
    about the first attack it is about each combat."""
    for pattern, plural in _FIRSTS:
        found = pattern.match(body)
        if found is None or not body[found.end() :].startswith(" "):
            continue
        predicate = body[found.end() + 1 :]
        for verb, said in _SINGULAR:
            predicate = verb.sub(said, predicate, count=1)
        read = parse_modifier(f"{plural.format(found.group('which'))} {predicate}")
        if read is None or read.get("instead"):
            return None
        parts = _parts(read)
        if any(part.get("mod") not in _ABOUT_ATTACKS or part.get("requires") for part in parts):
            return None
        marked = [{**part, "first_each_combat": True} for part in parts]
        return marked[0] if len(marked) == 1 else {"each": marked}
    return None


def _dash(body: str, parse_modifier: Any) -> Json | None:
    """ "<attacks> gain - <ability>" -> the same with the ability quoted."""
    found = _DASH.fullmatch(body)
    if found is None:
        return None
    ability = found.group("ability").strip()
    if ability[0] not in "\"'":
        if re.search("[\"']", ability):
            return None
        ability = f'"{ability}"'
    read = parse_modifier(f"{found.group('head')} {ability}")
    return (
        read
        if read is not None and all(part.get("mod") == "grant" for part in _parts(read))
        else None
    )


# the older kinds "your physical / energy attacks do +N ..." (patterns.MODIFIERS) as `damage`
_TYPED = {"physical_damage": ("physical", "stages"), "energy_damage": ("energy", "life")}


def _typed(part: Json) -> Json:
    """An older `physical_damage` / `energy_damage` kind as the `damage` it says."""
    if part.get("mod") in _TYPED and set(part) <= {"mod", "amount"}:
        kind, unit = _TYPED[part["mod"]]
        return {"mod": "damage", "attacks": kind, unit: part.get("amount", 0)}
    return part


def _x(body: str, parse_modifier: Any) -> Json | None:
    """ "<attacks> deal +X <unit> of damage" (once in the sentence): the sentence read with
    +1, that `damage` modifier marked `x` (its amount is per X; engine.panini.x_constants)."""
    if body.count("+X") != 1 or re.search(r"\+1\b", body):
        return None
    read = parse_modifier(body.replace("+X", "+1"))
    if read is None or read.get("instead"):
        return None
    parts = []
    for part in _parts(read):
        parts.append(_typed(part))
    hits = [
        n
        for n, part in enumerate(parts)
        if part.get("mod") == "damage" and 1 in (part.get("stages"), part.get("life"))
    ]
    if len(hits) != 1:
        return None
    parts[hits[0]] = {**parts[hits[0]], "x": True}
    return parts[0] if len(parts) == 1 else {"each": parts}


def _performed(body: str, parse_modifier: Any) -> Json | None:
    """ "<attacks> performed by your MP / by personalities with "X" in the title <predicate>"
    -> the plural sentence's modifiers, about the attacks that personality performs
    (`performer`, `performer_has`; engine.panini.modifiers.about)."""
    found = _PERFORMED.fullmatch(body)
    if found is None:
        return None
    whose = "your" if found.group("mp") else "all"
    plural = f"{whose} {found.group('which')}attacks"
    sentence = (
        f"damage from {plural} {found.group('pred')}"
        if found.group("pre")
        else (f"{plural} {found.group('pred')}")
    )
    read = parse_modifier(sentence)
    if read is None or read.get("instead"):
        return None
    parts = _parts(read)
    # modifiers read while the attack is in progress, when who performs it is known
    during = {"damage", "unpreventable", "unmodifiable", "unstoppable", "grant"}
    if any(part.get("mod") not in during or part.get("first_each_combat") for part in parts):
        return None
    by: Json = {"performer": "mp"} if found.group("mp") else {"performer_has": found.group("title")}
    marked = [{**part, **by} for part in parts]
    return marked[0] if len(marked) == 1 else {"each": marked}


def _from_cards(body: str, parse_modifier: Any) -> Json | None:
    """ "Your Energy Combat attacks gain ..." -> the energy attacks' sentence, about the
    attacks of Energy Combat cards only (`from_cards`; engine.panini.modifiers.about)."""
    kinds = {found.group("kind").lower() for found in _FROM_CARDS.finditer(body)}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    read = parse_modifier(_FROM_CARDS.sub(f"{kind} attacks", body))
    if read is None or read.get("instead"):
        return None
    parts = [_typed(part) for part in _parts(read)]
    if any(part.get("mod") not in _ABOUT_ATTACKS for part in parts):
        return None
    marked = [{**part, "from_cards": [f"{kind}_combat"]} for part in parts]
    return marked[0] if len(marked) == 1 else {"each": marked}
