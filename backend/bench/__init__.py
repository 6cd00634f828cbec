"""`fleetops bench`: reproducible performance figures, separate from the test suite.

One module per benchmark (memory, prompt, ask, botload, voice), each exposing
`run(opts: BenchOptions) -> dict` returning a result in the shape documented in `backend.bench.report`.
`backend.bench.runner.cmd_bench` is the CLI entry point.
"""
