import { PrinterOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { purchaseOrderList, purchasePaymentStatuses, TradePermissions } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Access, ConfirmLink, RowAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  LP,
  type PurchaseOrder,
  type PurchaseOrderDetail,
  purchaseApi,
  purchaseKeys,
  purchaseOrdersUrl,
  purchaseStatusColor,
} from '../../api/purchase.ts';
import { UrlFilterSelect, withoutFilters } from '../../list-filters.tsx';
import { ReceiveDrawer } from '../receiving/ReceiveDrawer.tsx';
import { PurchaseForm } from './PurchaseForm.tsx';
import { Replenishment } from './Replenishment.tsx';

const P = TradePermissions.Purchase;
/** Suppliers and warehouses are picked from the page's lookups (their own shape), not the kit's picker. */
const purchasePageList = withoutFilters(purchaseOrderList, 'supplierId', 'warehouseId');

/**
 * Purchase orders (`/order/purchase`): status tabs with counts, filters (supplier, warehouse,
 * creation dates), search, Excel export; the create/edit drawer; each row's actions as its state
 * allows them (the contracts' table) and the user's permissions; receiving against a PO; the
 * replenishment suggestions with "Create draft POs".
 */
export default function PurchasePage() {
  const ui = useUi();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [editing, setEditing] = useState<PurchaseOrderDetail | 'new' | null>(null);
  const [receiving, setReceiving] = useState<string | null>(null);
  const [replenishing, setReplenishing] = useState(false);
  const [rejecting, setRejecting] = useState<PurchaseOrder | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const lookups = useQuery({ queryKey: purchaseKeys.lookups, queryFn: purchaseApi.lookups });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: [purchaseOrdersUrl] }),
    ]);

  /** Runs a row's action, then says what it did to which order (`Done:<action>`) and refreshes. */
  const run = async (key: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await work();
      if (done) ui.message.success(done);
      await refresh();
    } catch {
      // the HTTP client shows the refusal
    } finally {
      setBusy(null);
    }
  };
  const openEdit = async (r: PurchaseOrder) => {
    try {
      setEditing(await purchaseApi.get(r.id));
    } catch {
      // shown by the HTTP client
    }
  };
  const can = (r: PurchaseOrder, a: string) => (r.allowedActions as string[]).includes(a);
  const tid = (a: string, r: PurchaseOrder) => `po-action-${a}-${r.poNo}`;

  return (
    <>
      <ListPage<PurchaseOrder>
        list={purchasePageList}
        url={purchaseOrdersUrl}
        testid="purchase-orders"
        title={LP('Page:Title')}
        onCreate={() => setEditing('new')}
        createPermission={`${P}.Create`}
        toolbar={
          <Space wrap>
            <UrlFilterSelect
              member="supplierId"
              placeholder={LP('Field:Supplier')}
              options={(lookups.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
              testid="po-filter-supplier"
            />
            <UrlFilterSelect
              member="warehouseId"
              placeholder={LP('Field:Warehouse')}
              options={(lookups.data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))}
              testid="po-filter-warehouse"
            />
            <Access permission={P}>
              <Button icon={<ThunderboltOutlined />} onClick={() => setReplenishing(true)} data-testid="po-replenish">
                {LP('Page:Replenishment')}
              </Button>
            </Access>
          </Space>
        }
        render={{
          status: (r) => (
            <Space size={2} wrap>
              <Tag color={purchaseStatusColor[r.status]} data-testid={`po-status-${r.poNo}`} data-status={r.status}>
                {LP(`Status:${r.status}`)}
              </Tag>
              {r.closedShort && <Tag>{LP('Field:ClosedShort')}</Tag>}
              {r.exception && <Tag color="red">{LP('Field:Exception')}</Tag>}
            </Space>
          ),
          // its own track: whoever may set it picks it in the row, while the state allows it
          paymentStatus: (r) =>
            can(r, 'pay') ? (
              <Access permission={`${P}.Pay`} fallback={LP(`Payment:${r.paymentStatus}`)}>
                <Select
                  size="small"
                  value={r.paymentStatus}
                  style={{ minWidth: 96 }}
                  loading={busy === tid('pay', r)}
                  onChange={(next) => run(tid('pay', r), () => purchaseApi.pay(r.id, next))}
                  options={purchasePaymentStatuses.map((s) => ({ value: s, label: LP(`Payment:${s}`) }))}
                  data-testid={tid('pay', r)}
                />
              </Access>
            ) : (
              LP(`Payment:${r.paymentStatus}`)
            ),
        }}
        actionsWidth={280}
        rowActions={(r) => (
          <Space size={0} wrap>
            {can(r, 'edit') && (
              <RowAction permission={`${P}.Update`} onClick={() => openEdit(r)} testid={tid('edit', r)}>
                {LP('Action:edit')}
              </RowAction>
            )}
            {can(r, 'submit') && (
              <RowAction
                permission={`${P}.Submit`}
                loading={busy === tid('submit', r)}
                onClick={() => run(tid('submit', r), () => purchaseApi.act(r.id, 'submit'), LP('Done:submit', r.poNo))}
                testid={tid('submit', r)}
              >
                {LP('Action:submit')}
              </RowAction>
            )}
            {can(r, 'approve') && (
              <Access permission={`${P}.Approve`}>
                <LinkButton
                  loading={busy === tid('approve', r)}
                  onClick={() =>
                    run(tid('approve', r), () => purchaseApi.act(r.id, 'approve'), LP('Done:approve', r.poNo))
                  }
                  data-testid={tid('approve', r)}
                >
                  {LP('Action:approve')}
                </LinkButton>
                <LinkButton
                  danger
                  onClick={() => {
                    setReason('');
                    setRejecting(r);
                  }}
                  data-testid={tid('reject', r)}
                >
                  {LP('Action:reject')}
                </LinkButton>
              </Access>
            )}
            {can(r, 'receivePartial') && (
              <RowAction
                permission={`${TradePermissions.Receiving}.Create`}
                onClick={() => setReceiving(r.id)}
                testid={tid('receive', r)}
              >
                {LP('Page:Receive')}
              </RowAction>
            )}
            {can(r, 'closeShort') && (
              <ConfirmLink
                permission={`${P}.Close`}
                title={LP('Page:ConfirmCloseShort')}
                onConfirm={() =>
                  run(tid('closeShort', r), () => purchaseApi.act(r.id, 'close-short'), LP('Done:closeShort', r.poNo))
                }
                testid={tid('closeShort', r)}
              >
                {LP('Action:closeShort')}
              </ConfirmLink>
            )}
            {can(r, 'cancel') && (
              <ConfirmLink
                permission={`${P}.Cancel`}
                title={LP('Page:ConfirmCancel')}
                onConfirm={() =>
                  run(tid('cancel', r), () => purchaseApi.act(r.id, 'cancel'), LP('Done:cancel', r.poNo))
                }
                danger
                testid={tid('cancel', r)}
                confirmTestid="po-cancel-ok"
              >
                {LP('Action:cancel')}
              </ConfirmLink>
            )}
            {can(r, 'delete') && (
              <ConfirmLink
                permission={`${P}.Delete`}
                title={LP('Page:ConfirmDelete')}
                onConfirm={() => run(tid('delete', r), () => purchaseApi.remove(r.id), LP('Done:delete', r.poNo))}
                danger
                testid={tid('delete', r)}
              >
                {LP('Action:delete')}
              </ConfirmLink>
            )}
            <Tooltip title={LP('Page:Print')}>
              <LinkButton
                icon={<PrinterOutlined />}
                onClick={() => void purchaseApi.print(r.id).catch(() => {})}
                data-testid={tid('print', r)}
              />
            </Tooltip>
          </Space>
        )}
      />
      <PurchaseForm
        open={editing !== null}
        order={editing === 'new' ? null : editing}
        lookups={lookups.data}
        onClose={() => setEditing(null)}
        onSaved={(po) => {
          ui.message.success(po.poNo);
          setEditing(null);
          void refresh();
        }}
      />
      <Replenishment
        open={replenishing}
        lookups={lookups.data}
        onClose={() => setReplenishing(false)}
        onCreated={() => {
          setReplenishing(false);
          // the new drafts' tab
          setParams(new URLSearchParams({ status: 'DRAFT' }));
          void refresh();
        }}
      />
      <ReceiveDrawer poId={receiving} onClose={() => setReceiving(null)} onDone={() => void refresh()} />
      <Modal
        open={rejecting !== null}
        title={`${LP('Action:reject')} · ${rejecting?.poNo ?? ''}`}
        okButtonProps={{ disabled: !reason.trim(), danger: true, 'data-testid': 'po-reject-ok' } as never}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          const r = rejecting!;
          setRejecting(null);
          return run(tid('reject', r), () => purchaseApi.reject(r.id, reason.trim()), LP('Done:reject', r.poNo));
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={512}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={LP('Page:RejectReason')}
          data-testid="po-reject-reason"
        />
      </Modal>
    </>
  );
}
