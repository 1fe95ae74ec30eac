"""JSON Schemas for rulesets, overlays and records (package data)."""
