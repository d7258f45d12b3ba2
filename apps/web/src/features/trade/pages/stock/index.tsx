import { SwapOutlined, ToolOutlined } from '@ant-design/icons';
import { TradePermissions } from '@seller/contracts/trade';
import { Button, Drawer, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Access, type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { type BalanceFilters, SL, type StockBalance, stockApi, stockKeys } from '../../api/stock.ts';
import { LedgerTable, SafetyModal, useWarehouses, WarehouseSelect } from './parts.tsx';
import { VoucherDrawer, type VoucherKind } from './voucher.tsx';

const P = TradePermissions.Stock;

/**
 * /order/stock: balances per SKU × warehouse (warehouse, SKU search, low-stock view, Excel
 * export; per row its ledger and its safety stock), the whole ledger, and the adjustment (or
 * stock count) and transfer forms.
 */
export default function StockPage() {
  const warehouses = useWarehouses();
  const [filters, setFilters] = useState<BalanceFilters>({});
  const [ledgerOf, setLedgerOf] = useState<StockBalance | null>(null);
  const [safetyOf, setSafetyOf] = useState<StockBalance | null>(null);
  const [voucher, setVoucher] = useState<VoucherKind | null>(null);

  const columns: CrudColumn<StockBalance>[] = [
    { key: 'warehouse', title: SL('Warehouse'), width: 110, render: (_v, r) => r.warehouse.code },
    { key: 'sku', title: SL('Sku'), dataIndex: 'sku', sortField: 'sku', width: 170 },
    {
      key: 'product',
      title: SL('Product'),
      ellipsis: true,
      render: (_v, r) => (
        <span title={`${r.productName} ${r.label}`}>
          {r.productName}
          {r.label ? <Typography.Text type="secondary"> {r.label}</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'onHand', title: SL('OnHand'), dataIndex: 'onHand', sortField: 'onHand', width: 90, align: 'right' },
    { key: 'reserved', title: SL('Reserved'), dataIndex: 'reserved', width: 80, align: 'right' },
    {
      key: 'available',
      title: SL('Available'),
      sortField: 'available',
      width: 100,
      align: 'right',
      render: (_v, r) => (
        <Space size={4}>
          {r.low ? <Tag color="red">{SL('Low')}</Tag> : null}
          <span>{r.available}</span>
        </Space>
      ),
    },
    { key: 'inTransit', title: SL('InTransit'), dataIndex: 'inTransit', width: 80, align: 'right' },
    {
      key: 'defective',
      title: SL('Defective'),
      dataIndex: 'defective',
      width: 80,
      align: 'right',
      defaultHidden: true,
    },
    { key: 'safety', title: SL('Safety'), dataIndex: 'safety', width: 90, align: 'right' },
    { key: 'avgCost', title: SL('AvgCost'), dataIndex: 'avgCost', sortField: 'avgCost', width: 110, align: 'right' },
    {
      key: 'value',
      title: SL('Value'),
      sortField: 'value',
      width: 130,
      align: 'right',
      render: (_v, r) => `${r.value} ${r.currency}`,
    },
  ];

  const balances = (
    <CrudPage<StockBalance>
      testid="stock-balances"
      queryKey={[...stockKeys.balances, filters]}
      request={(q, signal) => stockApi.balances({ ...q, ...filters }, signal)}
      rowKey={(r) => `${r.warehouse.id}:${r.variantId}`}
      columns={columns}
      searchPlaceholder={SL('SearchSku')}
      columnSettings
      toolbar={
        <>
          <WarehouseSelect
            allowClear
            placeholder={SL('AllWarehouses')}
            warehouses={warehouses}
            value={filters.warehouseId}
            onChange={(warehouseId) => setFilters((f) => ({ ...f, warehouseId }))}
            testid="stock-filter-warehouse"
          />
          <Space size={6}>
            <Switch
              checked={!!filters.lowStock}
              onChange={(lowStock) => setFilters((f) => ({ ...f, lowStock }))}
              data-testid="stock-filter-low"
            />
            <span>{SL('LowStock')}</span>
          </Space>
        </>
      }
      exportExcel={{ run: (q) => stockApi.exportBalances({ ...q, ...filters }, `${SL('Balances')}.xlsx`) }}
      rowActions={(r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setLedgerOf(r)} data-testid={`stock-ledger-${r.sku}`}>
            {SL('Ledger')}
          </Button>
          <Access permission={`${P}.Adjust`}>
            <Button type="link" size="small" onClick={() => setSafetyOf(r)} data-testid={`stock-safety-${r.sku}`}>
              {SL('SetSafety')}
            </Button>
          </Access>
        </Space>
      )}
    />
  );

  return (
    <>
      <Tabs
        defaultActiveKey="balances"
        destroyOnHidden
        tabBarExtraContent={
          <Space>
            <Access permission={`${P}.Adjust`}>
              <Button icon={<ToolOutlined />} onClick={() => setVoucher('adjust')} data-testid="stock-adjust">
                {SL('Adjust')}
              </Button>
            </Access>
            <Access permission={`${P}.Transfer`}>
              <Button icon={<SwapOutlined />} onClick={() => setVoucher('transfer')} data-testid="stock-transfer">
                {SL('Transfer')}
              </Button>
            </Access>
          </Space>
        }
        items={[
          { key: 'balances', label: SL('Balances'), children: balances },
          {
            key: 'ledger',
            label: SL('Ledger'),
            children: <LedgerTable withFilters warehouses={warehouses} testid="stock-ledger" />,
          },
        ]}
      />
      <Drawer
        open={!!ledgerOf}
        size={1000}
        title={ledgerOf ? SL('LedgerOf', `${ledgerOf.sku} · ${ledgerOf.warehouse.code}`) : ''}
        onClose={() => setLedgerOf(null)}
        destroyOnHidden
      >
        {ledgerOf ? (
          <LedgerTable
            fixed={{ variantId: ledgerOf.variantId, warehouseId: ledgerOf.warehouse.id }}
            warehouses={warehouses}
            testid="stock-sku-ledger"
          />
        ) : null}
      </Drawer>
      <SafetyModal row={safetyOf} onClose={() => setSafetyOf(null)} />
      <VoucherDrawer kind={voucher} warehouses={warehouses} onClose={() => setVoucher(null)} />
    </>
  );
}
