import { GATHER_URLS_MAX } from '@seller/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { LC } from '../../api.ts';
import { type GatherBatch, gathersApi } from '../../gathers-api.ts';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);
/** How often a running batch is asked for its rows. */
const POLL_MS = 1000;

const rowColor = { Pending: 'processing', Succeeded: 'success', Failed: 'error' } as const;

/** The URLs typed, one a line: blank lines dropped, duplicates once. */
export const urlLines = (text: string) => [...new Set(text.split(/\r?\n/).map((l) => l.trim()))].filter(Boolean);

/**
 * "Gather by URLs": up to fifty source URLs, one a line. The server gathers them in a background
 * job; the dialog polls the batch and shows each URL's result as it comes. `onProgress` runs
 * whenever more rows are done (the list refreshes). Hidden by its parent (to open an item), it
 * keeps its batch; closed by the user, it starts afresh.
 */
export function GatherByUrls({
  open,
  onClose,
  onProgress,
  onOpen,
}: {
  open: boolean;
  onClose(): void;
  onProgress(): unknown;
  /** Opens a gathered item's detail (from its row). */
  onOpen(gatherId: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ urls: string }>();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const text = Form.useWatch('urls', form) ?? '';
  const count = urlLines(text).length;

  const batch = useQuery({
    queryKey: ['catalog', 'gathers', 'batch', batchId],
    queryFn: () => gathersApi.batch(batchId!),
    enabled: !!batchId,
    refetchInterval: (q) => (q.state.data?.status === 'Completed' ? false : POLL_MS),
  });
  const done = batch.data ? batch.data.succeeded + batch.data.failed : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list refreshes when more rows are done
  useEffect(() => {
    if (done > 0) void onProgress();
  }, [done]);

  const reset = () => {
    setBatchId(null);
    form.resetFields();
  };
  const close = () => {
    reset();
    onClose();
  };
  const start = async () => {
    const urls = urlLines(form.getFieldValue('urls') ?? '');
    if (urls.length === 0) return form.setFields([{ name: 'urls', errors: [T('UrlsRequired')] }]);
    if (urls.length > GATHER_URLS_MAX) {
      return form.setFields([{ name: 'urls', errors: [T('TooManyUrls', GATHER_URLS_MAX)] }]);
    }
    setStarting(true);
    try {
      setBatchId((await gathersApi.byUrls(urls)).id);
    } catch (e) {
      // a bad URL's error names `urls.N`: shown on the text box
      applyServerErrors(form, e);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={T('ByUrlsTitle')}
      width={820}
      onCancel={close}
      destroyOnHidden
      footer={
        batchId ? (
          <Space>
            <Button onClick={reset} data-testid="gather-urls-again">
              {T('GatherMore')}
            </Button>
            <Button type="primary" onClick={close} data-testid="gather-urls-close">
              {t('common.ok')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={starting}
              onClick={() => void start()}
              disabled={count === 0}
              data-testid="gather-urls-start"
            >
              {T('StartGathering')}
            </Button>
          </Space>
        )
      }
    >
      {batchId ? (
        <BatchProgress batch={batch.data} onOpen={onOpen} />
      ) : (
        <Form form={form} layout="vertical">
          <Typography.Paragraph type="secondary">{T('ByUrlsHint', GATHER_URLS_MAX)}</Typography.Paragraph>
          <Form.Item name="urls" extra={T('UrlCount', count, GATHER_URLS_MAX)}>
            <Input.TextArea
              rows={8}
              placeholder="https://detail.1688.com/offer/…html"
              aria-label={T('ByUrlsTitle')}
              data-testid="gather-urls-input"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The batch's progress and its rows, each URL with its result. */
function BatchProgress({ batch, onOpen }: { batch: GatherBatch | undefined; onOpen(gatherId: string): void }) {
  if (!batch) return <Progress percent={0} status="active" />;
  const done = batch.succeeded + batch.failed;
  const completed = batch.status === 'Completed';
  return (
    <div data-testid="gather-batch">
      <Progress
        percent={batch.total ? Math.round((done / batch.total) * 100) : 100}
        status={completed ? (batch.failed ? 'exception' : 'success') : 'active'}
        format={() => `${done}/${batch.total}`}
      />
      <Alert
        style={{ margin: '12px 0' }}
        type={completed ? (batch.failed ? 'warning' : 'success') : 'info'}
        showIcon
        title={completed ? T('BatchDone', batch.succeeded, batch.failed) : T('BatchRunning', done, batch.total)}
        data-testid="gather-batch-status"
      />
      <Table
        rowKey="index"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={batch.rows}
        columns={[
          { key: 'index', title: '#', dataIndex: 'index', width: 48, render: (i: number) => i + 1 },
          { key: 'url', title: T('Column:Url'), dataIndex: 'url', ellipsis: true },
          {
            key: 'status',
            title: T('Column:Result'),
            dataIndex: 'status',
            width: 100,
            render: (s: keyof typeof rowColor, r) => (
              <Tag color={rowColor[s]} data-testid={`gather-batch-row-${r.index}`}>
                {T(`Row:${s}`)}
              </Tag>
            ),
          },
          {
            key: 'detail',
            title: T('Column:Detail'),
            dataIndex: 'error',
            // a URL gathered before says so, and links to the item there is
            render: (e: string | null, r) => {
              const open = r.gatherId ? (
                <LinkButton
                  style={{ padding: 0 }}
                  onClick={() => onOpen(r.gatherId!)}
                  data-testid={`gather-batch-open-${r.index}`}
                >
                  {T('Detail')}
                </LinkButton>
              ) : null;
              return e ? (
                <span>
                  <span style={{ color: '#cf1322' }} data-testid={`gather-batch-error-${r.index}`}>
                    {e}
                  </span>{' '}
                  {open}
                </span>
              ) : (
                open
              );
            },
          },
        ]}
      />
    </div>
  );
}
