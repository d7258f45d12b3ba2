-- Money types (0032) change the type of catalog_products.price, which the code-kept view
-- catalog_products_scoped reads; PostgreSQL refuses to alter a column a view uses. The server
-- re-creates the view after migrating (core/db/views.ts syncViews).
DROP VIEW IF EXISTS "catalog_products_scoped";
