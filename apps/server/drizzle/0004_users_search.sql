-- The users list filter (identity/users-admin.ts). Under row-level security PostgreSQL will not
-- use an index for a non-leakproof operator such as ILIKE, so the trigram index on the search text
-- is reached through this function: it runs as the table owner (no RLS) but reads only the rows of
-- the tenant the transaction is scoped to (`app.tenant_id`, the same setting the policies use).
CREATE OR REPLACE FUNCTION identity_users_search(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
  SELECT id FROM identity_users
  WHERE tenant_id IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid
    AND NOT is_deleted
    AND (coalesce(user_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '')) ILIKE pattern
$$;
