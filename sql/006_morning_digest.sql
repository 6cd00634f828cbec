-- Morning digest: when each company's digest goes out, what each admin chose, and a sent log that
-- makes the digest at-most-once per admin and day.

-- Local time of the company's digest (in companies.timezone); NULL = FLEETOPS_DIGEST_TIME (default 07:00).
ALTER TABLE companies ADD COLUMN digest_time time;

-- /alertas: 'daily' (todos los días), 'if_any' (solo si hay algo), 'off' (no).
ALTER TABLE admins ADD COLUMN alerts text NOT NULL DEFAULT 'daily' CHECK (alerts IN ('daily', 'if_any', 'off'));
-- Set when Telegram answered Forbidden (the admin blocked the bot); cleared when they write /start again.
ALTER TABLE admins ADD COLUMN blocked_at timestamptz;

-- One row per (admin, local date), inserted by the bot's claim BEFORE it sends: a second claim for the
-- same day fails, so a restart never sends twice. A row left at 'claimed' means the sender died between
-- claim and send: that admin lost that day's digest (the bot logs it).
CREATE TABLE digest_log (
    id          bigserial PRIMARY KEY,
    company_id  int  NOT NULL REFERENCES companies(id),
    admin_id    int  NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
    digest_date date NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    outcome     text NOT NULL DEFAULT 'claimed' CHECK (outcome IN ('claimed', 'sent', 'blocked', 'failed')),
    finished_at timestamptz,
    UNIQUE (admin_id, digest_date)
);
CREATE INDEX digest_log_company_date_idx ON digest_log (company_id, digest_date);

ALTER TABLE digest_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON digest_log TO fleetops_app
    USING (company_id = fleetops_company_id())
    WITH CHECK (company_id = fleetops_company_id());

GRANT SELECT, INSERT, UPDATE ON digest_log TO fleetops_app;
GRANT USAGE ON SEQUENCE digest_log_id_seq TO fleetops_app;
GRANT UPDATE (alerts, blocked_at) ON admins TO fleetops_app;
