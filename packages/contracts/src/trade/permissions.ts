import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/**
 * Permission names of order management (`/order`). Spec §6 puts no restriction on the group's menu;
 * every action still needs one of these. The seeded roles get what fits them (salesman: orders and
 * shipments; stockman: purchasing, receiving, stock, shipments; finance: finance and statistics).
 */
export const TradePermissions = {
  /** Sales orders (marketplace and manual). */
  Orders: 'Trade.Orders',
  /** Purchase orders and replenishment suggestions. */
  Purchase: 'Trade.Purchase',
  /** Receipts against purchase-order lines. */
  Receiving: 'Trade.Receiving',
  /** Stock balances, the ledger, adjustments and transfers. */
  Stock: 'Trade.Stock',
  /** Shipments and their tracking history. */
  Shipments: 'Trade.Shipments',
  /** Settlement statements, arrivals (payment receipts), profit. */
  Finance: 'Trade.Finance',
  /** Order statistics. */
  Statistics: 'Trade.Statistics',
} as const;

/** What each seeded business role holds of this group by default. */
export const tradeRoleGrants: Record<'salesman' | 'stockman' | 'finance', string[]> = {
  salesman: [
    TradePermissions.Orders,
    ...['Create', 'Update', 'Confirm', 'Cancel', 'Pull', 'Export'].map((c) => `${TradePermissions.Orders}.${c}`),
    TradePermissions.Shipments,
    TradePermissions.Statistics,
  ],
  stockman: [
    TradePermissions.Orders,
    TradePermissions.Purchase,
    ...['Create', 'Update', 'Delete', 'Submit'].map((c) => `${TradePermissions.Purchase}.${c}`),
    TradePermissions.Receiving,
    ...['Create', 'Post', 'Reverse'].map((c) => `${TradePermissions.Receiving}.${c}`),
    TradePermissions.Stock,
    ...['Adjust', 'Transfer'].map((c) => `${TradePermissions.Stock}.${c}`),
    TradePermissions.Shipments,
    ...['Create', 'Update', 'Ship', 'Cancel'].map((c) => `${TradePermissions.Shipments}.${c}`),
  ],
  finance: [
    TradePermissions.Orders,
    TradePermissions.Purchase,
    `${TradePermissions.Purchase}.Pay`,
    TradePermissions.Stock,
    TradePermissions.Finance,
    ...['Pull', 'Arrivals', 'Match'].map((c) => `${TradePermissions.Finance}.${c}`),
    TradePermissions.Statistics,
  ],
};

export const tradePermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Trade',
    displayName: ['Order management', '订单管理'],
    roleGrants: tradeRoleGrants,
    permissions: [
      ...withChildren(TradePermissions.Orders, [...CRUD, 'Confirm', 'Cancel', 'Pull', 'Export'], 'tenant'),
      ...withChildren(TradePermissions.Purchase, [...CRUD, 'Submit', 'Approve', 'Close', 'Cancel', 'Pay'], 'tenant'),
      ...withChildren(TradePermissions.Receiving, ['Create', 'Post', 'Reverse'], 'tenant'),
      ...withChildren(TradePermissions.Stock, ['Adjust', 'Transfer'], 'tenant'),
      ...withChildren(TradePermissions.Shipments, ['Create', 'Update', 'Ship', 'Cancel'], 'tenant'),
      ...withChildren(TradePermissions.Finance, ['Pull', 'Arrivals', 'Match'], 'tenant'),
      ...withChildren(TradePermissions.Statistics, [], 'tenant'),
    ],
  },
  {
    [TradePermissions.Orders]: ['Sales orders', '销售订单'],
    [`${TradePermissions.Orders}.Confirm`]: ['Confirm', '确认'],
    [`${TradePermissions.Orders}.Cancel`]: ['Cancel', '取消'],
    [`${TradePermissions.Orders}.Pull`]: ['Pull from marketplaces', '拉取平台订单'],
    [`${TradePermissions.Orders}.Export`]: ['Export', '导出'],
    [TradePermissions.Purchase]: ['Purchase orders', '采购单'],
    [`${TradePermissions.Purchase}.Submit`]: ['Submit', '提交'],
    [`${TradePermissions.Purchase}.Approve`]: ['Approve or reject', '审核'],
    [`${TradePermissions.Purchase}.Close`]: ['Close short', '部分到货结束'],
    [`${TradePermissions.Purchase}.Cancel`]: ['Cancel', '作废'],
    [`${TradePermissions.Purchase}.Pay`]: ['Payment status', '付款状态'],
    [TradePermissions.Receiving]: ['Receiving', '收货'],
    [`${TradePermissions.Receiving}.Create`]: ['Create', '新增'],
    [`${TradePermissions.Receiving}.Post`]: ['Post', '入库'],
    [`${TradePermissions.Receiving}.Reverse`]: ['Reverse', '冲销'],
    [TradePermissions.Stock]: ['Stock', '库存'],
    [`${TradePermissions.Stock}.Adjust`]: ['Adjust', '调整'],
    [`${TradePermissions.Stock}.Transfer`]: ['Transfer', '调拨'],
    [TradePermissions.Shipments]: ['Shipments', '发货'],
    [`${TradePermissions.Shipments}.Ship`]: ['Ship', '发货'],
    [`${TradePermissions.Shipments}.Cancel`]: ['Cancel', '取消'],
    [TradePermissions.Finance]: ['Finance', '财务'],
    [`${TradePermissions.Finance}.Pull`]: ['Pull statements', '拉取结算单'],
    [`${TradePermissions.Finance}.Arrivals`]: ['Arrivals', '到账'],
    [`${TradePermissions.Finance}.Match`]: ['Match arrivals', '到账核销'],
    [TradePermissions.Statistics]: ['Order statistics', '订单统计'],
  },
);
