"""What every game family shares: decisions, events, the seeded random source."""
