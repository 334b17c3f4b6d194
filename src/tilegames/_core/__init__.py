"""Game-agnostic machinery shared by every tilegames game.

The public names are re-exported from :mod:`tilegames`; import them from there.
"""
