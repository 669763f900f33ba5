"""Images for Discord, drawn with Pillow from engine views (engine.panini.view), never from the
raw state: `renderers.board.render_board` (the table), `renderers.hand.render_hand` (one
player's hand, for their DM) and `renderers.card.render_card` (one card face). All return
PNG bytes, are deterministic and thread-safe, and load fonts only from data/fonts."""
