"""Shared test fixtures (filled in by its owner)."""
