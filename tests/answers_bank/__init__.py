"""Question bank for exact answers (issue 13): an independent oracle over the fixture CSVs, the questions,
the matcher and a runner. `python -m tests.answers_bank.report` prints today's exact rate and every miss."""
