import { Alert, Button, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LC } from '../../api.ts';
import type { BulkResult } from '../../gathers-api.ts';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);

export interface BulkOutcome {
  /** `Claim` or `Delete`. */
  action: 'Claim' | 'Delete';
  result: BulkResult;
  /** Titles of the rows acted on, by id (the result names ids only). */
  titles: Record<string, string>;
}

/** The per-row results of a bulk claim or delete: what succeeded (with the product made) and why the rest failed. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome | null; onClose(): void }) {
  const { t } = useTranslation();
  const result = outcome?.result;
  return (
    <Modal
      open={!!outcome}
      title={outcome ? T(`Result:${outcome.action}`) : null}
      onCancel={onClose}
      width={760}
      footer={
        <Button type="primary" onClick={onClose} data-testid="gather-results-ok">
          {t('common.ok')}
        </Button>
      }
    >
      {result && (
        <Alert
          type={result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
          showIcon
          title={T('BulkSummary', result.succeeded, result.failed)}
          style={{ marginBottom: 12 }}
          data-testid="gather-results-summary"
        />
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={result?.items ?? []}
        data-testid="gather-results"
        columns={[
          {
            key: 'title',
            title: T('Column:Title'),
            ellipsis: true,
            render: (_, r) => outcome?.titles[r.id] ?? r.id,
          },
          {
            key: 'ok',
            title: T('Column:Result'),
            width: 110,
            render: (_, r) =>
              r.ok ? <Tag color="success">{T('RowSucceeded')}</Tag> : <Tag color="error">{T('RowFailed')}</Tag>,
          },
          {
            key: 'detail',
            title: T('Column:Detail'),
            render: (_, r) =>
              r.ok ? (
                r.productId ? (
                  <Link to={`/product/product-detail?id=${r.productId}`} data-testid={`gather-result-product-${r.sku}`}>
                    {r.sku}
                  </Link>
                ) : null
              ) : (
                <span style={{ color: 'var(--ant-color-error, #cf1322)' }}>{r.error}</span>
              ),
          },
        ]}
      />
    </Modal>
  );
}
