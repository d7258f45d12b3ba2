import type { ReactNode } from 'react';
import { useAbp } from '../../lib/abp/config-store.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { useListUrl } from '../list/useListUrl.ts';
import { type CrudColumn, CrudPage } from './CrudPage.tsx';
import { downloadExport } from './export.ts';
import type { CrudQuery } from './useCrudList.ts';

export interface ResourceListProps<T extends { id: string }> {
  /** The card's test id (`<testid>-search` its search box); the column settings are kept under it. */
  testid: string;
  title: ReactNode;
  /** The list's query key: the page invalidates it after a write. */
  queryKey: readonly unknown[];
  /** A page of rows: the resource's `list`, or one narrowed by the page's query members (`?platform=`). */
  list(q: CrudQuery, signal?: AbortSignal): Promise<PagedResult<T>>;
  columns: CrudColumn<T>[];
  /** The order when the URL names none (default: the server's). */
  defaultSorting?: string;
  /** The Excel export of the searched, sorted list (`GET <url>`), saved as `<name>.xlsx`. */
  exportTo?: { url: string; name: string };
  onCreate?: () => void;
  createPermission?: string;
  rowActions?: (row: T) => ReactNode;
  actionsWidth?: number;
  toolbar?: ReactNode;
}

/**
 * A resource's list (the server's resource kit, `core/resource.ts`): search, sort and paging kept
 * in the URL as on every list page, column settings kept per user, the export and the page's own
 * buttons and row actions. `ResourcePage` adds the create/edit drawer and delete of a resource
 * edited through one form; a resource edited its own way uses the list alone.
 */
export function ResourceList<T extends { id: string }>(p: ResourceListProps<T>) {
  // paging, sorting and the search live in the URL, as on every list page
  const url = useListUrl();
  const userId = useAbp((s) => s.config?.currentUser?.id) ?? 'anonymous';
  return (
    <CrudPage<T>
      testid={p.testid}
      title={p.title}
      queryKey={p.queryKey}
      rowKey="id"
      defaultSorting={p.defaultSorting}
      state={{ ...url.table, sorting: url.table.sorting ?? p.defaultSorting }}
      onStateChange={(update) =>
        url.go((now) => ({
          filters: {},
          table: update({ ...now.table, sorting: now.table.sorting ?? p.defaultSorting }),
        }))
      }
      request={(q, signal) => p.list(q, signal)}
      columns={p.columns}
      columnSettings
      columnSettingsKey={`seller.columns.${userId}.${p.testid}`}
      onCreate={p.onCreate}
      createPermission={p.createPermission}
      exportExcel={
        p.exportTo ? { run: (q) => downloadExport(p.exportTo!.url, { ...q }, `${p.exportTo!.name}.xlsx`) } : undefined
      }
      rowActions={p.rowActions}
      actionsWidth={p.actionsWidth}
      toolbar={p.toolbar}
    />
  );
}
