/** The list kit's page: a list declared in the contracts, drawn with its filters, tabs, columns and export. */
export { type ListFilterInput, ListPage, type ListPageProps, listPageKeys } from './ListPage.tsx';
export { filterParams, type ListFilters, readListUrl, writeListUrl } from './url-state.ts';
export { useIdInUrl } from './useIdInUrl.ts';
export { type PageRequest, usePagedQuery } from './usePagedQuery.ts';
