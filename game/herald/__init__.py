"""The Herald: the pure rules engine (no pygame, no network, no wall clock).

Start with ``game.herald.engine.HeraldGame.new(seed)``; see docs/herald-engine.md for
the API and docs/herald-rules-notes.md for every rules choice.
"""
