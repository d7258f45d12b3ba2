import { EyeOutlined } from '@ant-design/icons';
import type { DeclaredList } from '@seller/contracts/lists';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/crud/index.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ListPage } from '../../../components/list/index.ts';
import { useAccess } from '../../../lib/access.tsx';
import { BulkDelete } from './BulkDelete.tsx';

export interface LogPageProps<T extends { id: string }> {
  /** The prefix of the page's test ids ("audit-log" → audit-log-filter-url, audit-log-detail-open…). */
  name: string;
  title: string;
  list: DeclaredList;
  /** The log's API: the list (with `/export`), `DELETE url/{id}` and `DELETE url?ids=`. */
  url: string;
  permissions: { view: string; delete: string };
  api: {
    delete(id: string): Promise<unknown>;
    deleteMany(ids: string[]): Promise<{ deletedCount: number }>;
  };
  render?: Partial<Record<string, (row: T) => ReactNode>>;
  /** The detail drawer, open while `record` is set. */
  renderDetail(record: T | undefined, close: () => void): ReactNode;
}

/** A log list on the list kit: its filters, the table with export, single and bulk delete, a detail drawer. */
export function LogPage<T extends { id: string }>(props: LogPageProps<T>) {
  const { t } = useTranslation();
  const access = useAccess();
  const client = useQueryClient();
  const [detail, setDetail] = useState<T>();
  const refresh = () => client.invalidateQueries({ queryKey: [props.url] });

  return (
    <>
      <ListPage<T>
        list={props.list}
        url={props.url}
        testid={props.name}
        title={props.title}
        render={props.render}
        exportPermission={props.permissions.view}
        bulkActions={
          access.can(props.permissions.delete)
            ? (rows, done) => (
                <BulkDelete
                  permission={props.permissions.delete}
                  selected={rows.map((r) => r.id)}
                  testid={`${props.name}-bulk-delete`}
                  onDelete={async (ids) => {
                    const r = await props.api.deleteMany(ids);
                    done();
                    return r;
                  }}
                />
              )
            : undefined
        }
        actionsWidth={150}
        rowActions={(r) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <LinkButton icon={<EyeOutlined />} onClick={() => setDetail(r)} data-testid={`${props.name}-detail-open`}>
              {t('AbpAuditing::Detail')}
            </LinkButton>
            <DeleteAction
              permission={props.permissions.delete}
              onConfirm={async () => {
                await props.api.delete(r.id);
                await refresh();
              }}
            />
          </span>
        )}
      />
      {props.renderDetail(detail, () => setDetail(undefined))}
    </>
  );
}
