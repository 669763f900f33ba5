"""The Panini DBZ TCG family (rulesets panini-2016 and panini-2014)."""
