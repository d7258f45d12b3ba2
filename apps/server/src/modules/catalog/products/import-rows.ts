import type { Culture } from '@seller/contracts';
import { type ProductInput, productInput } from '@seller/contracts/catalog';
import { inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { type ImportError, ImportRejected } from '../../../core/sheet-import.ts';
import { productsChanged } from '../events.ts';
import { brands, categories } from '../master-data/schema.ts';
import { importMessages, type ProductSheetRow } from './import.ts';
import { createProduct, inPriceCurrency } from './write.ts';

/**
 * Checks and writes the sheet's rows in the caller's transaction, all or nothing: any bad row
 * throws `ImportRejected` with every bad row (the caller answers it with `reportImport`); the
 * number of products created. `currency` is the tenant's price currency (`tenantPriceCurrency`).
 */
export async function importRows(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: CrudContext,
  culture: Culture,
  rows: ProductSheetRow[],
  currency: string,
): Promise<number> {
  const { columnOf, errorOf } = importMessages(culture);
  const codes = [...new Set(rows.flatMap((r) => (r.values.categoryCodes as string[] | undefined) ?? []))];
  const cats = codes.length
    ? await tx
        .select({ id: categories.id, code: categories.code })
        .from(categories)
        .where(
          owned(
            ctx,
            categories,
            inArray(
              sql`lower(${categories.code})`,
              codes.map((c) => c.toLowerCase()),
            ),
          ),
        )
    : [];
  const catByCode = new Map(cats.map((c) => [c.code.toLowerCase(), c.id]));
  const names = [...new Set(rows.map((r) => r.values.brand).filter((b): b is string => typeof b === 'string'))];
  const brandRows = names.length
    ? await tx
        .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn })
        .from(brands)
        .where(owned(ctx, brands))
    : [];
  const brandByName = new Map(
    brandRows.flatMap((b) => [
      [b.name.toLowerCase(), b.id],
      ...(b.nameEn ? [[b.nameEn.toLowerCase(), b.id] as const] : []),
    ]),
  );

  const errors: ImportError[] = [];
  const inputs: { row: number; input: ProductInput }[] = [];
  const skus = new Map<string, number>();
  for (const { row, values } of rows) {
    const {
      categoryCodes = [],
      brand,
      ...rest
    } = values as { categoryCodes?: string[]; brand?: string; sku?: unknown };
    const categoryIds: string[] = [];
    for (const code of categoryCodes) {
      const id = catByCode.get(code.toLowerCase());
      if (id) categoryIds.push(id);
      else errors.push(errorOf(row, 'categoryCodes', 'Catalog::CategoryCodeNotFound', [code]));
    }
    let brandId: string | null = null;
    if (brand) {
      brandId = brandByName.get(brand.toLowerCase()) ?? null;
      if (!brandId) errors.push(errorOf(row, 'brand', 'Catalog::BrandNotFound'));
    }
    // Duplicates within the file are told apart from the rest of the row's checks.
    const sku = typeof rest.sku === 'string' ? rest.sku.trim().toUpperCase() : '';
    const first = sku ? skus.get(sku) : undefined;
    if (first) errors.push(errorOf(row, 'sku', 'Catalog::ImportDuplicateSku', [sku, first]));
    else if (sku) skus.set(sku, row);
    const parsed = productInput.safeParse({
      ...rest,
      categoryIds: categoryCodes.length ? categoryIds : [],
      brandId,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field) || (field === 'categoryIds' && categoryCodes.length)) continue;
        seen.add(field);
        errors.push(errorOf(row, field === 'categoryIds' ? 'categoryCodes' : field, issue.message));
      }
      continue;
    }
    inputs.push({ row, input: parsed.data });
  }
  if (errors.length) throw new ImportRejected(errors);

  // The write checks (SKU taken in the tenant…) run before any failing statement, so the
  // transaction stays usable to report every row; the rejection then rolls it all back.
  for (const { row, input } of inputs) {
    try {
      await createProduct(tx, ctx, inPriceCurrency(input, currency));
    } catch (e) {
      if (!(e instanceof AppError) || !e.validationErrors) throw e;
      for (const v of e.validationErrors) {
        const field = (v.members[0] ?? '').split('.')[0];
        const name = field === 'categoryIds' ? 'categoryCodes' : field;
        // the product service's own messages number their parameters from {0}
        errors.push({ row, field: name, column: columnOf(name), message: t(culture, v.message, v.params) });
      }
    }
  }
  if (errors.length) throw new ImportRejected(errors);
  if (inputs.length) await productsChanged(services, tx, ctx);
  return inputs.length;
}
