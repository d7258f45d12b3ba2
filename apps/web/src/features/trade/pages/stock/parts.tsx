import { type StockTxnType, stockLedgerList, stockSafetyInput } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, Form, InputNumber, Modal, Select, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseForm } from '../../../../components/crud/index.ts';
import { applyServerErrors } from '../../../../components/crud/zod-form.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  invalidateStock,
  SL,
  type StockBalance,
  type StockLedgerRow,
  type StockVariantOption,
  type StockWarehouse,
  stockApi,
  stockKeys,
  stockLedgerUrl,
  txnTypeLabel,
} from '../../api/stock.ts';
import { withoutFilters } from '../../list-filters.tsx';

/** The tenant's active warehouses (default first), for the pickers. */
export function useWarehouses(): StockWarehouse[] {
  const q = useQuery({ queryKey: stockKeys.warehouses, queryFn: () => stockApi.warehouses() });
  return q.data?.items ?? [];
}

export const warehouseOptions = (warehouses: StockWarehouse[]) =>
  warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }));

export function WarehouseSelect(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  warehouses: StockWarehouse[];
  allowClear?: boolean;
  placeholder?: string;
  testid?: string;
  style?: React.CSSProperties;
}) {
  return (
    <Select
      allowClear={props.allowClear}
      style={props.style ?? { width: 200 }}
      placeholder={props.placeholder ?? SL('Warehouse')}
      value={props.value}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      options={warehouseOptions(props.warehouses)}
      data-testid={props.testid}
    />
  );
}

/** Signed number with its sign (+5, −3, 0). */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A SKU picked by searching SKUs and product names; shows what is on hand in `warehouseId`. */
export function SkuPicker(props: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  warehouseId?: string;
  testid?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [chosen, setChosen] = useState<StockVariantOption | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const found = useQuery({
    queryKey: [...stockKeys.variants, debounced, props.warehouseId ?? null],
    queryFn: ({ signal }) => stockApi.variants(debounced || undefined, props.warehouseId, signal),
  });
  const options = useMemo(() => {
    const items = found.data?.items ?? [];
    const all = chosen && !items.some((i) => i.variantId === chosen.variantId) ? [chosen, ...items] : items;
    return all.map((o) => ({
      value: o.variantId,
      title: o.sku,
      label: `${o.sku} · ${o.productName}${o.label ? ` ${o.label}` : ''}${o.available === null ? '' : ` (${SL('Available')} ${o.available})`}`,
      option: o,
    }));
  }, [found.data, chosen]);
  return (
    <Select
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      loading={found.isFetching}
      placeholder={SL('PickSku')}
      value={props.value}
      options={options}
      onChange={(v: string | undefined) => {
        setChosen(options.find((o) => o.value === v)?.option ?? null);
        props.onChange?.(v);
      }}
      style={{ width: '100%' }}
      data-testid={props.testid}
    />
  );
}

const ledgerTypeColor: Partial<Record<StockTxnType, string>> = {
  PO_RECEIPT: 'green',
  RETURN_IN: 'green',
  TRANSFER_IN: 'cyan',
  TRANSFER_OUT: 'orange',
  SALE_OUT: 'blue',
  ADJUST: 'purple',
  COUNT: 'purple',
  PO_REVERSAL: 'red',
};

const ledgerCells = {
  creationTime: (r: StockLedgerRow) => new Date(r.creationTime).toLocaleString(),
  warehouseName: (r: StockLedgerRow) => r.warehouse.code,
  type: (r: StockLedgerRow) => <Tag color={ledgerTypeColor[r.type]}>{txnTypeLabel(r.type)}</Tag>,
  qtyChange: (r: StockLedgerRow) => signed(r.qtyChange),
  reservedChange: (r: StockLedgerRow) => (r.reservedChange ? `${signed(r.reservedChange)} → ${r.reservedAfter}` : ''),
};

/** The ledger tab's list; a SKU is chosen from its balance row, not in the filter bar. */
const ledgerTabList = withoutFilters(stockLedgerList, 'variantId');

/**
 * The whole ledger, newest first, with its filters, search and export; narrowed to one SKU (a
 * balance row's "ledger") while the URL names it, shown as a tag that clears it.
 */
export function LedgerList({ sku }: { sku?: string | null }) {
  const [params, setParams] = useSearchParams();
  const variantId = params.get('variantId');
  return (
    <ListPage<StockLedgerRow>
      list={ledgerTabList}
      url={stockLedgerUrl}
      testid="stock-ledger"
      rowKey="seq"
      render={ledgerCells}
      toolbar={
        variantId ? (
          <Tag
            closable
            data-testid="stock-ledger-sku"
            onClose={() => {
              const next = new URLSearchParams(params);
              next.delete('variantId');
              next.delete('page');
              setParams(next);
            }}
          >
            {sku ? SL('LedgerOf', sku) : SL('Sku')}
          </Tag>
        ) : null
      }
    />
  );
}

/** The safety stock of one balance row, in a small modal; the server's refusal under the field. */
export function SafetyModal(props: { row: StockBalance | null; onClose(): void }) {
  const [form] = Form.useForm();
  const { message } = useUi();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { row } = props;
  useEffect(() => {
    if (row) form.setFieldsValue({ safety: row.safety });
  }, [row, form]);
  const save = async () => {
    if (!row) return;
    const values = { warehouseId: row.warehouse.id, variantId: row.variantId, safety: form.getFieldValue('safety') };
    const parsed = parseForm(stockSafetyInput, values, form);
    if (!parsed) return;
    setSaving(true);
    try {
      await stockApi.setSafety(parsed);
      message.success(SL('SafetySaved'));
      await invalidateStock(client);
      props.onClose();
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? SL('SetSafetyOf', row.sku, row.warehouse.code) : ''}
      onCancel={props.onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'stock-safety-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="safety" label={SL('Safety')} required>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="stock-safety-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
