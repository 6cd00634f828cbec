-- Tenant isolation in the database.
-- The backend runs every request in a transaction that does
--     SET LOCAL ROLE fleetops_app;  SELECT set_config('fleetops.company_id', <id>, true);
-- fleetops_app is not the owner and has no BYPASSRLS, so row-level security applies to it: a query
-- that forgets its WHERE still sees only the authenticated company. The owner (migrations, import,
-- `fleetops bots add`) is not subject to the policies.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fleetops_app') THEN
        CREATE ROLE fleetops_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    END IF;
END
$$;
GRANT fleetops_app TO CURRENT_USER;

ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON companies TO fleetops_app
    USING (id = fleetops_company_id());

DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['clients', 'asset_types', 'vehicles', 'drivers', 'vehicle_documents',
                             'movements', 'bot_credentials', 'admins', 'llm_usage']
    LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY tenant_isolation ON %I TO fleetops_app '
                       'USING (company_id = fleetops_company_id()) '
                       'WITH CHECK (company_id = fleetops_company_id())', t);
    END LOOP;
END
$$;

GRANT USAGE ON SCHEMA public TO fleetops_app;
GRANT SELECT ON companies, clients, asset_types, vehicles, drivers, vehicle_documents, movements,
                admins, client_balances, document_expiries TO fleetops_app;
GRANT SELECT, INSERT ON llm_usage TO fleetops_app;
GRANT USAGE ON SEQUENCE llm_usage_id_seq TO fleetops_app;

-- Authentication happens before the company is known: this function (running as the owner) maps the
-- SHA-256 of a bot secret to every candidate (hash, company) pair of unrevoked credentials with that
-- hash; the caller compares in constant time. fleetops_app cannot read bot_credentials directly.
CREATE FUNCTION fleetops_credential(secret_sha256 bytea)
RETURNS TABLE (company_id int, stored_sha256 bytea)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT b.company_id, b.secret_sha256 FROM bot_credentials b
    WHERE b.secret_sha256 = fleetops_credential.secret_sha256 AND b.revoked_at IS NULL
$$;
REVOKE ALL ON FUNCTION fleetops_credential(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION fleetops_credential(bytea) TO fleetops_app;
