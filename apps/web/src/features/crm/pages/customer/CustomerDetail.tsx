import { CrmPermissions } from '@seller/contracts';
import { customerIndustries, customerSources } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Form, Input, Modal, Radio, Space, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyServerErrors, DangerConfirmButton, TextField } from '../../../../components/crud/index.ts';
import { HistoryTimeline } from '../../../../components/HistoryTimeline.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useDevice } from '../../../../lib/device.ts';
import { localize } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type Customer, customerKeys, customersApi, dictLabel } from '../../api/customers.ts';
import { poolApi } from '../../api/pool.ts';
import type { RecordDetailProps } from '../../components/CustomerDealsTab.tsx';
import ActivityTab from '../activity/CustomerTab.tsx';
import AddressTab from '../address/CustomerTab.tsx';
import BankAccountTab from '../bank-account/CustomerTab.tsx';
import BusinessTab from '../business/CustomerTab.tsx';
import OrderTab from '../order/CustomerTab.tsx';
import SocialAccountTab from '../social-account/CustomerTab.tsx';
import SubscriptionTab from '../subscription/CustomerTab.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { DATE_TIME, LevelTag, StatusBadges, TagList, UserSelect } from './parts.tsx';
import { TeamTab } from './TeamTab.tsx';

const P = CrmPermissions.Customers;
const when = (d: string | null) => (d ? dayjs(d).format(DATE_TIME) : '—');

/**
 * One customer, in a drawer over the list: its badges and the actions the caller may take (edit on
 * the editing page, transfer, dealt / not dealt, lock / unlock and put back in the pool, delete
 * after confirming), then tabs: basic information, contacts, team, owner trail and the other
 * areas' records of the customer (follow-ups, businesses, orders, addresses, bank and social
 * accounts, subscriptions).
 */
