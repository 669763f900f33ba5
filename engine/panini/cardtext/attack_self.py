"""The attack itself: header wordings and what an attack's own sentences add to it.

- Headers a judge reads one way only (docs/rulings.md 165): `Physical / Energy combat
  costing N stages.` (the card type's word for the attack), `... attack costing N.` (an
  attack's cost is paid in power stages: 2016 "Energy Attacks"), `Energy attack N stages.`
  (an Energy attack's damage is in life cards, so N stages is its cost), `Physical /
  Energy combat.` alone.
- `When you perform this attack(,) <effect>.`: an attack's effects without `HIT:` happen as
  it is performed (docs/rulings.md 41), so the opening says nothing more.
- `(Have) this attack also deal(s) +N ...` is `... deals +N ...`; `... deal(s) +A <unit>
  instead of +B` (the printed +B of its damage becomes +A): `attack_deals` of A - B
  (docs/rulings.md 166).
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import number

Json = dict[str, Any]
_IC = re.IGNORECASE
_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"

_HEADS = [
    re.compile(rf"(physical|energy) (?:attack|combat) costing {_N}(?: (?:power )?stages?)?", _IC),
    re.compile(rf"(energy) attack {_N} (?:power )?stages?", _IC),
    re.compile(r"(physical|energy) combat", _IC),
]


def parse_head(body: str) -> Json | None:
    """ "Energy combat costing 2 stages." -> {"type": "energy", "cost": 2}, or None."""
    for pattern in _HEADS:
        found = pattern.fullmatch(body)
        if found:
            head: Json = {"type": found.group(1).lower()}
            if found.lastindex and found.lastindex > 1:
                head["cost"] = number(found.group(2))
            return head
    return None


_FROM = r"this attack is (?:performed|played) from your discard pile"
_PERFORM = re.compile(r"when you perform this attack,?\s+(.+)", _IC | re.DOTALL)
_WHEN_FROM = re.compile(rf"when ({_FROM}),\s*(.+)", _IC | re.DOTALL)


# "it" is this attack after a condition on it, or after "If you do" where only an attack can
# be stopped (docs/rulings.md 170-171)
_IF_IT = re.compile(
    r"(if this attack [^,]+,\s*)it ((?:stays|cannot) .+)|(if you do,\s*)it (cannot be stopped.*)",
    _IC | re.DOTALL,
)


_MP_MAY_PAY = re.compile(
    rf"your (?:mp|main personality) may pay ({_N} (?:power )?stages?) to (.+)", _IC | re.DOTALL
)


def performed(body: str) -> str | None:
    """ "When you perform this attack you may ..." -> "you may ..."; "When this attack is
    performed from your discard pile, ..." -> "If this attack is ..., ..."; or None."""
    found = _PERFORM.fullmatch(body)
    if found:
        return found.group(1)
    found = _WHEN_FROM.fullmatch(body)
    if found:
        return f"If {found.group(1)}, {found.group(2)}"
    found = _IF_IT.fullmatch(body)  # "If this attack ..., it stays in play ...": this attack
    if found:
        head, tail = (found.group(1), found.group(2)) if found.group(1) else found.group(3, 4)
        return f"{head}this attack {tail}"
    found = _MP_MAY_PAY.fullmatch(body)  # the MP's stages: "You may <MP loses N> to <effect>"
    return f"you may your MP loses {found.group(1)} to {found.group(3)}" if found else None


def parse_from_discard(text: str) -> Json | None:
    """ "this attack is performed (played) from your discard pile": a condition on how the
    attack in progress was performed (docs/rulings.md 169); "this attack dealt (did not
    deal) critical damage" (docs/rulings.md 170); or None."""
    if re.fullmatch(_FROM, text, _IC):
        return {"from_discard": True}
    found = _CRITICAL.fullmatch(text)
    return {"dealt_critical": not found.group(1)} if found else None


_CRITICAL = re.compile(r"this attack (?:dealt|(did not|didn't) deal) critical damage", _IC)


_ALSO = re.compile(r"((?:have )?this attack) also (deals?|does|do) (\+.+)", _IC)
_INSTEAD = re.compile(
    rf"(.+?\+){_N}( (?:(?:power )?stages?|life cards?)(?: of damage)?)"
    rf" instead of \+{_N}(?: ((?:power )?stages?|life cards?))?",
    _IC,
)


