"""The audit of automated real cards (issue 14): 100 cards the compiler automates, drawn at
random with a fixed seed from the development corpus, each printed with its text and what
the engine runs, and checked by hand. tests/test_corpus_audit.py fails when a card's
compile changes or a verdict is not "ok", so a change to the compiler is audited again.

Write or refresh the file:  .venv/bin/python -m tests.corpus_audit
Entries whose compile did not change keep their verdict and note; new or changed ones are
written "unchecked" until someone reads them and sets "ok" (or fixes the compiler)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

from engine.panini.cards import Card
from engine.panini.cardtext import compile_text

AUDIT_FILE = Path(__file__).resolve().parent / "audit" / "automated_cards.yaml"
SEED = 14
COUNT = 100
HEADER = """\
# Issue 14 audit: automated corpus cards drawn at random (seed {seed}) and checked by hand.
# For each card: its printed text and the fields the compiler gives it (what the engine
# runs). verdict: ok = every sentence is carried out as the rules and the card say.
# Regenerate with `.venv/bin/python -m tests.corpus_audit` (keeps verdicts of unchanged
# entries); tests/test_corpus_audit.py keeps this file true.
"""


def compiled_fields(card: Card) -> dict[str, Any]:
    result = compile_text(card.text, card.type)
    return {k: v for k, v in result.fields.items() if k != "automation"}


def card_id(card: Card) -> str:
    return card.source_ids[0] if card.source_ids else card.name


def draw(cards: list[Card], seed: int = SEED, count: int = COUNT) -> list[Card]:
    automated = sorted(
        (card for card in cards if compile_text(card.text, card.type).status == "automated"),
        key=card_id,
    )
    return random.Random(seed).sample(automated, min(count, len(automated)))


def load_audit(path: Path = AUDIT_FILE) -> dict[str, Any]:
    if not path.exists():
        return {"seed": SEED, "cards": []}
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def entries(cards: list[Card], previous: dict[str, Any]) -> list[dict[str, Any]]:
    """The audit entries of the cards already audited that are still automated, topped up
    with new draws to COUNT; verdicts kept where the compile is unchanged."""
    by_id = {card_id(card): card for card in cards}
    old = {entry["id"]: entry for entry in previous.get("cards", [])}
    chosen: list[Card] = []
    for entry_id in old:
        card = by_id.get(entry_id)
        if card is not None and compile_text(card.text, card.type).status == "automated":
            chosen.append(card)
    for card in draw(cards):
        if len(chosen) >= COUNT:
            break
        if card not in chosen:
            chosen.append(card)
    out = []
    for card in chosen:
        fields = compiled_fields(card)
        before = old.get(card_id(card), {})
        same = before.get("compiled") == fields
        out.append({
            "id": card_id(card), "name": card.name, "set": card.set_name,
            "type": card.type.value, "text": " ".join(card.text.split()),
            "compiled": fields,
            "verdict": before.get("verdict", "unchecked") if same else "unchecked",
            "note": before.get("note", "") if same else "",
        })  # fmt: skip
    return out


def main() -> int:
    from tests.corpus import corpus_pool, corpus_present

    if not corpus_present():
        print("the corpus is not here: see shared/corpus/README.md", file=sys.stderr)
        return 1
    cards = list(corpus_pool().by_name.values())
    audited = entries(cards, load_audit())
    AUDIT_FILE.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump({"seed": SEED, "cards": audited}, sort_keys=False,
                          allow_unicode=True, width=96)  # fmt: skip
    AUDIT_FILE.write_text(HEADER.format(seed=SEED) + text, encoding="utf-8")
    unchecked = sum(entry["verdict"] == "unchecked" for entry in audited)
    print(f"wrote {AUDIT_FILE}: {len(audited)} cards, {unchecked} unchecked")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
