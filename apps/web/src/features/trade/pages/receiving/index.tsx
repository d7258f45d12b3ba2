import { receiptList, TradePermissions } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Access, ConfirmLink } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { purchaseApi } from '../../api/purchase.ts';
import { LR, type Receipt, receiptStatusColor, receiptsUrl, receivingApi, receivingKeys } from '../../api/receiving.ts';
import { UrlFilterSelect, withoutFilters } from '../../list-filters.tsx';
import { ReceiveDrawer } from './ReceiveDrawer.tsx';

const P = TradePermissions.Receiving;
/** Warehouses are picked from the purchase lookups; a PO's receipts are opened from the PO. */
const receiptPageList = withoutFilters(receiptList, 'warehouseId', 'poId');

/**
 * Receipts (`/order/receiving`): the list with search, status and warehouse filters, sorting,
 * paging and Excel export; "Receive" against an approved or partially received PO; post a draft
 * and reverse a posted receipt, each after confirming.
 */
export default function ReceivingPage() {
  const ui = useUi();
  const queryClient = useQueryClient();
  const [poId, setPoId] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | undefined>();
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
      queryClient.invalidateQueries({ queryKey: [receiptsUrl] }),
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
      <ListPage<Receipt>
        list={receiptPageList}
        url={receiptsUrl}
        testid="receipts"
        title={LR('Page:Title')}
        toolbar={
          <Space wrap>
            <UrlFilterSelect
              member="warehouseId"
              placeholder={LR('Field:Warehouse')}
              options={(lookups.data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))}
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
        render={{
          status: (r) => (
            <Space size={2}>
              <Tag color={receiptStatusColor[r.status]} data-testid={`receipt-status-${r.receiptNo}`}>
                {LR(`Status:${r.status}`)}
              </Tag>
              {r.reversedById && <Tag color="warning">{LR('Page:Reversed')}</Tag>}
            </Space>
          ),
        }}
        actionsWidth={160}
        rowActions={(r) => (
          <Space size={0}>
            {r.allowedActions.includes('post') && (
              <ConfirmLink
                permission={`${P}.Post`}
                title={LR('Page:ConfirmPost')}
                onConfirm={() => run(() => receivingApi.post(r.id), r.receiptNo)}
                testid={`receipt-post-${r.receiptNo}`}
                confirmTestid="receipt-post-ok"
              >
                {LR('Page:Post')}
              </ConfirmLink>
            )}
            {r.allowedActions.includes('delete') && (
              <ConfirmLink
                permission={`${P}.Create`}
                title={LR('Action:delete')}
                onConfirm={() => run(() => receivingApi.remove(r.id), r.receiptNo)}
                danger
                testid={`receipt-delete-${r.receiptNo}`}
              >
                {LR('Action:delete')}
              </ConfirmLink>
            )}
            {r.allowedActions.includes('reverse') && (
              <ConfirmLink
                permission={`${P}.Reverse`}
                title={LR('Page:ConfirmReverse')}
                onConfirm={() => run(() => receivingApi.reverse(r.id), r.receiptNo)}
                danger
                testid={`receipt-reverse-${r.receiptNo}`}
                confirmTestid="receipt-reverse-ok"
              >
                {LR('Page:Reverse')}
              </ConfirmLink>
            )}
          </Space>
        )}
      />
      <ReceiveDrawer poId={poId} onClose={() => setPoId(null)} onDone={() => void refresh()} />
    </>
  );
}
