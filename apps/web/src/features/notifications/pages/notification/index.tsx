import { CheckOutlined } from '@ant-design/icons';
import { NotificationReadState } from '@seller/contracts/constants';
import { inboxList } from '@seller/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Space, Tabs, Tag, Typography } from 'antd';
import { DeleteAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { type UserNotification, useNotificationHub } from '../../../../lib/realtime.ts';
import { INBOX_LIST_URL, inboxApi, NT } from '../../api.ts';
import { SeverityTag } from '../../components/SeverityTag.tsx';
import { SubscriptionSettings } from '../../components/SubscriptionSettings.tsx';

/**
 * /message/notification: the user's whole inbox on the list kit (search, the unread and read
 * tabs with their counts, mark read, delete, paging, export) and the subscriptions.
 */
export default function NotificationPage() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [INBOX_LIST_URL] });
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

  const inbox = (
    <ListPage<UserNotification>
      list={inboxList}
      url={INBOX_LIST_URL}
      testid="notification-inbox"
      render={{
        severity: (n) => <SeverityTag severity={n.severity} />,
        title: (n) => {
          const p = n.data.extraProperties as { title?: string; message?: string; description?: string };
          const unread = n.state === NotificationReadState.UnRead;
          return (
            <div style={{ maxWidth: 520 }} data-testid="notification-row-text">
              <Typography.Text strong={unread}>{p.title || n.name}</Typography.Text>
              {p.message && <div>{p.message}</div>}
              {p.description && <Typography.Text type="secondary">{p.description}</Typography.Text>}
            </div>
          );
        },
        state: (n) =>
          n.state === NotificationReadState.UnRead ? <Tag color="blue">{NT('Unread')}</Tag> : <Tag>{NT('Read')}</Tag>,
      }}
      actionsWidth={200}
      rowActions={(n) => (
        <Space size={0}>
          {n.state === NotificationReadState.UnRead && (
            <LinkButton icon={<CheckOutlined />} data-testid="notification-mark-read" onClick={() => void markRead(n)}>
              {NT('MarkAsRead')}
            </LinkButton>
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
