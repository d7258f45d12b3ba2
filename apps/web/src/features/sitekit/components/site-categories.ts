import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CatalogCategoryOption, catalogPickersApi, siteCategoriesApi, sitekitShopKeys } from '../api.ts';
import { byOrderThenName } from './tree-rows.ts';

/** A catalogue category as the pickers and tags name it. */
export const catalogLabel = (c: CatalogCategoryOption) => `${c.name} (${c.code})`;

/** A site's categories, read whole, in the site's order. */
export function useSiteCategories(siteId: string) {
  const query = useQuery({
    queryKey: sitekitShopKeys.categories(siteId),
    queryFn: ({ signal }) => siteCategoriesApi.all(siteId, signal),
  });
  const rows = useMemo(() => byOrderThenName(query.data?.items ?? []), [query.data]);
  return { query, rows };
}

/** The catalogue's categories (the mapping's names and pickers), by id too. */
export function useCatalogCategories() {
  const query = useQuery({ queryKey: sitekitShopKeys.catalogCategories, queryFn: catalogPickersApi.categories });
  const rows = useMemo(() => query.data?.items ?? [], [query.data]);
  const byId = useMemo(() => new Map(rows.map((c) => [c.id, c])), [rows]);
  return { query, rows, byId };
}