def parse_deals(body: str) -> Json | None:
    """ "this attack also deals +3 life cards", "this attack deals +6 stages instead of +3"
    -> `attack_deals`, or None."""
    from engine.panini.cardtext.damage import parse_attack_deals  # it builds on patterns, as this

    also = _ALSO.fullmatch(body)
    if also:
        return parse_attack_deals(f"{also.group(1)} {also.group(2)} {also.group(3)}")
    instead = _INSTEAD.fullmatch(body)
    if instead is None:
        return None
    head, new, unit, old, old_unit = instead.groups()
    if old_unit and ("life" in old_unit.lower()) != ("life" in unit.lower()):
        return None  # "+6 stages instead of +3 life cards": not one term grown
    gain = number(new) - number(old)
    if gain <= 0:
        return None
    effect = parse_attack_deals(f"{head}{gain}{unit}")
    if effect is None or "per" in effect:
        return None
    return {**effect, "instead_of": number(old)}  # checked against the damage: settle


def _printed_plus(damage: Json, unit: str) -> int | None:
    """The "+N" of the attack's printed damage in `unit` ("AT +3 stages": 3), or None."""
    kind = {"stages": "at", "life": "at_life"}[unit]
    if damage.get("kind") == kind and not damage.get("plus_x"):
        return int(damage.get("amount", 0))
    also = damage.get("also")
    if unit == "life" and also and also.get("kind") == "life" and damage.get("kind") == "at":
        return int(also.get("amount", 0))  # "AT +3 stages and +2 life cards"
    return None


def settle(effects: list[Json], damage: Json) -> list[Json] | None:
    """The attack's effects with each "instead of +B" checked against its printed damage:
    None when the damage has no such "+B" in that unit (what would it replace?)."""
    settled: list[Json] = []
    for effect in effects:
        if "instead_of" in effect:
            effect = dict(effect)
            if _printed_plus(damage, effect["unit"]) != effect.pop("instead_of"):
                return None
        settled.append(effect)
    if "attack_base" in repr(settled) and set(damage) & {"also", "plus_x", "minus_x", "per"}:
        return None  # a base in place of a damage of two parts, or counted: which part?
    if "dealt_critical" in repr(settled) or "attack_result" in repr(settled):
        return None  # before its damage, whether it dealt critical damage is not known
    return None if "instead_of" in repr(settled) else settled  # one inside "A or B": unsure


# --- "may pay any amount of stages", "For every 2 stages paid, ...", "the amount lowered" ---
_PAY_ANY = re.compile(
    r"(the personality performing this attack|your (?:mp|main personality)) may pay any "
    r"(?:amount|number) of (?:power )?stages",
    _IC,
)


def parse_pay_any(body: str) -> Json | None:
    """ "The personality performing this attack may pay any amount of stages." ->
    `pay_any_stages` (engine.panini.chosen_amounts), or None."""
    found = _PAY_ANY.fullmatch(body)
    if found is None:
        return None
    effect: Json = {"do": "pay_any_stages"}
    if found.group(1).lower().startswith("the personality"):
        effect["personality"] = "attacking"
    return effect


# what the sentence just before did (engine.panini.cardtext.counting checks it: `_after`)
_PAID = r"(?:power )?stages? paid"
_FOR_EVERY = re.compile(rf"for (?:every|each) (?:{_N} )?{_PAID}, (.+)", _IC)
_THIS_DEALS = re.compile(r"this (deals?|does|do) ", _IC)
_DEALS_EACH = re.compile(rf"(.+) for (?:every|each) (?:{_N} )?{_PAID}", _IC)
_AMOUNT = re.compile(
    r"(?:the )?(?:amount|number) of (?:power )?stages paid|(?:the )?stages paid"
    r"|(?:the )?amount (?:of anger )?(?:you )?lowered",
    _IC,
)


def parse_amount(text: str) -> Json | None:
    """ "the amount of anger you lowered", "the number of stages paid" -> the amount the
    sentence before chose (`of: amount`), or None."""
    if not _AMOUNT.fullmatch(text):
        return None
    return {"of": "amount", "_after": "paid" if "paid" in text.lower() else "lowered"}


def parse_for_every(body: str) -> Json | None:
    """ "For every 2 stages paid, lower your opponent's anger 1 level.", "This attack deals
    +1 stage of damage for each stage paid." -> the effect, done once per N stages paid
    (`per`), or None."""
    from engine.panini.cardtext.patterns import parse_effect

    found = _FOR_EVERY.fullmatch(body)
    if found:
        every, tail = found.group(1), _THIS_DEALS.sub(r"this attack \1 ", found.group(2), 1)
    else:
        found = _DEALS_EACH.fullmatch(body)
        if found is None or not found.group(1).lower().startswith(("this attack", "have this")):
            return None
        tail, every = found.group(1), found.group(2)
    effect = parse_effect(tail)
    if effect is None or not isinstance(effect.get("amount"), int):
        return None
    if set(effect) & {"x", "per", "may", "if", "if_you_do", "every", "up_to", "instead_of"}:
        return None
    per: Json = {"of": "amount", "_after": "paid"}
    if every and number(every) > 1:
        per["every"] = number(every)
    return {**effect, "per": per}


