-- saldo as a maintained table: `balances` holds, per client and asset type, the sum of its movements,
-- kept by statement-level triggers on movements (INSERT / UPDATE / DELETE, transition tables, so one
-- COPY-sized import costs one aggregate). Reading a balance, the top clients or the fleet totals then
-- touches ~one row per client and asset type instead of every movement.
-- Negative balances stay negative. `movements` counts the rows behind a balance (0 = no movements).

CREATE TABLE balances (
    company_id       int    NOT NULL REFERENCES companies(id),
    client_id        bigint NOT NULL REFERENCES clients(id),
    asset_type_id    int    NOT NULL REFERENCES asset_types(id),
    balance          bigint NOT NULL DEFAULT 0,
    movements        bigint NOT NULL DEFAULT 0,
    last_movement_at timestamptz,
    PRIMARY KEY (client_id, asset_type_id)
);
CREATE INDEX balances_company_idx ON balances (company_id);

CREATE FUNCTION balances_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO balances AS b (company_id, client_id, asset_type_id, balance, movements)
        SELECT company_id, client_id, asset_type_id, -sum(quantity), -count(*)
        FROM old_rows GROUP BY company_id, client_id, asset_type_id
        ON CONFLICT (client_id, asset_type_id) DO UPDATE
            SET balance = b.balance + EXCLUDED.balance, movements = b.movements + EXCLUDED.movements;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO balances AS b (company_id, client_id, asset_type_id, balance, movements, last_movement_at)
        SELECT company_id, client_id, asset_type_id, sum(quantity), count(*), max(occurred_at)
        FROM new_rows GROUP BY company_id, client_id, asset_type_id
        ON CONFLICT (client_id, asset_type_id) DO UPDATE
            SET balance = b.balance + EXCLUDED.balance, movements = b.movements + EXCLUDED.movements,
                last_movement_at = GREATEST(b.last_movement_at, EXCLUDED.last_movement_at);
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        -- a removed movement may have been the latest one: recompute for the keys it touched
        UPDATE balances b
        SET last_movement_at = (SELECT max(m.occurred_at) FROM movements m
                                WHERE m.client_id = b.client_id AND m.asset_type_id = b.asset_type_id)
        WHERE (b.client_id, b.asset_type_id) IN (SELECT DISTINCT client_id, asset_type_id FROM old_rows);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER movements_balances_insert AFTER INSERT ON movements
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION balances_apply();
CREATE TRIGGER movements_balances_update AFTER UPDATE ON movements
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION balances_apply();
CREATE TRIGGER movements_balances_delete AFTER DELETE ON movements
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION balances_apply();

INSERT INTO balances (company_id, client_id, asset_type_id, balance, movements, last_movement_at)
SELECT company_id, client_id, asset_type_id, sum(quantity), count(*), max(occurred_at)
FROM movements GROUP BY company_id, client_id, asset_type_id;

ALTER TABLE balances ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON balances TO fleetops_app
    USING (company_id = fleetops_company_id()) WITH CHECK (company_id = fleetops_company_id());
GRANT SELECT ON balances TO fleetops_app;

-- Same columns as before, now read from the maintained table.
CREATE OR REPLACE VIEW client_balances AS
SELECT c.company_id, c.id AS client_id, c.code AS client_code, c.name AS client_name, c.city,
       a.id AS asset_type_id, a.code AS asset_code, a.name AS asset_name, a.plural_name AS asset_plural_name,
       b.balance,
       b.last_movement_at
FROM balances b
JOIN clients c ON c.id = b.client_id
JOIN asset_types a ON a.id = b.asset_type_id
WHERE b.company_id = fleetops_company_id() AND b.movements > 0;
