import type { Shipment } from '../../api/shipments.ts';

/**
 * A shipment row as the list answers it, for the page's tests: a created one of warehouse
 * 深圳仓 by 云途专线 to Malaysia, with `over` on top.
 */
export const shipmentRow = (over: Partial<Shipment> = {}): Shipment => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  shipmentNo: 'SHP-260101-AAAAAA',
  status: 'CREATED',
  warehouseId: '00000000-0000-4000-8000-000000000001',
  warehouseName: '深圳仓',
  channelId: 'ch1',
  channelName: '云途专线',
  carrierName: '云途',
  trackingNo: null,
  labelFile: null,
  countryCode: 'MY',
  estWeightG: 500,
  estFee: '38.50',
  currency: 'CNY',
  actualWeightG: null,
  actualFee: null,
  shippedAt: null,
  deliveredAt: null,
  platformSyncStatus: null,
  platformSyncError: null,
  orderNos: 'SO-1',
  quantity: 2,
  remark: null,
  allowedActions: ['label', 'cancel'],
  creationTime: '2026-01-01T00:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 'x',
  ...over,
});
