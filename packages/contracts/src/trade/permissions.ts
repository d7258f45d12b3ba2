import {
  CRUD_CHILDREN,
  crudNode,
  type PermissionGroupDefinition,
  permissionGroup,
  withActions,
} from '../permissions.ts';

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

const P = TradePermissions;

/** What each seeded business role holds of this group by default. */
export const tradeRoleGrants: Record<'salesman' | 'stockman' | 'finance', string[]> = {
  salesman: [
    ...withActions(P.Orders, ['Create', 'Update', 'Confirm', 'Cancel', 'Pull', 'Export']),
    P.Shipments,
    P.Statistics,
  ],
  stockman: [
    P.Orders,
    ...withActions(P.Purchase, ['Create', 'Update', 'Delete', 'Submit']),
    ...withActions(P.Receiving, ['Create', 'Post', 'Reverse']),
    ...withActions(P.Stock, ['Adjust', 'Transfer']),
    ...withActions(P.Shipments, ['Create', 'Update', 'Ship', 'Cancel']),
  ],
  finance: [
    P.Orders,
    ...withActions(P.Purchase, ['Pay']),
    P.Stock,
    ...withActions(P.Finance, ['Pull', 'Arrivals', 'Match']),
    P.Statistics,
  ],
};

export const tradePermissions: PermissionGroupDefinition = {
  ...permissionGroup('Trade', ['Order management', '订单管理'], 'tenant', {
    [P.Orders]: crudNode(['Sales orders', '销售订单'], {
      Confirm: ['Confirm', '确认'],
      Cancel: ['Cancel', '取消'],
      Pull: ['Pull from marketplaces', '拉取平台订单'],
      Export: ['Export', '导出'],
    }),
    [P.Purchase]: crudNode(['Purchase orders', '采购单'], {
      Submit: ['Submit', '提交'],
      Approve: ['Approve or reject', '审核'],
      Close: ['Close short', '部分到货结束'],
      Cancel: ['Cancel', '作废'],
      Pay: ['Payment status', '付款状态'],
    }),
    [P.Receiving]: {
      displayName: ['Receiving', '收货'],
      children: { Create: CRUD_CHILDREN.Create, Post: ['Post', '入库'], Reverse: ['Reverse', '冲销'] },
    },
    [P.Stock]: {
      displayName: ['Stock', '库存'],
      children: { Adjust: ['Adjust', '调整'], Transfer: ['Transfer', '调拨'] },
    },
    [P.Shipments]: {
      displayName: ['Shipments', '发货'],
      children: {
        Create: CRUD_CHILDREN.Create,
        Update: CRUD_CHILDREN.Update,
        Ship: ['Ship', '发货'],
        Cancel: ['Cancel', '取消'],
      },
    },
    [P.Finance]: {
      displayName: ['Finance', '财务'],
      children: {
        Pull: ['Pull statements', '拉取结算单'],
        Arrivals: ['Arrivals', '到账'],
        Match: ['Match arrivals', '到账核销'],
      },
    },
    [P.Statistics]: { displayName: ['Order statistics', '订单统计'] },
  }),
  roleGrants: tradeRoleGrants,
};
