import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Access } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { categoryColor, LJ, type ReportDetail, reportsApi, reportsKeys, userLabel } from '../../api/reports.ts';
import { NumberTiles } from './NumberTiles.tsx';

const P = CrmPermissions.Reports;

function Block({ title, text, testid }: { title: string; text: string | null; testid: string }) {
  if (!text) return null;
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid={testid} data-content="data">
        {text}
      </Typography.Paragraph>
    </>
  );
}

/**
 * One report: its kind, period and author, the period's numbers as tiles, content, plan and
 * problems, who it was sent to and who read it, and the comments (written by its author and
 * recipients). Opening it marks it read for a recipient; its author edits, refreshes and deletes.
 */
export function ReportDrawer(props: { id: string | null; onClose(): void; onEdit(report: ReportDetail): void }) {
  const { id, onClose, onEdit } = props;
  const ui = useUi();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const report = useQuery({
    queryKey: reportsKeys.detail(id ?? ''),
    queryFn: () => reportsApi.get(id!),
    enabled: !!id,
  });
  const r = report.data;

  // opening marks it read: the list's unread marks change
  useEffect(() => {
    if (r?.sentToMe) void queryClient.invalidateQueries({ queryKey: [...reportsKeys.all, 'list'] });
  }, [r?.sentToMe, queryClient]);
  useEffect(() => {
    if (!id) setComment('');
  }, [id]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: reportsKeys.all });
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) ui.message.success(done);
      return true;
    } catch {
      // the HTTP client shows the refusal
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const send = async () => {
    const text = comment.trim();
    if (!text || !r) return;
    if (await run(() => reportsApi.comment(r.id, text))) setComment('');
  };

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={720}
      title={<span data-content="data">{r?.title ?? ' '}</span>}
      destroyOnHidden
      extra={
        r?.canEdit && (
          <Space wrap>
            <Access permission={`${P}.Update`}>
              <Button
                onClick={() => run(() => reportsApi.refreshNumbers(r.id), LJ('Page:Refreshed'))}
                loading={busy}
                data-testid="report-refresh"
              >
                {LJ('Page:Refresh')}
              </Button>
              <Button onClick={() => onEdit(r)} data-testid="report-edit">
                {LJ('Page:Edit:Action')}
              </Button>
            </Access>
            <Access permission={`${P}.Delete`}>
              <Popconfirm
                title={LJ('Page:ConfirmDelete')}
                onConfirm={async () => {
                  if (await run(() => reportsApi.remove(r.id), LJ('Page:Deleted'))) onClose();
                }}
                okButtonProps={{ 'data-testid': 'report-delete-ok' } as never}
              >
                <Button danger data-testid="report-delete">
                  {LJ('Page:Delete')}
                </Button>
              </Popconfirm>
            </Access>
          </Space>
        )
      }
    >
      {!r ? (
        <Skeleton active />
      ) : (
        <div data-testid="report-detail">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'category',
                label: LJ('Field:Category'),
                children: <Tag color={categoryColor[r.category]}>{LJ(`Category:${r.category}`)}</Tag>,
              },
              {
                key: 'period',
                label: LJ('Field:Period'),
                children: (
                  <span data-testid="report-detail-period">
                    {r.period} ({r.startDate} ~ {r.endDate})
                  </span>
                ),
              },
              { key: 'author', label: LJ('Field:Author'), children: userLabel(r.author) },
              {
                key: 'time',
                label: LJ('Field:CreationTime'),
                children: new Date(r.creationTime).toLocaleString(),
              },
            ]}
          />
          <Divider titlePlacement="start">{LJ('Page:Numbers')}</Divider>
          <NumberTiles numbers={r.numbers} testid="report-numbers" />
          <Divider />
          <Block title={LJ('Field:Content')} text={r.content} testid="report-detail-content" />
          <Block title={LJ('Field:Plan')} text={r.plan} testid="report-detail-plan" />
          <Block title={LJ('Field:Problems')} text={r.problems} testid="report-detail-problems" />
          <Divider titlePlacement="start">
            {LJ('Page:Recipients')} · {LJ('Page:ReadBy', r.readCount, r.recipientCount)}
          </Divider>
          {r.recipients.length === 0 ? (
            <Typography.Text type="secondary">{LJ('Page:NoRecipients')}</Typography.Text>
          ) : (
            <Space wrap data-testid="report-recipients">
              {r.recipients.map((u) => (
                <Tag
                  key={u.id}
                  color={u.readTime ? 'success' : 'default'}
                  icon={u.readTime ? <CheckCircleOutlined /> : <ClockCircleOutlined />}
                  title={u.readTime ? LJ('Page:ReadAt', new Date(u.readTime).toLocaleString()) : LJ('Page:Unread')}
                  data-testid={`report-recipient-${u.userName}`}
                  data-read={u.readTime ? 'true' : 'false'}
                >
                  {userLabel(u)} · {u.readTime ? LJ('Page:Read') : LJ('Page:Unread')}
                </Tag>
              ))}
            </Space>
          )}
          <Divider titlePlacement="start">{LJ('Page:Comments')}</Divider>
          {r.comments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={LJ('Page:NoComments')} />
          ) : (
            <div data-testid="report-comments">
              {r.comments.map((c) => (
                <div key={c.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
                  <Space size={8} wrap>
                    <Typography.Text strong>{userLabel(c.author)}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {new Date(c.creationTime).toLocaleString()}
                    </Typography.Text>
                    {c.mine && (
                      <Popconfirm
                        title={LJ('Page:ConfirmDeleteComment')}
                        onConfirm={() => run(() => reportsApi.removeComment(r.id, c.id))}
                      >
                        <LinkButton danger>{LJ('Page:Delete')}</LinkButton>
                      </Popconfirm>
                    )}
                  </Space>
                  <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-content="data">
                    {c.content}
                  </div>
                </div>
              ))}
            </div>
          )}
          {r.canComment && (
            <Access permission={`${P}.Comment`}>
              <Space.Compact style={{ width: '100%', marginTop: 12 }}>
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={1000}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  placeholder={LJ('Page:CommentPlaceholder')}
                  data-testid="report-comment-input"
                />
                <Button
                  type="primary"
                  onClick={send}
                  loading={busy}
                  disabled={!comment.trim()}
                  data-testid="report-comment-send"
                >
                  {LJ('Page:Send')}
                </Button>
              </Space.Compact>
            </Access>
          )}
        </div>
      )}
    </Drawer>
  );
}