export function CustomerDetail({ id, onClose, onChanged }: RecordDetailProps) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const navigate = useNavigate();
  const device = useDevice();
  const customer = useQuery({ queryKey: customerKeys.detail(id), queryFn: () => customersApi.get(id) });
  const [busy, setBusy] = useState<string | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [putBackOpen, setPutBackOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [transferForm] = Form.useForm<{ toUserId?: string; keep: 0 | 2 | 3; reason?: string }>();
  const c = customer.data;

  const changed = async (next?: Customer) => {
    if (next) client.setQueryData(customerKeys.detail(id), next);
    else await client.invalidateQueries({ queryKey: customerKeys.detail(id) });
    await onChanged();
  };
  const run = async (key: string, work: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      const result = await work();
      message.success(CL(done));
      await changed(result && typeof result === 'object' && 'access' in result ? (result as Customer) : undefined);
      return true;
    } catch {
      return false; // the HTTP client has notified
    } finally {
      setBusy(null);
    }
  };
  const transfer = async () => {
    const v = await transferForm.validateFields();
    setBusy('transfer');
    try {
      const next = await customersApi.transfer(id, {
        toUserId: v.toUserId!,
        keepOldOwnerLevel: v.keep === 0 ? undefined : v.keep,
        reason: v.reason || undefined,
      });
      message.success(CL('Transferred'));
      setTransferOpen(false);
      transferForm.resetFields();
      await changed(next);
    } catch (e) {
      if (!applyServerErrors(transferForm, e)) throw e;
    } finally {
      setBusy(null);
    }
  };

  const can = (permission: string, need: 'write' | 'owner') => !!c && access.can(permission) && c.access[need];
  const inPool = !!c && c.ownerUserId === null;

  return (
    <Drawer
      open
      width={device === 'mobile' ? '100%' : 960}
      title={c ? c.name : CL('Title')}
      onClose={onClose}
      destroyOnHidden
    >
      {!c ? (
        customer.isError ? (
          <Empty description={CL('NotFound')} />
        ) : (
          <Spin />
        )
      ) : (
        <div data-testid="customer-detail">
          <Space wrap style={{ marginBottom: 12 }}>
            <LevelTag level={c.level} />
            <StatusBadges lockStatus={c.lockStatus} dealStatus={c.dealStatus} />
            <TagList tags={c.tags} />
          </Space>
          <Space wrap style={{ marginBottom: 16 }} data-testid="customer-actions">
            {can(`${P}.Update`, 'write') && (
              <Button
                type="primary"
                data-testid="customer-edit"
                onClick={() => navigate(`/crm/customer-editing?id=${c.id}`)}
              >
                {CL('Edit')}
              </Button>
            )}
            {can(`${P}.Transfer`, 'owner') && !inPool && (
              <Button data-testid="customer-transfer" onClick={() => setTransferOpen(true)}>
                {CL('Transfer')}
              </Button>
            )}
            {can(`${P}.Update`, 'write') && (
              <Button
                data-testid={c.dealStatus ? 'customer-undeal' : 'customer-deal'}
                loading={busy === 'deal'}
                onClick={() => void run('deal', () => customersApi.setDeal(id, !c.dealStatus), 'Saved')}
              >
                {c.dealStatus ? CL('MarkNotDealt') : CL('MarkDealt')}
              </Button>
            )}
            {can(`${P}.Lock`, 'owner') && !inPool && (
              <Button
                data-testid={c.lockStatus ? 'customer-unlock' : 'customer-lock'}
                loading={busy === 'lock'}
                onClick={() =>
                  void run(
                    'lock',
                    () => (c.lockStatus ? poolApi.unlock(id) : poolApi.lock(id)),
                    c.lockStatus ? 'Unlock' : 'Lock',
                  )
                }
              >
                {c.lockStatus ? CL('Unlock') : CL('Lock')}
              </Button>
            )}
            {can(`${CrmPermissions.Pool}.PutBack`, 'owner') && !inPool && !c.lockStatus && !c.dealStatus && (
              <Button data-testid="customer-put-back" onClick={() => setPutBackOpen(true)}>
                {CL('PutBack')}
              </Button>
            )}
            {can(`${P}.Delete`, 'owner') && (
              <DangerConfirmButton
                title={CL('ConfirmDelete', c.name)}
                testid="customer-delete"
                confirmTestid="customer-delete-ok"
                onConfirm={async () => {
                  try {
                    await customersApi.remove(id);
                    message.success(CL('Deleted'));
                    await onChanged();
                    onClose();
                  } catch {
                    // the HTTP client has notified
                  }
                }}
              >
                {CL('Delete')}
              </DangerConfirmButton>
            )}
          </Space>
          <Tabs
            data-testid="customer-tabs"
            items={[
              { key: 'basic', label: CL('BasicInfo'), children: <BasicInfo c={c} /> },
              {
                key: 'contacts',
                label: <span data-testid="customer-tab-contacts">{CL('Contacts')}</span>,
                children: <ContactsTab customer={c} />,
              },
              {
                key: 'team',
                label: <span data-testid="customer-tab-team">{CL('Team')}</span>,
                children: <TeamTab customer={c} onChanged={changed} />,
              },
              {
                key: 'trail',
                label: <span data-testid="customer-tab-trail">{CL('OwnerTrail')}</span>,
                children: <OwnerTrail c={c} />,
              },
              { key: 'activity', label: menuTitle('CrmActivity'), children: <ActivityTab customerId={c.id} /> },
              { key: 'business', label: menuTitle('CrmBusiness'), children: <BusinessTab customerId={c.id} /> },
              { key: 'order', label: menuTitle('CrmOrder'), children: <OrderTab customerId={c.id} /> },
              { key: 'address', label: menuTitle('CrmAddress'), children: <AddressTab customerId={c.id} /> },
              {
                key: 'bank-account',
                label: menuTitle('CrmBankAccount'),
                children: <BankAccountTab customerId={c.id} />,
              },
              {
                key: 'social-account',
                label: menuTitle('CrmSocialAccount'),
                children: <SocialAccountTab customerId={c.id} />,
              },
              {
                key: 'subscription',
                label: menuTitle('CrmSubscription'),
                children: <SubscriptionTab customerId={c.id} />,
              },
            ]}
          />
        </div>
      )}
      <Modal
        open={transferOpen}
        title={CL('Transfer')}
        onCancel={() => setTransferOpen(false)}
        onOk={transfer}
        confirmLoading={busy === 'transfer'}
        okButtonProps={{ 'data-testid': 'customer-transfer-ok' } as never}
        destroyOnHidden
      >
        <Form form={transferForm} layout="vertical" initialValues={{ keep: 0 }}>
          <Form.Item name="toUserId" label={CL('TransferTo')} rules={[{ required: true }]}>
            <UserSelect testid="customer-transfer-user" exclude={[c?.ownerUserId]} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="keep" label={CL('KeepOldOwner')}>
            <Radio.Group
              data-testid="customer-transfer-keep"
              options={[
                { value: 0, label: CL('KeepNone') },
                { value: 2, label: CL('MemberLevel:2') },
                { value: 3, label: CL('MemberLevel:3') },
              ]}
            />
          </Form.Item>
          <TextField name="reason" label={CL('Reason')} maxLength={256} />
        </Form>
      </Modal>
      <Modal
        open={putBackOpen}
        title={CL('ConfirmPutBack')}
        onCancel={() => setPutBackOpen(false)}
        confirmLoading={busy === 'putBack'}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'customer-put-back-ok' } as never}
        onOk={async () => {
          if (await run('putBack', () => poolApi.putBack(id, reason.trim()), 'PutBack')) {
            setPutBackOpen(false);
            setReason('');
          }
        }}
        destroyOnHidden
      >
        <Input.TextArea
          data-testid="customer-put-back-reason"
          placeholder={CL('PutBackReason')}
          maxLength={256}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Drawer>
  );
}

