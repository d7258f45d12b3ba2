import { SwapOutlined, ToolOutlined } from '@ant-design/icons';
import { stockBalanceList, TradePermissions } from '@seller/contracts/trade';
import { Button, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Access } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { SL, type StockBalance, stockUrl } from '../../api/stock.ts';
import { LedgerList, SafetyModal, useWarehouses } from './parts.tsx';
import { VoucherDrawer, type VoucherKind } from './voucher.tsx';

const P = TradePermissions.Stock;

/**
 * /order/stock: balances per SKU × warehouse (warehouse, SKU search, low-stock view, Excel
 * export; per row its ledger and its safety stock), the whole ledger, and the adjustment (or
 * stock count) and transfer forms. A row's ledger is the ledger tab narrowed to its SKU and
 * warehouse in the URL (a copied address opens it again).
 */
export default function StockPage() {
  const warehouses = useWarehouses();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState(() => (params.get('variantId') ? 'ledger' : 'balances'));
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  const [safetyOf, setSafetyOf] = useState<StockBalance | null>(null);
  const [voucher, setVoucher] = useState<VoucherKind | null>(null);

  const balances = (
    <ListPage<StockBalance>
      list={stockBalanceList}
      url={stockUrl}
      testid="stock-balances"
      render={{
        warehouseName: (r) => r.warehouse.code,
        productName: (r) => (
          <span title={`${r.productName} ${r.label}`}>
            {r.productName}
            {r.label ? <Typography.Text type="secondary"> {r.label}</Typography.Text> : null}
          </span>
        ),
        available: (r) => (
          <Space size={4}>
            {r.low ? <Tag color="red">{SL('Low')}</Tag> : null}
            <span>{r.available}</span>
          </Space>
        ),
      }}
      rowActions={(r) => (
        <Space size={0}>
          <LinkButton
            onClick={() => {
              setLedgerOf(`${r.sku} · ${r.warehouse.code}`);
              setView('ledger');
              setParams(new URLSearchParams({ variantId: r.variantId, warehouseId: r.warehouse.id }));
            }}
            data-testid={`stock-ledger-${r.sku}`}
          >
            {SL('Ledger')}
          </LinkButton>
          <Access permission={`${P}.Adjust`}>
            <LinkButton onClick={() => setSafetyOf(r)} data-testid={`stock-safety-${r.sku}`}>
              {SL('SetSafety')}
            </LinkButton>
          </Access>
        </Space>
      )}
    />
  );

  return (
    <>
      <Tabs
        activeKey={view}
        // the two lists keep their state in the same URL: a switch starts the other one afresh
        onChange={(key) => {
          setView(key);
          setParams(new URLSearchParams());
        }}
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
          { key: 'ledger', label: SL('Ledger'), children: <LedgerList sku={ledgerOf} /> },
        ]}
      />
      <SafetyModal row={safetyOf} onClose={() => setSafetyOf(null)} />
      <VoucherDrawer kind={voucher} warehouses={warehouses} onClose={() => setVoucher(null)} />
    </>
  );
}
