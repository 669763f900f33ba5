"""Events: the pure logic of Swiss tournaments (pairing, standings, the top cut). Nothing
here touches Discord or the database; bot/services/tournaments.py stores and runs events."""
