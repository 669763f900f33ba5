"""DBZ: Prime Time, the miniatures skirmish game (prime-time-core-rules.txt)."""
