-- Names with typos: trigram similarity (pg_trgm) on the folded client and driver names, served by GIN
-- indexes (`word_similarity`, the `<%` operator and the `~` whole-word regexes of the name lookup all use
-- them). pg_trgm is a contrib extension marked trusted (PostgreSQL ≥ 13), so the database owner may
-- create it; the embedded PostgreSQL ships it, and on Debian/Ubuntu it is in `postgresql-contrib`
-- (part of the `postgresql` package since PostgreSQL 10). See deploy/README.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX clients_name_trgm_idx ON clients USING gin (name_folded gin_trgm_ops);
CREATE INDEX drivers_name_trgm_idx ON drivers USING gin (name_folded gin_trgm_ops);

-- Fleet-wide questions about a period («¿cuántas canastillas despachamos ayer?», «remisiones de
-- noviembre») read the company's movements by time.
CREATE INDEX movements_company_time_idx ON movements (company_id, occurred_at);
