"""Pure geometry over integer coordinates, with tables built once at import.

Three modules, none of which knows any game:

* :mod:`tilegames.geometry.square`: square cells, edge neighbours, corners
  (grid vertices) and quarter-turn rotations (AXIO Rota).
* :mod:`tilegames.geometry.hexagon`: axial hexes, directions, areas, rings,
  straight rays and three-cell corners (AXIO, Polygon).
* :mod:`tilegames.geometry.pyramid`: a grid of half-cells with heights, where
  domino stones bridge two stones below (Aztack).
"""
