-- Derived data. Views filter on the company of the current transaction (fleetops_company_id()),
-- so they are tenant-safe on every supported PostgreSQL, with or without security_invoker.

-- The authenticated company for this transaction: set with set_config('fleetops.company_id', id, true).
-- NULL when unset, so every filter on it fails closed.
CREATE FUNCTION fleetops_company_id() RETURNS int
LANGUAGE sql STABLE AS $$
    SELECT NULLIF(current_setting('fleetops.company_id', true), '')::int
$$;

-- "Today" as a date in the given IANA timezone. Overrides, per transaction:
--   fleetops.today = 'YYYY-MM-DD' (FLEETOPS_TODAY) or fleetops.now = a timestamptz ("now" injected).
CREATE FUNCTION fleetops_today(tz text) RETURNS date
LANGUAGE sql STABLE AS $$
    SELECT COALESCE(
        NULLIF(current_setting('fleetops.today', true), '')::date,
        (COALESCE(NULLIF(current_setting('fleetops.now', true), '')::timestamptz, now()) AT TIME ZONE tz)::date
    )
$$;

-- saldo: balance per client and asset type = sum of its signed movements. Negative balances are
-- data errors and are shown as they are.
CREATE VIEW client_balances AS
SELECT c.company_id, c.id AS client_id, c.code AS client_code, c.name AS client_name, c.city,
       a.id AS asset_type_id, a.code AS asset_code, a.name AS asset_name, a.plural_name AS asset_plural_name,
       SUM(m.quantity)::bigint AS balance,
       MAX(m.occurred_at) AS last_movement_at
FROM movements m
JOIN clients c ON c.id = m.client_id
JOIN asset_types a ON a.id = m.asset_type_id
WHERE m.company_id = fleetops_company_id()
GROUP BY c.company_id, c.id, a.id;

-- semáforo: one row per vehicle document, plus one row (status 'sin_documentos', document columns NULL)
-- per vehicle that has none. days_remaining is a date difference in the company's timezone.
CREATE VIEW document_expiries AS
SELECT v.company_id, v.id AS vehicle_id, v.plate, v.kind, v.brand_model, v.active,
       d.id AS document_id, d.doc_type, d.number AS document_number, d.issued_on, d.expires_on,
       t.today,
       (d.expires_on - t.today) AS days_remaining,
       CASE
           WHEN d.id IS NULL THEN 'sin_documentos'
           WHEN d.expires_on - t.today < 0 THEN 'vencido'
           WHEN d.expires_on - t.today <= 7 THEN 'rojo'
           WHEN d.expires_on - t.today <= 30 THEN 'amarillo'
           ELSE 'verde'
       END AS status
FROM vehicles v
JOIN companies co ON co.id = v.company_id
CROSS JOIN LATERAL (SELECT fleetops_today(co.timezone) AS today) t
LEFT JOIN vehicle_documents d ON d.vehicle_id = v.id
WHERE v.company_id = fleetops_company_id();
