"""The words that make a rule change last this combat (2016 TURN SEQUENCE: one combat a
turn, so "this combat" lasts the turn): one phrase for every module that reads them."""

from __future__ import annotations

# "this combat", "this turn", "for the remainder / rest of (the) combat", "until the end
# of (the / this) combat / turn"
THIS_COMBAT = (
    r"(?:this combat|this turn|for the (?:remainder|rest) of (?:the )?combat"
    r"|until the end of (?:the |this )?(?:combat|turn))"
)
