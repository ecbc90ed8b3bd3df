"""Throwing dice: sources of faces, the evaluator and its frozen results."""
