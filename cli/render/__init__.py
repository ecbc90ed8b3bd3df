"""Renderers: one per output format, over the same frozen results."""
