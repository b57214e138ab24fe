"""Hints during a match and the review after it: the Discord side of engine/ai/teacher.py."""
