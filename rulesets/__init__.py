"""The shipped games, one folder each (package data)."""
