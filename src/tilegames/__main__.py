"""``python -m tilegames``: the same as the ``tilegames`` command."""

import sys

from tilegames.cli import main

if __name__ == "__main__":
    sys.exit(main())
