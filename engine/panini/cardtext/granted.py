"""Abilities given to attacks (engine.panini.granted; docs/rulings.md 113):

- constant: "Your [Styled|non-Styled] [physical|energy] attacks gain "HIT: <effects>."" (also
  "all of your ...", the ability unquoted after "gain HIT:"), and with a condition or
  "While attached," as any constant;
- floating: the same with "this combat" / "for the remainder of combat" / "this turn";
  "Your next [Styled] [physical|energy] attack this combat gains '...'", "The next ...
  attack you perform this combat gains '...'" (the next attack it is about).

The quoted ability is "HIT: <effect(s)>" (after the attack's damage) or "<effect(s)>"
(immediate, as the attack is performed), read whole by the compiler's effect chains. The
compiler keeps the ability in the card's `grants` (`hoist`) and the modifier names it by
its index. Left unread: abilities about "this card" / "this attack" (the granting card is
not the attack), X, an "If you do" opening, "that attack", "all other attacks".
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.normalise import normalise

Json = dict[str, Any]

_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"
# the ability: quoted whole, or unquoted after "gain HIT:" ("gain HIT: Raise your anger 1
# level"), ending the sentence
# (also after a dash: "gains - HIT: Use a critical damage effect.")
_ABILITY = r"(?:(?P<q>[\"'])(?P<quoted>.+)(?P=q)|(?:- )?(?P<bare>HIT: .+))"
_COMBAT = r"(?:this combat|this turn|for the remainder of combat|for the rest of combat)"
_EVERY = re.compile(
    rf"(?:(?P<pre>for the remainder of combat), )?(?:all of |all )?your {_WHICH}attacks gain "
    rf"{_ABILITY}(?: (?P<dur>{_COMBAT}))?",
    re.IGNORECASE | re.DOTALL,
)
_NEXT = re.compile(
    rf"(?:your next {_WHICH}attack this combat|the next {_WHICH.replace('>', '2>')}attack "
    rf"you perform this combat) gains {_ABILITY}",
    re.IGNORECASE | re.DOTALL,
)


def parse_constant(body: str) -> Json | None:
    """ "Your attacks gain 'HIT: ...'" with no duration -> a `grant` Modifier (with the
    ability under `gains` until `hoist`); "Your Styled attacks do +1 stage of damage and
    gain '...'" -> both modifiers (`each`)."""
    found = _EVERY.fullmatch(body.strip())
    if found is not None and not (found.group("pre") or found.group("dur")):
        return _grant(found, "")
    both = _AND_GAIN.fullmatch(body.strip())
    if both is None:
        return None
    from engine.panini.cardtext.floating import parse_rule_modifier

    subject = both.group("subject")
    damage = parse_rule_modifier(f"{subject} {both.group('damage')}")
    grant = parse_constant(f"{subject} gain {both.group('ability')}")
    if damage is None or grant is None or "each" in damage or "each" in grant:
        return None
    return {"each": [damage, grant]}


# "<whose> attacks do +1 stage of damage and gain '<ability>'": one subject, two changes
_AND_GAIN = re.compile(
    r"(?P<subject>(?:all of |all )?your [a-z -]*attacks) (?P<damage>do .+? of damage) and gain "
    r"(?P<ability>.+)",
    re.IGNORECASE | re.DOTALL,
)


def parse_floating(body: str) -> Json | None:
    """ "Your attacks gain '...' this combat." / "Your next attack this combat gains '...'"
    -> an `until_end_of_turn` effect with a `grant` modifier."""
    found = _EVERY.fullmatch(body.strip())
    if found is not None and bool(found.group("pre")) != bool(found.group("dur")):
        modifier = _grant(found, "")
        return None if modifier is None else {"do": "until_end_of_turn", "modifier": modifier}
    found = _NEXT.fullmatch(body.strip())
    if found is None:
        return None
    # the words of whichever of the two phrasings matched
    suffix = "2" if found.group("styled2") or found.group("kind2") else ""
    modifier = _grant(found, suffix)
    if modifier is None:
        return None
    return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}


def _grant(found: re.Match[str], suffix: str) -> Json | None:
    ability = _ability(found.group("quoted") or found.group("bare"))
    if ability is None:
        return None
    modifier: Json = {"mod": "grant", "gains": ability}
    kind = found.group(f"kind{suffix}")
    styled = found.group(f"styled{suffix}")
    if kind:
        modifier["attacks"] = kind.strip().lower()
    if styled:
        modifier["styled"] = styled.strip().lower() == "styled"
    return modifier


_HIT_DASH = re.compile(r"^HIT\s+-\s+(?=[A-Z])")


def _ability(text: str) -> Json | None:
    from engine.panini.cardtext.after_use import attack_only
    from engine.panini.cardtext.compiler import effect_chain  # the compiler builds on this module

    body = normalise(text).strip().rstrip(".").strip()
    body = _HIT_DASH.sub("HIT: ", body)  # 'HIT - Destroy ...' inside the quote
    hit = body.startswith("HIT: ")
    chain = effect_chain(body[len("HIT: ") :] if hit else body)
    if chain is None or chain[0].get("if_you_do") or attack_only(chain) or _refers(chain):
        return None
    return {"effects": chain, "hit": hit}


def _refers(data: Any) -> bool:
    """Does the ability name "this card", X or "that card"? The granting card is not the
    attack, and X and choices belong to the text they are printed in."""
    if isinstance(data, list):
        return any(_refers(item) for item in data)
    if not isinstance(data, dict):
        return False
    if data.get("source") in ("this_card", "that", "moved_card") or data.get("x"):
        return True
    return any(_refers(value) for value in data.values())


def hoist(fields: Json) -> None:
    """Move each `grant` modifier's ability into `fields["grants"]`, the modifier keeping
    its index (`grant`)."""
    grants: list[Json] = []

    def walk(data: Any) -> None:
        if isinstance(data, list):
            for item in data:
                walk(item)
        elif isinstance(data, dict):
            if data.get("mod") == "grant" and "gains" in data:
                grants.append(data.pop("gains"))
                data["grant"] = len(grants) - 1
            for value in data.values():
                walk(value)

    walk(fields)
    if grants:
        fields["grants"] = grants
