"""Card text -> the effect vocabulary of engine.panini.cards, sentence by sentence.

Conservative by design: a sentence is compiled only when the whole of it (conditions
included) matches a known pattern; every other sentence is kept verbatim in
`manual_text`. See docs/card-format.md for the list of supported sentences.
"""

from engine.panini.cardtext.compiler import CompileResult, Status, compile_text, reproduces
from engine.panini.cardtext.sentences import CardNames, sentence_shape, split_sentences

__all__ = [
    "CardNames",
    "CompileResult",
    "Status",
    "compile_text",
    "reproduces",
    "sentence_shape",
    "split_sentences",
]
