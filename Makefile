# The two commands of the README: `make demo` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
EXTRAS ?= test,voice,faster

.PHONY: install demo test bench clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'
	touch $@

install: $(VENV)/.installed

demo: install
	$(VENV)/bin/fleetops demo

test: install
	$(PY) -m pytest

bench: install
	$(VENV)/bin/fleetops bench

clean:
	rm -rf $(VENV) .fleetops
