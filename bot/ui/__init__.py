"""Discord presentation of matches: embeds, components and the notifier."""
