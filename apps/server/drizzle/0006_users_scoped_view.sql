-- The users list filter (identity/users-admin.ts) is an ILIKE over the search text, which has a
-- trigram index. Under row-level security PostgreSQL will not use an index for a non-leakproof
-- operator such as ILIKE, so the list reads this view instead: it belongs to the tables' owner (so
-- the table's policy does not apply inside it) and keeps only the rows of the tenant the
-- transaction is scoped to, with the same expression as the policy. The planner is then free to
-- choose the trigram index for a selective filter and an ordered scan for a broad one.
-- It replaces identity_users_search(), whose materialized id list made broad filters slow.
-- `SELECT *` is expanded now: a migration adding a column to identity_users must recreate the view.
CREATE VIEW "identity_users_scoped" AS
  SELECT * FROM "identity_users"
  WHERE "tenant_id" IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid;
--> statement-breakpoint
DROP FUNCTION IF EXISTS identity_users_search(text);
