"""`python -m backend.cli`: the `fleetops` console script."""

from backend.cli.main import main

raise SystemExit(main())
