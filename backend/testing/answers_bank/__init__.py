"""Question bank for exact answers (issue 13): an independent oracle over the fixture CSVs, the questions,
the matcher and a runner (used by tests/test_answers_bank.py and `fleetops bench`; reads the CSVs of a
checkout's demo-data/fleet). `python -m backend.testing.answers_bank.report` prints today's exact rate and
every miss."""
