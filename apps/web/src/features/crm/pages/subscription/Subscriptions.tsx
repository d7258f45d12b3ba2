import {
  SubscriptionChannels,
  SubscriptionStatuses,
  subscriptionInput,
  subscriptionList,
  subscriptionUpdateInput,
} from '@seller/contracts/crm';
import { Radio, Select, Tag } from 'antd';
import { CrudField, resourceTitles, TextField } from '../../../../components/crud/index.ts';
import { optionsOf } from '../../../../lib/options.ts';
import { RL, recordsApi, type Subscription } from '../../api/records.ts';
import { RecordList } from '../address/RecordList.tsx';

const channels = optionsOf(SubscriptionChannels, (v) => RL(`Channel:${v}`));
const statuses = optionsOf(SubscriptionStatuses, (v) => RL(`Status:${v}`));

/** What a customer subscribed to, on which channel (one per channel and topic). */
export function Subscriptions({ customerId }: { customerId?: string }) {
  return (
    <RecordList<Subscription>
      testid="crm-subscriptions"
      list={subscriptionList}
      api={recordsApi.subscriptions}
      {...resourceTitles(RL, 'Subscriptions', 'NewSubscription', 'EditSubscription')}
      customerId={customerId}
      filters={[
        { key: 'channel', label: RL('Channel'), options: channels() },
        { key: 'status', label: RL('Status'), options: statuses() },
      ]}
      render={{
        channel: (r) => RL(`Channel:${r.channel}`),
        status: (r) => (
          <Tag color={r.status === 'SUBSCRIBED' ? 'green' : 'default'} data-testid={`subscription-status-${r.topic}`}>
            {RL(`Status:${r.status}`)}
          </Tag>
        ),
      }}
      createSchema={subscriptionInput}
      updateSchema={subscriptionUpdateInput}
      blank={{ channel: 'EMAIL', status: 'SUBSCRIBED' }}
      toForm={(r) => ({ channel: r.channel, topic: r.topic, status: r.status, source: r.source ?? '' })}
      label={(r) => r.topic}
      fields={() => (
        <>
          <CrudField name="channel" label={RL('Channel')}>
            <Select options={channels()} data-testid="subscription-channel" />
          </CrudField>
          <TextField name="topic" label={RL('Topic')} maxLength={64} data-testid="subscription-topic" />
          <CrudField name="status" label={RL('Status')}>
            <Radio.Group options={statuses()} data-testid="subscription-status" />
          </CrudField>
          <TextField name="source" label={RL('Source')} maxLength={64} />
        </>
      )}
    />
  );
}
