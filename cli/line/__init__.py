"""A LINE's one way (plan, one transaction, show) and all a LINE may name or mean."""
