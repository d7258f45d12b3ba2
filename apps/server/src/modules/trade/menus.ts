import { TradePermissions as P, tradeRoleGrants } from '@seller/contracts';
import { type MenuDefinition, menuPage } from '../../core/module.ts';

/** A page (`menuPage`) linked to the seeded roles that hold its permission. */
const page = (...args: Parameters<typeof menuPage>): MenuDefinition => ({
  ...menuPage(...args),
  roles: rolesHolding(args[7]),
});

/** The seeded roles that hold a page's permission by default see its menu entry. */
const rolesHolding = (permission: string) => [
  'admin',
  ...Object.entries(tradeRoleGrants)
    .filter(([, names]) => names.includes(permission))
    .map(([role]) => role),
];

/**
 * The `/order` pages (spec §2: purchase, receiving, statistics-order, shipment, shipment-record,
 * financial with child arrival), plus the sales orders and stock pages this product adds. Spec §6:
 * the group itself shows no restriction; each page needs its `Trade.*` permission.
 */
export const menus: MenuDefinition[] = [
  {
    code: '00011',
    name: 'Order',
    displayName: '订单管理',
    path: '/order',
    component: 'Layout',
    meta: { title: 'Menus::Order', icon: 'order', alwaysShow: true },
    roles: ['admin', ...Object.keys(tradeRoleGrants)],
  },
  page('00011.00001', 'SalesOrders', '销售订单', 'orders', 'trade/orders/index', 'SalesOrders', 'order', P.Orders),
  page('00011.00002', 'Purchase', '采购管理', 'purchase', 'trade/purchase/index', 'Purchase', 'shopping', P.Purchase),
  page(
    '00011.00003',
    'Receiving',
    '收货入库',
    'receiving',
    'trade/receiving/index',
    'Receiving',
    'download',
    P.Receiving,
  ),
  page('00011.00004', 'Stock', '库存管理', 'stock', 'trade/stock/index', 'Stock', 'database', P.Stock),
  page('00011.00005', 'Shipment', '发货管理', 'shipment', 'trade/shipment/index', 'Shipment', 'logistics', P.Shipments),
  page(
    '00011.00006',
    'ShipmentRecord',
    '物流轨迹',
    'shipment-record',
    'trade/shipment-record/index',
    'ShipmentRecord',
    'guide',
    P.Shipments,
  ),
  {
    code: '00011.00007',
    name: 'Financial',
    displayName: '财务管理',
    path: 'financial',
    component: 'Layout',
    meta: { title: 'Menus::Financial', icon: 'finance', alwaysShow: true, permission: P.Finance },
    roles: rolesHolding(P.Finance),
  },
  page(
    '00011.00007.00001',
    'Statement',
    '结算单',
    'statement',
    'trade/financial/index',
    'Statements',
    'money',
    P.Finance,
  ),
  page('00011.00007.00002', 'Arrival', '到账管理', 'arrival', 'trade/arrival/index', 'Arrivals', 'finance', P.Finance),
  page(
    '00011.00008',
    'StatisticsOrder',
    '订单统计',
    'statistics-order',
    'trade/statistics/index',
    'StatisticsOrder',
    'chart',
    P.Statistics,
  ),
];
