-- fleetops schema: companies and everything they own.
-- Natural keys (slug, code, plate, document number) are unique per company: the CSV import upserts on them.

CREATE TABLE companies (
    id          serial PRIMARY KEY,
    slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
    name        text NOT NULL,
    timezone    text NOT NULL  -- IANA name, e.g. America/Bogota
);

CREATE TABLE clients (
    id          bigserial PRIMARY KEY,
    company_id  int  NOT NULL REFERENCES companies(id),
    code        text NOT NULL,            -- ERP code, text: '007' and '77' are different clients
    name        text NOT NULL,
    name_folded text NOT NULL,            -- lower-case, accents removed: for name search
    city        text NOT NULL DEFAULT '',
    UNIQUE (company_id, code)
);
CREATE INDEX clients_name_folded_idx ON clients (company_id, name_folded text_pattern_ops);

CREATE TABLE asset_types (
    id          serial PRIMARY KEY,
    company_id  int  NOT NULL REFERENCES companies(id),
    code        text NOT NULL,            -- CAN, EST, TAP ...
    name        text NOT NULL,            -- singular: canastilla
    plural_name text NOT NULL,            -- plural: canastillas
    UNIQUE (company_id, code)
);

CREATE TABLE vehicles (
    id          serial PRIMARY KEY,
    company_id  int  NOT NULL REFERENCES companies(id),
    plate       text NOT NULL CHECK (plate ~ '^[A-Z0-9]+$'),  -- normalised: KLM482
    kind        text NOT NULL DEFAULT '',
    brand_model text NOT NULL DEFAULT '',
    model_year  int,
    active      boolean NOT NULL DEFAULT true,
    UNIQUE (company_id, plate)
);

CREATE TABLE drivers (
    id               serial PRIMARY KEY,
    company_id       int  NOT NULL REFERENCES companies(id),
    document_number  text NOT NULL,
    full_name        text NOT NULL,
    name_folded      text NOT NULL,
    phone            text NOT NULL DEFAULT '',
    license_expires_on date,
    vehicle_id       int REFERENCES vehicles(id),
    UNIQUE (company_id, document_number)
);
CREATE INDEX drivers_vehicle_idx ON drivers (vehicle_id);

CREATE TABLE vehicle_documents (
    id          bigserial PRIMARY KEY,
    company_id  int  NOT NULL REFERENCES companies(id),
    vehicle_id  int  NOT NULL REFERENCES vehicles(id),
    doc_type    text NOT NULL CHECK (doc_type IN ('SOAT', 'TECNOMECANICA', 'POLIZA_RC')),
    number      text NOT NULL,
    issued_on   date,
    expires_on  date NOT NULL,
    UNIQUE (company_id, vehicle_id, doc_type, number)
);
CREATE INDEX vehicle_documents_vehicle_idx ON vehicle_documents (vehicle_id);
CREATE INDEX vehicle_documents_expiry_idx ON vehicle_documents (company_id, expires_on);

CREATE TABLE movements (
    id            bigserial PRIMARY KEY,
    company_id    int  NOT NULL REFERENCES companies(id),
    occurred_at   timestamptz NOT NULL,   -- CSV local time interpreted in the company's timezone
    kind          text NOT NULL CHECK (kind IN ('opening', 'dispatch', 'return', 'adjustment')),
    delivery_note text,                   -- remisión number; one note, several lines
    client_id     bigint NOT NULL REFERENCES clients(id),
    asset_type_id int  NOT NULL REFERENCES asset_types(id),
    quantity      int  NOT NULL,          -- signed: dispatch +, return -
    vehicle_id    int REFERENCES vehicles(id),
    driver_id     int REFERENCES drivers(id),
    fingerprint   bytea NOT NULL,         -- hash of the CSV row + its repeat index: makes re-import idempotent
    UNIQUE (company_id, fingerprint)
);
CREATE INDEX movements_client_idx ON movements (client_id, asset_type_id);
CREATE INDEX movements_client_time_idx ON movements (client_id, occurred_at DESC);
CREATE INDEX movements_note_idx ON movements (company_id, delivery_note) WHERE delivery_note IS NOT NULL;
CREATE INDEX movements_vehicle_idx ON movements (vehicle_id);

-- Who may talk to the backend: one secret per company bot (stored as SHA-256), and the admins.
CREATE TABLE bot_credentials (
    id            serial PRIMARY KEY,
    company_id    int  NOT NULL REFERENCES companies(id),
    label         text NOT NULL DEFAULT '',
    secret_sha256 bytea NOT NULL UNIQUE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz
);

CREATE TABLE admins (
    id               serial PRIMARY KEY,
    company_id       int    NOT NULL REFERENCES companies(id),
    telegram_user_id bigint NOT NULL,
    name             text   NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, telegram_user_id)
);

-- One row per model call; never the question text.
CREATE TABLE llm_usage (
    id             bigserial PRIMARY KEY,
    company_id     int  NOT NULL REFERENCES companies(id),
    occurred_at    timestamptz NOT NULL DEFAULT now(),
    request_id     text NOT NULL,
    model          text NOT NULL DEFAULT '',
    input_tokens   int,
    output_tokens  int,
    cache_read_input_tokens     int,
    cache_creation_input_tokens int,
    latency_ms     int,
    outcome        text NOT NULL        -- ok | max_tokens | error code
);
CREATE INDEX llm_usage_company_time_idx ON llm_usage (company_id, occurred_at);
