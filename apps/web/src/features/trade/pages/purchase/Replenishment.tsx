import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LP, type PurchaseLookups, purchaseApi, type Suggestion } from '../../api/purchase.ts';

const keyOf = (s: Suggestion) => `${s.warehouseId}|${s.variantId}`;

/**
 * Replenishment suggestions per SKU × warehouse (the server's formula), with the quantities
 * editable, and "Create draft POs": one draft per supplier for the checked rows of one warehouse.
 */
export function Replenishment({
  open,
  lookups,
  onClose,
  onCreated,
}: {
  open: boolean;
  lookups: PurchaseLookups | undefined;
  onClose(): void;
  onCreated(poNos: string[]): void;
}) {
  const ui = useUi();
  const [warehouseId, setWarehouseId] = useState<string | undefined>();
  const [days, setDays] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const warehouse = warehouseId ?? lookups?.warehouses.find((w) => w.isDefault)?.id;
  const query = useQuery({
    queryKey: ['trade', 'purchase', 'suggestions', warehouse, days, filter],
    queryFn: () =>
      purchaseApi.suggestions({ warehouseId: warehouse, days: days ?? undefined, filter: filter || undefined }),
    enabled: open && !!warehouse,
  });
  const rows = query.data?.items ?? [];
  const qty = (s: Suggestion) => quantities[keyOf(s)] ?? s.suggested;

  const create = async () => {
    const lines = rows
      .filter((s) => checked.includes(keyOf(s)))
      .map((s) => ({ variantId: s.variantId, quantity: qty(s) }))
      .filter((l) => l.quantity > 0);
    if (!lines.length || !warehouse) return;
    setBusy(true);
    try {
      const { poNos } = await purchaseApi.draft({ warehouseId: warehouse, lines });
      ui.message.success(LP('Page:DraftsCreated', poNos.join(', ')));
      setChecked([]);
      onCreated(poNos);
    } catch {
      // the HTTP client shows the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1100}
      title={LP('Page:Replenishment')}
      extra={
        <Button type="primary" disabled={!checked.length} loading={busy} onClick={create} data-testid="repl-create">
          {LP('Page:CreateDrafts')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={warehouse}
          onChange={(w: string) => {
            setWarehouseId(w);
            setChecked([]);
          }}
          options={lookups?.warehouses.map((w) => ({ value: w.id, label: w.name }))}
          data-testid="repl-warehouse"
        />
        <Space.Compact>
          <Button disabled>{LP('Page:Days')}</Button>
          <InputNumber min={1} max={365} precision={0} value={days} onChange={setDays} placeholder="30" />
        </Space.Compact>
        <Input.Search
          allowClear
          placeholder={LP('Page:SearchSku')}
          onSearch={setFilter}
          style={{ width: 240 }}
          data-testid="repl-search"
        />
      </Space>
      <Table<Suggestion>
        data-testid="repl-table"
        size="small"
        rowKey={keyOf}
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={LP('Page:NoSuggestions')} /> }}
        rowSelection={{
          selectedRowKeys: checked,
          onChange: (keys) => setChecked(keys as string[]),
          getCheckboxProps: (s) => ({ disabled: !s.supplierId, 'data-testid': `repl-check-${s.sku}` }) as object,
        }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          { key: 'name', title: LP('Field:Product'), dataIndex: 'productName', ellipsis: true, width: 200 },
          { key: 'supplier', title: LP('Field:Supplier'), dataIndex: 'supplierName', ellipsis: true, width: 160 },
          { key: 'sold', title: LP('Field:Sold'), dataIndex: 'sold', align: 'right' },
          { key: 'daily', title: LP('Field:DailySales'), dataIndex: 'dailySales', align: 'right' },
          { key: 'lead', title: LP('Field:LeadDays'), dataIndex: 'leadDays', align: 'right' },
          { key: 'safety', title: LP('Field:Safety'), dataIndex: 'safety', align: 'right' },
          { key: 'onHand', title: LP('Field:OnHand'), dataIndex: 'onHand', align: 'right' },
          { key: 'reserved', title: LP('Field:Reserved'), dataIndex: 'reserved', align: 'right' },
          { key: 'inTransit', title: LP('Field:InTransit'), dataIndex: 'inTransit', align: 'right' },
          {
            key: 'suggested',
            title: LP('Field:Suggested'),
            render: (_v, s) => (
              <InputNumber
                min={0}
                precision={0}
                value={qty(s)}
                onChange={(n) => setQuantities((q) => ({ ...q, [keyOf(s)]: Number(n) || 0 }))}
                data-testid={`repl-qty-${s.sku}`}
              />
            ),
          },
          {
            key: 'price',
            title: LP('Field:UnitPrice'),
            align: 'right',
            render: (_v, s) => (s.unitPrice ? `${s.unitPrice} ${s.currency}` : ''),
          },
        ]}
      />
    </Drawer>
  );
}
