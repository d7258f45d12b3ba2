import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Flex, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../../lib/ui-bridge.ts';
import { NT, subscriptionsApi } from '../api.ts';

/** One switch per notification the user may subscribe to (spec §7 my-subscribes). */
export function SubscriptionSettings() {
  const { i18n } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const assignables = useQuery({
    queryKey: ['notification-assignables', i18n.language],
    queryFn: subscriptionsApi.assignables,
  });
  const mine = useQuery({ queryKey: ['notification-subscriptions'], queryFn: subscriptionsApi.mine });
  const subscribed = new Set(mine.data?.items.map((i) => i.name) ?? []);

  const toggle = async (name: string, displayName: string, on: boolean) => {
    setBusy(name);
    try {
      if (on) await subscriptionsApi.subscribe(name);
      else await subscriptionsApi.unsubscribe(name);
      message.success(NT(on ? 'Subscribed' : 'Unsubscribed', displayName));
      await client.invalidateQueries({ queryKey: ['notification-subscriptions'] });
    } catch {
      // the HTTP client has shown the error
    } finally {
      setBusy(undefined);
    }
  };

  if (assignables.isLoading || mine.isLoading) return <Spin />;
  const groups = assignables.data?.items ?? [];
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div data-testid="notification-subscriptions">
      <Typography.Paragraph type="secondary">{NT('SubscriptionsHelp')}</Typography.Paragraph>
      {groups.map((g) => (
        <section key={g.name} style={{ marginBottom: 16 }}>
          <Typography.Title level={5}>{g.displayName}</Typography.Title>
          {g.notifications.map((n) => (
            <Flex
              key={n.name}
              justify="space-between"
              align="center"
              gap={16}
              style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}
              data-testid="notification-subscription"
              data-name={n.name}
            >
              <div>
                <Typography.Text strong>{n.displayName}</Typography.Text>
                {n.description && (
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {n.description}
                  </Typography.Paragraph>
                )}
              </div>
              <Switch
                checked={subscribed.has(n.name)}
                loading={busy === n.name}
                aria-label={n.displayName}
                onChange={(on) => void toggle(n.name, n.displayName, on)}
              />
            </Flex>
          ))}
        </section>
      ))}
    </div>
  );
}
