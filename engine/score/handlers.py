"""The Score family's task table: every module of the referee registers its tasks here, so
the game class (engine.score.game) and the modules it is split into need not import each
other in a circle."""

from __future__ import annotations

from engine.core.machine import Handlers

HANDLERS = Handlers()
handler = HANDLERS.register
