"""Tools for testing games against the tilegames contract, ours and yours.

:func:`check_rules` plays random legal games of any :class:`~tilegames.Rules`
and checks the common contract at every step, like pgx's ``api_test`` and
OpenSpiel's ``random_sim_test``. Run it in your own tests when you write a
game or wrap one of ours::

    from tilegames import axio_rota
    from tilegames.testing import check_rules

    def test_axio_rota_conforms():
        check_rules(axio_rota.RULES, games=50, seed=1)
"""

from tilegames.testing._checker import CheckReport, ConformanceError, check_rules

__all__ = ["CheckReport", "ConformanceError", "check_rules"]
