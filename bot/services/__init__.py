"""Services: locking, persistence and notification. They import no Discord; the cogs
translate Discord interactions into calls to them."""
