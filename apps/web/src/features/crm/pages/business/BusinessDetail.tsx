import { CrmPermissions } from '@seller/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { BL, type Business, businessesApi, businessKeys } from '../../api/businesses.ts';
import type { RecordDetailProps } from '../../components/CustomerDealsTab.tsx';
import { DealDetailDrawer, useDealRecord } from '../../components/DealDetailDrawer.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { CloseDialog } from './CloseDialog.tsx';
import { money, StageTag } from './parts.tsx';

const P = CrmPermissions.Businesses;
const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * One business: its stage (move to another of its group while open), win / lose / invalid with a
 * remark, its products with list and agreed prices, the totals (the server's), edit and delete
 * (after confirming). Actions show only to who may take them.
 */
export function BusinessDetail({ id, onClose, onChanged }: RecordDetailProps) {
  const { message } = useUi();
  const access = useAccess();
  const { record: b, done } = useDealRecord(businessKeys.detail(id), () => businessesApi.get(id), onChanged);
  const groups = useQuery({ queryKey: businessKeys.stageGroups, queryFn: () => businessesApi.stageGroups() });
  const [closing, setClosing] = useState<1 | 2 | 3 | null>(null);
  const [moving, setMoving] = useState(false);
  const open = b && !b.endStatus;
  const can = (p: string) => !!b?.canEdit && access.can(p);
  const stages = groups.data?.items.find((g) => g.id === b?.statusTypeId)?.statuses ?? [];

  return (
    <DealDetailDrawer<Business>
      record={b}
      title={b?.name ?? ''}
      testid="business"
      canEdit={!!open && can(`${P}.Update`)}
      canDelete={can(`${P}.Delete`)}
      texts={{ edit: BL('EditBusiness'), delete: BL('Delete'), confirmDelete: BL('ConfirmDelete', b?.name ?? '') }}
      remove={() => businessesApi.remove(id)}
      onChanged={onChanged}
      onClose={onClose}
      editForm={(business, close) => (
        <BusinessForm
          business={business}
          onClose={close}
          onSaved={async (next) => {
            close();
            await done(next);
          }}
        />
      )}
      dialogs={
        b &&
        closing && (
          <CloseDialog
            business={b}
            endStatus={closing}
            onClose={() => setClosing(null)}
            onDone={async (next) => {
              setClosing(null);
              message.success(BL(`End:${next.endStatus}`));
              await done(next);
            }}
          />
        )
      }
    >
      {(b) => (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <StageTag row={b} />
            {open && can(`${P}.Update`) && (
              <Select
                style={{ width: 200 }}
                value={b.statusId ?? undefined}
                loading={moving}
                data-testid="business-move"
                aria-label={BL('MoveTo')}
                options={stages.map((s) => ({ value: s.id, label: `${s.displayName} (${s.percent}%)` }))}
                onChange={async (statusId) => {
                  setMoving(true);
                  try {
                    const next = await businessesApi.move(id, statusId);
                    message.success(BL('Moved', next.statusName ?? ''));
                    await done(next);
                  } finally {
                    setMoving(false);
                  }
                }}
              />
            )}
            {open &&
              can(`${P}.Close`) &&
              ([1, 2, 3] as const).map((e) => (
                <Button key={e} onClick={() => setClosing(e)} data-testid={`business-close-${e}`} danger={e === 2}>
                  {BL(`Close:${e}`)}
                </Button>
              ))}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={BL('Customer')}>{b.customerName}</Descriptions.Item>
            <Descriptions.Item label={BL('Owner')}>{b.ownerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item
              label={BL('TotalProductPrice')}
            >{`${money(b.totalProductPrice)} ${b.currency}`}</Descriptions.Item>
            <Descriptions.Item label={BL('DiscountPercent')}>{b.discountPercent}</Descriptions.Item>
            <Descriptions.Item label={BL('TotalPrice')}>
              <Typography.Text
                strong
                data-testid="business-total"
              >{`${money(b.totalPrice)} ${b.currency}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={BL('DealTime')}>
              {b.dealTime ? dayjs(b.dealTime).format(DATE) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={BL('ContactNextTime')}>
              {b.contactNextTime ? dayjs(b.contactNextTime).format(DATE_TIME) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={BL('ContactLastTime')}>
              {b.contactLastTime ? dayjs(b.contactLastTime).format(DATE_TIME) : '—'}
            </Descriptions.Item>
            {b.endStatus && (
              <>
                <Descriptions.Item label={BL('EndTime')}>
                  {b.endTime ? dayjs(b.endTime).format(DATE_TIME) : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={BL('EndRemark')}>{b.endRemark ?? '—'}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={BL('Remark')} span={2}>
              {b.remark ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {BL('Products')}
          </Typography.Title>
          <SmallTable
            rowKey="id"
            scroll={{ x: 'max-content' }}
            dataSource={b.products}
            columns={[
              { key: 'sku', title: BL('Sku'), dataIndex: 'productSku' },
              { key: 'name', title: BL('Product'), dataIndex: 'productName' },
              { key: 'list', title: BL('ListPrice'), align: 'right', render: (_v, p) => money(p.productPrice) },
              { key: 'price', title: BL('BusinessPrice'), align: 'right', render: (_v, p) => money(p.businessPrice) },
              { key: 'count', title: BL('Count'), dataIndex: 'count', align: 'right' },
              { key: 'total', title: BL('LineTotal'), align: 'right', render: (_v, p) => money(p.totalPrice) },
            ]}
          />
        </>
      )}
    </DealDetailDrawer>
  );
}
