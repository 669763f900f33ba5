""" "You may choose for that attack to deal its life card damage as stages of damage
instead." (AttackGains.life_as_stages): the attack deals its life cards of damage as as
many stages, once "+" and "-" effects changed them, so what prevents stages prevents it
and what prevents life cards does not (docs/rulings.md 246; 2016 GLOSSARY "Modifiers",
DAMAGE SUMMARY)."""

from __future__ import annotations


def as_stages(raw: list[int]) -> tuple[list[str], list[int]]:
    """The parts of an attack's damage (their amounts, a life cards part among them) as
    one part of stages; a negative part adds nothing."""
    return ["stages"], [sum(max(0, amount) for amount in raw)]
