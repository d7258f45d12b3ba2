import { pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * The tables as the recycle area's lists see them. The list kit reads only the live rows of a
 * soft-deletable table (it adds "not deleted" to every read of one); the recycle area lists the
 * deleted ones. So its lists are given the same table under a shape without `is_deleted` (the
 * tenant and the id: what the kit itself names; sorts and search name the real table's columns,
 * which render the same), and each source's scope asks for the deleted rows. Not part of the
 * schema (`src/schema.ts`): no migration sees them.
 */
const shapeOf = (name: string) => pgTable(name, { id: uuid('id').primaryKey(), tenantId: uuid('tenant_id') });

export const recycledProductsTable = shapeOf('catalog_products');
export const recycledVendorsTable = shapeOf('catalog_product_vendors');
