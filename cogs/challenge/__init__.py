"""A 1 vs 1 challenge: `/cuarenta challenge`, the user menu, and its answer buttons."""
