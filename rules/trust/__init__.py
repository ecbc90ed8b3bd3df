"""Whether the dice and the rolls can be trusted: goodness-of-fit of each die's faces
(fair.py), each character's luck against the exact odds of their LINEs (luck.py), and the
distributions both read their p-values from (chi_square.py)."""