const menuTitle = (key: string) => <span data-testid={`customer-tab-${key}`}>{localize(`Menus::${key}`)}</span>;

function BasicInfo({ c }: { c: Customer }) {
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} data-testid="customer-basic">
      <Descriptions.Item label={CL('Name')}>{c.name}</Descriptions.Item>
      <Descriptions.Item label={CL('Owner')}>{c.ownerName ?? CL('Pool')}</Descriptions.Item>
      <Descriptions.Item label={CL('Mobile')}>{dash(c.mobile)}</Descriptions.Item>
      <Descriptions.Item label={CL('Telephone')}>{dash(c.telephone)}</Descriptions.Item>
      <Descriptions.Item label={CL('Email')}>{dash(c.email)}</Descriptions.Item>
      <Descriptions.Item label={CL('Qq')}>{dash(c.qq)}</Descriptions.Item>
      <Descriptions.Item label={CL('Wechat')}>{dash(c.wechat)}</Descriptions.Item>
      <Descriptions.Item label={CL('Country')}>{dash(c.country)}</Descriptions.Item>
      <Descriptions.Item label={CL('DetailAddress')} span={2}>
        {dash(c.detailAddress)}
      </Descriptions.Item>
      <Descriptions.Item label={CL('Industry')}>{dash(dictLabel(customerIndustries, c.industry))}</Descriptions.Item>
      <Descriptions.Item label={CL('Level')}>
        <LevelTag level={c.level} />
      </Descriptions.Item>
      <Descriptions.Item label={CL('Source')}>{dash(dictLabel(customerSources, c.source))}</Descriptions.Item>
      <Descriptions.Item label={CL('Tags')}>
        <TagList tags={c.tags} />
      </Descriptions.Item>
      <Descriptions.Item label={CL('OwnerTime')}>{when(c.ownerTime)}</Descriptions.Item>
      <Descriptions.Item label={CL('FollowUpStatus')}>
        {c.followUpStatus ? CL('FollowedUp') : CL('NotFollowedUp')}
      </Descriptions.Item>
      <Descriptions.Item label={CL('ContactLastTime')}>{when(c.contactLastTime)}</Descriptions.Item>
      <Descriptions.Item label={CL('ContactNextTime')}>{when(c.contactNextTime)}</Descriptions.Item>
      <Descriptions.Item label={CL('ContactLastContent')} span={2}>
        {dash(c.contactLastContent)}
      </Descriptions.Item>
      {c.poolTime && <Descriptions.Item label={CL('PoolTime')}>{when(c.poolTime)}</Descriptions.Item>}
      {c.poolReason && <Descriptions.Item label={CL('PoolReason')}>{c.poolReason}</Descriptions.Item>}
      <Descriptions.Item label={CL('Creator')}>{dash(c.creatorName)}</Descriptions.Item>
      <Descriptions.Item label={CL('CreationTime')}>{when(c.creationTime)}</Descriptions.Item>
      <Descriptions.Item label={CL('Remark')} span={2}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{dash(c.remark)}</Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

function OwnerTrail({ c }: { c: Customer }) {
  if (!c.ownerRecords.length) return <Empty />;
  return (
    <HistoryTimeline
      testid="customer-owner-trail"
      entries={c.ownerRecords}
      entry={(r) => (
        <span>
          {dayjs(r.time).format(DATE_TIME)} · {CL(`Kind:${r.kind}`)}
          {r.fromName || r.toName ? ` · ${r.fromName ?? CL('Pool')} → ${r.toName ?? CL('Pool')}` : ''}
          {r.byName ? ` · ${CL('By', r.byName)}` : ''}
          {r.reason ? ` · ${r.reason}` : ''}
        </span>
      )}
    />
  );
}
