import type { Json } from '@seller/contracts/fields';
import type {
  CreateShipmentInput,
  ShipmentAction,
  ShipmentDetailDto,
  ShipmentDto,
  ShipmentEstimateDto,
  ShipmentEventDto,
  ShipmentEventInput,
  ShipmentStatus,
  ShipmentWarehouseDto,
  ShippableOrderDto,
} from '@seller/contracts/trade';
import { downloadExport } from '../../../components/crud/index.ts';
import type { ListResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Shipments and their tracking (`/api/trade/shipments…`). */

export type Shipment = Json<ShipmentDto>;
export type ShipmentDetail = Json<ShipmentDetailDto>;
export type ShipmentEvent = Json<ShipmentEventDto>;
export type ShippableOrder = Json<ShippableOrderDto>;
export type ShipmentEstimate = Json<ShipmentEstimateDto>;
export type ShipmentWarehouse = ShipmentWarehouseDto;
export type { CreateShipmentInput, ShipmentAction, ShipmentEventInput, ShipmentStatus };

export const shipmentsUrl = '/api/trade/shipments';
export const shipmentEventsUrl = `${shipmentsUrl}/events`;
const url = shipmentsUrl;

export const shipmentsApi = {
  get: (id: string) => http.get<ShipmentDetail>(`${url}/${id}`),
  orders: (filter?: string, signal?: AbortSignal) =>
    http.get<ListResult<ShippableOrder>>(`${url}/orders`, { filter }, { signal }),
  warehouses: () => http.get<ListResult<ShipmentWarehouse>>(`${url}/warehouses`),
  estimate: (orderIds: string[], warehouseId?: string, signal?: AbortSignal) =>
    http.get<ShipmentEstimate>(`${url}/estimate`, { orderIds: orderIds.join(','), warehouseId }, { signal }),
  create: (input: CreateShipmentInput) => http.post<ShipmentDetail>(url, input, { notify: notifyUnlessFieldErrors }),
  act: (id: string, action: ShipmentAction) => http.post<ShipmentDetail>(`${url}/${id}/${action}`, {}),
  sync: (id: string) => http.post<ShipmentDetail>(`${url}/${id}/sync`, {}),
  label: (s: Pick<Shipment, 'id' | 'shipmentNo' | 'trackingNo'>) =>
    downloadExport(`${url}/${s.id}/label.pdf`, {}, `${s.shipmentNo}-${s.trackingNo ?? ''}.pdf`),
  events: (id: string) => http.get<ListResult<ShipmentEvent>>(`${url}/${id}/events`),
  addEvent: (id: string, input: ShipmentEventInput) =>
    http.post<ShipmentEvent>(`${url}/${id}/events`, input, { notify: notifyUnlessFieldErrors }),
};

export const shipmentKeys = {
  all: ['trade', 'shipments'] as const,
  orders: (filter?: string) => ['trade', 'shipments', 'orders', filter ?? ''] as const,
  warehouses: ['trade', 'shipments', 'warehouses'] as const,
  estimate: (orderIds: string[], warehouseId?: string) =>
    ['trade', 'shipments', 'estimate', orderIds.join(','), warehouseId ?? ''] as const,
  events: (id: string) => ['trade', 'shipments', 'events', id] as const,
};

/** Texts of the shipment pages (server resource `Shipments`). */
export const SL = (key: string, ...args: unknown[]) => localize(`Shipments::${key}`, ...args);

export const shipmentStatusColor: Record<ShipmentStatus, string> = {
  CREATED: 'default',
  LABELLED: 'blue',
  PACKED: 'cyan',
  SHIPPED: 'processing',
  DELIVERED: 'success',
  RETURNED: 'warning',
  LOST: 'error',
  CANCELLED: 'default',
};
