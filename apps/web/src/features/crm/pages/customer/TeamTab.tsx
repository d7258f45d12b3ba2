import { CrmPermissions } from '@seller/contracts';
import { Button, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DangerConfirmButton } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type Customer, customersApi } from '../../api/customers.ts';
import { DATE_TIME, UserSelect } from './parts.tsx';

type Member = Customer['members'][number];
const levelOptions = () => [
  { value: 2, label: CL('MemberLevel:2') },
  { value: 3, label: CL('MemberLevel:3') },
];

/**
 * A customer's team: the owner, then members reading (2) or reading and writing (3). The owner
 * adds members, changes their access and removes them (after confirming).
 */
export function TeamTab({ customer, onChanged }: { customer: Customer; onChanged: (c: Customer) => unknown }) {
  const { message } = useUi();
  const access = useAccess();
  const [userId, setUserId] = useState<string | undefined>();
  const [level, setLevel] = useState<2 | 3>(2);
  const [busy, setBusy] = useState(false);
  const levels = levelOptions();
  const manage = access.can(`${CrmPermissions.Customers}.Team`) && customer.access.owner;
  const apply = async (work: () => Promise<Customer>) => {
    setBusy(true);
    try {
      const next = await work();
      message.success(CL('Saved'));
      await onChanged(next);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  const rows: (Member & { owner?: boolean })[] = [
    ...(customer.ownerUserId
      ? [
          {
            userId: customer.ownerUserId,
            userName: '',
            name: customer.ownerName ?? '',
            level: 1,
            creationTime: customer.ownerTime ?? customer.creationTime,
            owner: true,
          },
        ]
      : []),
    ...customer.members,
  ];

  return (
    <>
      {manage && (
        <Space wrap style={{ marginBottom: 12 }}>
          <UserSelect
            testid="member-user"
            placeholder={CL('Member')}
            value={userId}
            onChange={setUserId}
            exclude={[customer.ownerUserId, ...customer.members.map((m) => m.userId)]}
            style={{ width: 200 }}
          />
          <Select
            data-testid="member-level"
            value={level}
            onChange={setLevel}
            options={levels}
            style={{ width: 130 }}
          />
          <Button
            type="primary"
            disabled={!userId}
            loading={busy}
            data-testid="member-add"
            onClick={async () => {
              if (userId && (await apply(() => customersApi.addMember(customer.id, userId, level)))) {
                setUserId(undefined);
              }
            }}
          >
            {CL('AddMember')}
          </Button>
        </Space>
      )}
      <SmallTable
        rowKey="userId"
        dataSource={rows}
        data-testid="team-table"
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: CL('Member'), render: (_v, m) => m.name },
          {
            key: 'level',
            title: CL('MemberLevel'),
            render: (_v, m) =>
              m.owner ? (
                <Tag color="gold">{CL('MemberLevel:1')}</Tag>
              ) : manage ? (
                <Select
                  value={m.level}
                  options={levels}
                  style={{ width: 130 }}
                  data-testid={`member-level-${m.userId}`}
                  onChange={(v) => void apply(() => customersApi.setMemberLevel(customer.id, m.userId, v as 2 | 3))}
                />
              ) : (
                CL(`MemberLevel:${m.level}`)
              ),
          },
          { key: 'since', title: CL('CreationTime'), render: (_v, m) => dayjs(m.creationTime).format(DATE_TIME) },
          ...(manage
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_v: unknown, m: Member & { owner?: boolean }) =>
                    m.owner ? null : (
                      <DangerConfirmButton
                        title={CL('ConfirmRemoveMember', m.name)}
                        testid={`member-remove-${m.userId}`}
                        confirmTestid={`member-remove-ok-${m.userId}`}
                        link
                        onConfirm={() => apply(() => customersApi.removeMember(customer.id, m.userId))}
                      >
                        {CL('RemoveMember')}
                      </DangerConfirmButton>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
