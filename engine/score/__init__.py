"""The Score family: the Score DBZ CCG (`score`) and the fan DBZ OCG (`ocg`), one family
with Score the base and the OCG a ruleset of options over it (docs/games.md)."""
