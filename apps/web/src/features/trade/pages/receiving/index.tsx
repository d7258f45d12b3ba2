import { receiptStatuses, TradePermissions } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Access, CrudPage } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { purchaseApi } from '../../api/purchase.ts';
import {
  LR,
  type Receipt,
  type ReceiptFilters,
  receiptStatusColor,
  receivingApi,
  receivingKeys,
} from '../../api/receiving.ts';
import { ReceiveDrawer } from './ReceiveDrawer.tsx';

const P = TradePermissions.Receiving;

/**
 * Receipts (`/order/receiving`): the list with search, status and warehouse filters, sorting,
 * paging and Excel export; "Receive" against an approved or partially received PO; post a draft
 * and reverse a posted receipt, each after confirming.
 */
export default function ReceivingPage() {
  const ui = useUi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReceiptFilters['status']>();
  const [warehouseId, setWarehouseId] = useState<string | undefined>();
  const [poId, setPoId] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | undefined>();
  const filters: ReceiptFilters = { ...(status ? { status } : {}), ...(warehouseId ? { warehouseId } : {}) };
  const lookups = useQuery({ queryKey: ['trade', 'purchase', 'lookups'], queryFn: purchaseApi.lookups });
  const receivable = useQuery({
    queryKey: ['trade', 'purchase', 'receivable'],
    queryFn: async () => {
      const [approved, partial] = await Promise.all([
        purchaseApi.list({ skipCount: 0, maxResultCount: 200, status: 'APPROVED' }),
        purchaseApi.list({ skipCount: 0, maxResultCount: 200, status: 'PARTIALLY_RECEIVED' }),
      ]);
      return [...new Map([...approved.items, ...partial.items].map((p) => [p.id, p])).values()];
    },
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: receivingKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['trade', 'purchase'] }),
    ]);
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      ui.message.success(done);
    } catch {
      // the HTTP client shows the refusal
    } finally {
      await refresh();
    }
  };

  return (
    <>
      <CrudPage<Receipt>
        testid="receipts"
        title={LR('Page:Title')}
        queryKey={receivingKeys.list(filters)}
        rowKey="id"
        defaultSorting="creationTime desc"
        request={(q, signal) => receivingApi.list({ ...q, ...filters }, signal)}
        exportExcel={{ run: (q) => receivingApi.export({ ...q, ...filters }) }}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              placeholder={LR('Field:Status')}
              style={{ width: 120 }}
              value={status}
              onChange={setStatus}
              options={receiptStatuses.map((s) => ({ value: s, label: LR(`Status:${s}`) }))}
              data-testid="receipt-filter-status"
            />
            <Select
              allowClear
              placeholder={LR('Field:Warehouse')}
              style={{ width: 150 }}
              value={warehouseId}
              onChange={setWarehouseId}
              options={lookups.data?.warehouses.map((w) => ({ value: w.id, label: w.name }))}
            />
            <Access permission={`${P}.Create`}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={LR('Page:PickOrder')}
                style={{ width: 260 }}
                value={picking}
                onChange={setPicking}
                options={receivable.data?.map((p) => ({ value: p.id, label: `${p.poNo} · ${p.supplierName}` }))}
                data-testid="receipt-pick-po"
              />
              <Button
                type="primary"
                disabled={!picking}
                onClick={() => setPoId(picking!)}
                data-testid="receipt-receive"
              >
                {LR('Page:Receive')}
              </Button>
            </Access>
          </Space>
        }
        columns={[
          { key: 'receiptNo', title: LR('Field:ReceiptNo'), dataIndex: 'receiptNo', sortField: 'receiptNo' },
          { key: 'poNo', title: LR('Field:PoNo'), dataIndex: 'poNo', sortField: 'poNo' },
          { key: 'supplier', title: LR('Field:Supplier'), dataIndex: 'supplierName', ellipsis: true },
          { key: 'warehouse', title: LR('Field:Warehouse'), dataIndex: 'warehouseName' },
          {
            key: 'status',
            title: LR('Field:Status'),
            dataIndex: 'status',
            sortField: 'status',
            fit: { texts: [...receiptStatuses.map((s) => LR(`Status:${s}`)), LR('Page:Reversed')], tag: true },
            render: (_v, r) => (
              <Space size={2}>
                <Tag color={receiptStatusColor[r.status]} data-testid={`receipt-status-${r.receiptNo}`}>
                  {LR(`Status:${r.status}`)}
                </Tag>
                {r.reversedById && <Tag color="warning">{LR('Page:Reversed')}</Tag>}
              </Space>
            ),
          },
          { key: 'reverses', title: LR('Field:Reverses'), dataIndex: 'reversesReceiptNo' },
          { key: 'arrived', title: LR('Field:QtyArrived'), dataIndex: 'qtyArrived', align: 'right' },
          { key: 'accepted', title: LR('Field:QtyAccepted'), dataIndex: 'qtyAccepted', align: 'right' },
          { key: 'damaged', title: LR('Field:QtyDamaged'), dataIndex: 'qtyDamaged', align: 'right' },
          {
            key: 'receivedAt',
            title: LR('Field:ReceivedAt'),
            dataIndex: 'receivedAt',
            sortField: 'receivedAt',
            render: (v: string) => new Date(v).toLocaleString(),
          },
          { key: 'tracking', title: LR('Field:TrackingNo'), dataIndex: 'trackingNo', defaultHidden: true },
          { key: 'remark', title: LR('Field:Remark'), dataIndex: 'remark', ellipsis: true, defaultHidden: true },
        ]}
        actionsWidth={160}
        rowActions={(r) => (
          <Space size={0}>
            {r.allowedActions.includes('post') && (
              <Access permission={`${P}.Post`}>
                <Popconfirm
                  title={LR('Page:ConfirmPost')}
                  onConfirm={() => run(() => receivingApi.post(r.id), r.receiptNo)}
                  okButtonProps={{ 'data-testid': 'receipt-post-ok' } as never}
                >
                  <Button type="link" size="small" data-testid={`receipt-post-${r.receiptNo}`}>
                    {LR('Page:Post')}
                  </Button>
                </Popconfirm>
              </Access>
            )}
            {r.allowedActions.includes('delete') && (
              <Access permission={`${P}.Create`}>
                <Popconfirm
                  title={LR('Action:delete')}
                  onConfirm={() => run(() => receivingApi.remove(r.id), r.receiptNo)}
                >
                  <Button type="link" size="small" danger data-testid={`receipt-delete-${r.receiptNo}`}>
                    {LR('Action:delete')}
                  </Button>
                </Popconfirm>
              </Access>
            )}
            {r.allowedActions.includes('reverse') && (
              <Access permission={`${P}.Reverse`}>
                <Popconfirm
                  title={LR('Page:ConfirmReverse')}
                  onConfirm={() => run(() => receivingApi.reverse(r.id), r.receiptNo)}
                  okButtonProps={{ 'data-testid': 'receipt-reverse-ok' } as never}
                >
                  <Button type="link" size="small" danger data-testid={`receipt-reverse-${r.receiptNo}`}>
                    {LR('Page:Reverse')}
                  </Button>
                </Popconfirm>
              </Access>
            )}
          </Space>
        )}
      />
      <ReceiveDrawer poId={poId} onClose={() => setPoId(null)} onDone={() => void refresh()} />
    </>
  );
}