def did_amount(after: str, effect: Json) -> bool:
    """Whether `effect` chose the amount "paid" / "lowered" speaks of."""
    if after == "paid":
        return effect.get("do") == "pay_any_stages"
    return effect.get("do") == "anger_up_to" and effect.get("direction") == "lower"


# "You may choose for this attack to deal no damage (to <effect>).": the attack's own choice
_NO_DAMAGE = re.compile(r"choose for this attack to deal no damage", _IC)


_CONSIDERED = re.compile(r"this attack is considered to deal critical damage", _IC)
_MAKE = re.compile(
    r"(?:make|have) this attack(?:'s damage (unpreventable|unmodifiable)| (unstoppable))", _IC
)


_BASE = re.compile(
    rf"this attack's base damage is {_N} ((?:power )?stages?|life cards?) instead", _IC
)


_BASE_AT = re.compile(
    rf"this attack's base damage is (?:{_N} times|twice) the AT(?: stages?)?"
    r"(?: of damage)? instead",
    _IC,
)


def parse_base(body: str) -> Json | None:
    """ "this attack's base damage is 7 stages instead" -> `attack_base`; "... is 2 times
    the AT instead" -> `at_times` (docs/rulings.md 279); or None (an X base is left to
    players)."""
    found = _BASE_AT.fullmatch(body)
    if found is not None:
        times = number(found.group(1)) if found.group(1) else 2
        return (
            None
            if times < 2
            else {"do": "attack_base", "unit": "stages", "amount": 0, "at_times": times}
        )
    found = _BASE.fullmatch(body)
    if found is None:
        return None
    unit = "life" if "life" in found.group(2).lower() else "stages"
    return {"do": "attack_base", "unit": unit, "amount": number(found.group(1))}


def parse_no_damage(body: str) -> Json | None:
    """ "choose for this attack to deal no damage"; "make this attack's damage
    unpreventable", "make this attack unstoppable" (after "to": what a cost pays for)."""
    if _NO_DAMAGE.fullmatch(body):
        return {"do": "attack_gains", "no_damage": True}
    if _CONSIDERED.fullmatch(body):
        return {"do": "attack_gains", "critical": True}
    found = _MAKE.fullmatch(body)
    if found is None:
        return None
    return {"do": "attack_gains", (found.group(1) or found.group(2)).lower(): True}


def header_first(items: list[Any]) -> list[Any]:
    """An attack's clauses with the effects printed before its header that can only be
    this attack's ("(If this attack is performed from your discard pile, ...) Physical
    attack.") moved after it, first of its effects, in printed order."""
    from engine.panini.cardtext.after_use import attack_only

    lead = 0
    while lead < len(items) and items[lead].kind == "effect" and not items[lead].hit:
        if not attack_only(items[lead].effects):
            return items
        lead += 1
    if lead == 0 or lead == len(items) or items[lead].kind != "attack":
        return items
    return [items[lead], *items[:lead], *items[lead + 1 :]]


# "Damage 3 stages HIT: Banish ...": a DAMAGE line and a HIT line printed with no full stop
_DAMAGE_HIT = re.compile(r"(damage\s*:?\s*.+?)\s+(HIT\s*:.+)", _IC | re.DOTALL)


def damage_then_hit(sentence: str) -> list[str] | None:
    """The two sentences of "DAMAGE: 5 stages HIT: Search ...", when the first is a
    damage the compiler reads whole; else None."""
    from engine.panini.cardtext.normalise import normalise
    from engine.panini.cardtext.patterns import parse_damage

    found = _DAMAGE_HIT.fullmatch(sentence.strip())
    if found is None or not found.group(2).startswith("HIT"):  # the printed label, capitals
        return None
    damage = normalise(found.group(1)).rstrip(".").strip()
    if not damage.startswith("DAMAGE: ") or parse_damage(damage[len("DAMAGE: ") :]) is None:
        return None
    return [found.group(1), found.group(2)]


# "Physical attack, You may search ...": a header and a sentence with a comma between
_HEAD_COMMA = re.compile(r"((?i:(?:physical|energy) attack[^,]*)),\s+([A-Z].+)", re.DOTALL)


def header_then_sentence(sentence: str) -> list[str] | None:
    """The two sentences of "Physical attack, You may ...", when the first is a header the
    compiler reads and the second opens with a capital letter; else None."""
    from engine.panini.cardtext.normalise import normalise
    from engine.panini.cardtext.patterns import parse_attack

    found = _HEAD_COMMA.fullmatch(sentence.strip())
    if found is None or parse_attack(normalise(found.group(1))) is None:
        return None
    return [f"{found.group(1)}.", found.group(2)]
