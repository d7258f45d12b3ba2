import { type StockTxnType, stockSafetyInput, stockTxnTypes } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ButtonProps, DatePicker, Form, InputNumber, Modal, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { type CrudColumn, CrudPage, parseForm } from '../../../../components/crud/index.ts';
import { applyServerErrors } from '../../../../components/crud/zod-form.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type LedgerFilters,
  SL,
  type StockBalance,
  type StockLedgerRow,
  type StockVariantOption,
  type StockWarehouse,
  stockApi,
  stockKeys,
  txnTypeLabel,
} from '../../api/stock.ts';

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

/** The ledger, newest first, narrowed by `fixed` (a SKU × warehouse in the drawer) and, in the tab, by its own filters. */
export function LedgerTable(props: {
  fixed?: LedgerFilters;
  withFilters?: boolean;
  warehouses: StockWarehouse[];
  testid: string;
}) {
  const [filters, setFilters] = useState<LedgerFilters>({});
  const all = { ...filters, ...props.fixed };
  const columns: CrudColumn<StockLedgerRow>[] = [
    {
      key: 'time',
      title: SL('Time'),
      width: 170,
      render: (_v, r) => new Date(r.creationTime).toLocaleString(),
    },
    { key: 'warehouse', title: SL('Warehouse'), width: 110, render: (_v, r) => r.warehouse.code },
    { key: 'sku', title: SL('Sku'), dataIndex: 'sku', width: 160 },
    {
      key: 'type',
      title: SL('Type'),
      width: 110,
      render: (_v, r) => <Tag color={ledgerTypeColor[r.type]}>{txnTypeLabel(r.type)}</Tag>,
    },
    { key: 'qtyChange', title: SL('QtyChange'), width: 90, align: 'right', render: (_v, r) => signed(r.qtyChange) },
    { key: 'qtyAfter', title: SL('QtyAfter'), width: 100, align: 'right', dataIndex: 'qtyAfter' },
    {
      key: 'reserved',
      title: SL('ReservedChange'),
      width: 100,
      align: 'right',
      render: (_v, r) => (r.reservedChange ? `${signed(r.reservedChange)} → ${r.reservedAfter}` : ''),
    },
    { key: 'unitCost', title: SL('UnitCost'), width: 100, align: 'right', render: (_v, r) => r.unitCost ?? '' },
    { key: 'avg', title: SL('AvgCostAfter'), width: 110, align: 'right', dataIndex: 'avgCostAfter' },
    { key: 'voucher', title: SL('Voucher'), width: 170, dataIndex: 'voucherNo' },
    { key: 'reason', title: SL('Reason'), dataIndex: 'reason', ellipsis: true },
  ];
  const toolbar = props.withFilters ? (
    <>
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={SL('AllTypes')}
        value={filters.type}
        onChange={(type?: StockTxnType) => setFilters((f) => ({ ...f, type }))}
        options={stockTxnTypes.map((t) => ({ value: t, label: txnTypeLabel(t) }))}
        data-testid={`${props.testid}-type`}
      />
      <WarehouseSelect
        allowClear
        placeholder={SL('AllWarehouses')}
        warehouses={props.warehouses}
        value={filters.warehouseId}
        onChange={(warehouseId) => setFilters((f) => ({ ...f, warehouseId }))}
        testid={`${props.testid}-warehouse`}
      />
      <DatePicker.RangePicker
        style={{ width: 260 }}
        allowEmpty={[true, true]}
        onChange={(range) =>
          setFilters((f) => ({
            ...f,
            from: (range?.[0] as Dayjs | null)?.format('YYYY-MM-DD'),
            to: (range?.[1] as Dayjs | null)?.format('YYYY-MM-DD'),
          }))
        }
        data-testid={`${props.testid}-dates`}
      />
    </>
  ) : undefined;
  return (
    <CrudPage<StockLedgerRow>
      testid={props.testid}
      queryKey={[...stockKeys.ledger, all]}
      request={(q, signal) => stockApi.ledger({ ...q, ...all }, signal)}
      rowKey={(r) => String(r.seq)}
      columns={columns}
      search={props.withFilters}
      searchPlaceholder={SL('SearchSku')}
      toolbar={toolbar}
      exportExcel={{ run: (q) => stockApi.exportLedger({ ...q, ...all }, `${SL('Ledger')}.xlsx`) }}
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
      await client.invalidateQueries({ queryKey: stockKeys.all });
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
