import { Table, type TableProps } from 'antd';

export type SmallTableProps<T> = Omit<TableProps<T>, 'size'>;

/**
 * A small table inside a card, a tab, a drawer or a dialog: its rows all on one page unless it is
 * given a `pagination` (a page the server reads by itself).
 */
export function SmallTable<T extends object>({ pagination = false, ...table }: SmallTableProps<T>) {
  return <Table<T> size="small" pagination={pagination} {...table} />;
}

export interface QueryTableProps<T> extends Omit<SmallTableProps<T>, 'dataSource' | 'loading'> {
  /** The query whose items are the rows (the table spins while they first load). */
  query: { isLoading: boolean; data?: { items: T[] } };
}

/** A {@link SmallTable} of what a query read (a card's, a tab's or a dialog's rows). */
export function QueryTable<T extends object>({ query, ...table }: QueryTableProps<T>) {
  return <SmallTable<T> loading={query.isLoading} dataSource={query.data?.items ?? []} {...table} />;
}
