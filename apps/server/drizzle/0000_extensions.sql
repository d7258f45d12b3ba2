-- Hand-written (drizzle-kit does not manage extensions): the trigram operator classes used by the
-- search indexes of the generated baseline (identity_users, catalog_products).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
