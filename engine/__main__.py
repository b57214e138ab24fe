"""`python -m engine`: play Cuarenta in the terminal."""

from .cli import main

raise SystemExit(main())
