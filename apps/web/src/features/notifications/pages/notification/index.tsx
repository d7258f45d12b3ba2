import { CheckOutlined } from '@ant-design/icons';
import { NotificationReadState } from '@seller/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
import { type UserNotification, useNotificationHub } from '../../../../lib/realtime.ts';
import { inboxApi, NT } from '../../api.ts';
import { SeverityTag } from '../../components/SeverityTag.tsx';
import { SubscriptionSettings } from '../../components/SubscriptionSettings.tsx';

type ReadFilter = 'all' | 'unread' | 'read';
const READ_STATE: Record<ReadFilter, number | undefined> = {
  all: undefined,
  unread: NotificationReadState.UnRead,
  read: NotificationReadState.Read,
};

/** /message/notification: the user's whole inbox (filter, read state, mark read, delete, paging) and subscriptions. */
export default function NotificationPage() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const [readFilter, setReadFilter] = useState<ReadFilter>('all');
  const refresh = () => client.invalidateQueries({ queryKey: ['my-notifications'] });

  // a live notification or a change made in another tab shows here at once
  useNotificationHub({ onNotification: () => void refresh(), onStateChange: () => void refresh() });

  const markRead = async (n: UserNotification) => {
    try {
      await inboxApi.setRead(n.id);
      await refresh();
    } catch {
      // the HTTP client has shown the error
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const columns = useMemo<CrudColumn<UserNotification>[]>(
    () => [
      {
        key: 'severity',
        title: NT('Severity'),
        dataIndex: 'severity',
        sortField: 'severity',
        width: 110,
        render: (v: number) => <SeverityTag severity={v} />,
      },
      {
        key: 'title',
        title: NT('Title'),
        render: (_v, n) => {
          const p = n.data.extraProperties;
          const unread = n.state === NotificationReadState.UnRead;
          return (
            <div style={{ maxWidth: 520 }} data-testid="notification-row-text">
              <Typography.Text strong={unread}>{p.title || n.name}</Typography.Text>
              {p.message && <div>{p.message}</div>}
              {p.description && <Typography.Text type="secondary">{p.description}</Typography.Text>}
            </div>
          );
        },
      },
      {
        key: 'state',
        title: NT('State'),
        dataIndex: 'state',
        width: 90,
        render: (v: number) =>
          v === NotificationReadState.UnRead ? <Tag color="blue">{NT('Unread')}</Tag> : <Tag>{NT('Read')}</Tag>,
      },
      {
        key: 'creationTime',
        title: NT('Time'),
        dataIndex: 'creationTime',
        sortField: 'creationTime',
        width: 170,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
      },
    ],
    [i18n.language],
  );

  const inbox = (
    <CrudPage<UserNotification>
      testid="notification-inbox"
      queryKey={['my-notifications', readFilter]}
      request={(q, signal) => inboxApi.list({ ...q, readState: READ_STATE[readFilter] }, signal)}
      rowKey="id"
      columns={columns}
      searchPlaceholder={NT('SearchPlaceholder')}
      toolbar={
        <Segmented<ReadFilter>
          data-testid="notification-read-filter"
          value={readFilter}
          onChange={setReadFilter}
          options={[
            { value: 'all', label: NT('All') },
            { value: 'unread', label: NT('Unread') },
            { value: 'read', label: NT('Read') },
          ]}
        />
      }
      actionsWidth={200}
      rowActions={(n) => (
        <Space size={0}>
          {n.state === NotificationReadState.UnRead && (
            <Button
              type="link"
              size="small"
              icon={<CheckOutlined />}
              data-testid="notification-mark-read"
              onClick={() => void markRead(n)}
            >
              {NT('MarkAsRead')}
            </Button>
          )}
          <DeleteAction
            testid="notification-delete"
            title={NT('DeleteConfirm')}
            onConfirm={async () => {
              await inboxApi.remove(n.id);
              await refresh();
            }}
          />
        </Space>
      )}
    />
  );

  return (
    <Card title={NT('MyNotifications')} data-testid="notification-page">
      <Tabs
        items={[
          { key: 'inbox', label: NT('Inbox'), children: inbox },
          {
            key: 'subscriptions',
            label: <span data-testid="notification-subscriptions-tab">{NT('Subscriptions')}</span>,
            children: <SubscriptionSettings />,
          },
        ]}
      />
    </Card>
  );
}
