-- The names of the OTHER companies served by this deployment, so that a company's bot can refuse a
-- question that names one («¿cuántos vehículos tiene Lácteos del Valle?») instead of answering it with
-- its own company's figures. Only slug and display name, never a row those companies own; fleetops_app
-- cannot read the companies table beyond its own row (row-level security), so this runs as the owner.
-- (Numbered 008: another branch adds 007.)
CREATE FUNCTION fleetops_other_company_names()
RETURNS TABLE (slug text, name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT c.slug, c.name FROM companies c WHERE fleetops_company_id() IS NOT NULL AND c.id <> fleetops_company_id() ORDER BY c.slug
$$;
REVOKE ALL ON FUNCTION fleetops_other_company_names() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION fleetops_other_company_names() TO fleetops_app;
