# The README's commands: `make demo` and `make test` (`make help` lists them all). They create .venv and
# install what they need on first use, printing one line per step. Versions of the voice engines are
# pinned in constraints.txt (what the tests ran with).
PYTHON  ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
EXTRAS  ?= test,dev,voice,faster
COMPANY ?=
# setuptools' editable install prints a boxed, multi-line notice («Editable installation… Please be careful
# with folders in your working directory…»: the flat layout, bot/ and backend/ at the root, is intended);
# this filter silences that one notice only, every other warning still shows.
EDITABLE_QUIET := ignore:Editable installation

.DEFAULT_GOAL := help
.PHONY: help install demo demo-reset test test-slow check lint typecheck bench clean

help: ## muestra esta lista
	@echo "fleetops — objetivos de make:"
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)
	@echo "Variables: COMPANY=slug (make demo COMPANY=lacteos-del-valle), PYTHON=python3.11, EXTRAS=$(EXTRAS)."

$(VENV)/.installed: pyproject.toml constraints.txt
	@echo "[1/3] creando el entorno $(VENV) con $(PYTHON)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "[2/3] actualizando pip"
	@$(PY) -m pip install -q --upgrade pip
	@echo "[3/3] instalando fleetops [$(EXTRAS)] con las versiones de constraints.txt (la primera vez son unos minutos: PyTorch y Whisper pesan cientos de MB)"
	@PYTHONWARNINGS="$(EDITABLE_QUIET)" $(PY) -m pip install -q -c constraints.txt -e '.[$(EXTRAS)]'
	@touch $@
	@echo "listo: $(VENV)/bin/fleetops"

install: $(VENV)/.installed ## crea .venv e instala fleetops (solo la primera vez o si cambian pyproject.toml / constraints.txt)

demo: install ## demo con base embebida y chat de terminal; COMPANY=lacteos-del-valle para la otra empresa
	$(VENV)/bin/fleetops demo $(if $(COMPANY),--company $(COMPANY))

demo-reset: install ## la demo con sus datos desde cero: borra la base embebida (lo importado incluido), no .venv
	$(VENV)/bin/fleetops demo --reset $(if $(COMPANY),--company $(COMPANY))

test: install ## corre las pruebas rápidas (levantan su propio PostgreSQL; medido: unos 3 min en una VM de 2 núcleos)
	$(PY) -m pytest

test-slow: install ## corre las pruebas lentas (voces completas, bench, instalación de la rueda)
	$(PY) -m pytest -m slow

lint: install ## ruff (reglas y formato) y las reglas de importación (lint-imports)
	$(VENV)/bin/ruff check bot backend tests
	$(VENV)/bin/ruff format --check bot backend tests
	$(VENV)/bin/lint-imports --no-cache

typecheck: install ## mypy --strict sobre bot y backend (configuración en pyproject.toml)
	$(VENV)/bin/mypy

check: lint typecheck ## lint + tipos: lo que CI corre antes de las pruebas

bench: install ## mide el rendimiento (tabla y JSON; ver README, Performance)
	$(VENV)/bin/fleetops bench

clean: ## borra .venv y los datos locales (.fleetops)
	rm -rf $(VENV) .fleetops
