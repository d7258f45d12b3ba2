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
import { type CrudQuery, downloadExport } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import type { HttpError } from '../../../lib/http/errors.ts';
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

export interface ShipmentFilters {
  status?: ShipmentStatus;
  warehouseId?: string;
}

export interface EventFilters {
  trackingNo?: string;
  shipmentNo?: string;
  from?: string;
  to?: string;
}

const url = '/api/trade/shipments';

/** A refusal the form shows under its fields (400 with members), not as a notification. */
const onFields = (e: HttpError) => !(e.status === 400 && e.validationErrors.length > 0);

export const shipmentsApi = {
  list: (q: CrudQuery & ShipmentFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Shipment>>(url, { ...q }, { signal }),
  counts: (q: { filter?: string; warehouseId?: string }, signal?: AbortSignal) =>
    http.get<Record<string, number>>(`${url}/counts`, { ...q }, { signal }),
  export: (q: Omit<CrudQuery, 'skipCount' | 'maxResultCount'> & ShipmentFilters, fileName: string) =>
    downloadExport(`${url}/export`, { ...q }, fileName),
  get: (id: string) => http.get<ShipmentDetail>(`${url}/${id}`),
  orders: (filter?: string, signal?: AbortSignal) =>
    http.get<ListResult<ShippableOrder>>(`${url}/orders`, { filter }, { signal }),
  warehouses: () => http.get<ListResult<ShipmentWarehouse>>(`${url}/warehouses`),
  estimate: (orderIds: string[], warehouseId?: string, signal?: AbortSignal) =>
    http.get<ShipmentEstimate>(`${url}/estimate`, { orderIds: orderIds.join(','), warehouseId }, { signal }),
  create: (input: CreateShipmentInput) => http.post<ShipmentDetail>(url, input, { notify: onFields }),
  act: (id: string, action: ShipmentAction) => http.post<ShipmentDetail>(`${url}/${id}/${action}`, {}),
  sync: (id: string) => http.post<ShipmentDetail>(`${url}/${id}/sync`, {}),
  label: (s: Pick<Shipment, 'id' | 'shipmentNo' | 'trackingNo'>) =>
    downloadExport(`${url}/${s.id}/label.pdf`, {}, `${s.shipmentNo}-${s.trackingNo ?? ''}.pdf`),
  events: (id: string) => http.get<ListResult<ShipmentEvent>>(`${url}/${id}/events`),
  eventList: (q: CrudQuery & EventFilters, signal?: AbortSignal) =>
    http.get<PagedResult<ShipmentEvent>>(`${url}/events`, { ...q }, { signal }),
  exportEvents: (q: Omit<CrudQuery, 'skipCount' | 'maxResultCount'> & EventFilters, fileName: string) =>
    downloadExport(`${url}/events/export`, { ...q }, fileName),
  addEvent: (id: string, input: ShipmentEventInput) =>
    http.post<ShipmentEvent>(`${url}/${id}/events`, input, { notify: onFields }),
};

export const shipmentKeys = {
  all: ['trade', 'shipments'] as const,
  list: (f: ShipmentFilters) => ['trade', 'shipments', 'list', f] as const,
  counts: ['trade', 'shipments', 'counts'] as const,
  orders: (filter?: string) => ['trade', 'shipments', 'orders', filter ?? ''] as const,
  warehouses: ['trade', 'shipments', 'warehouses'] as const,
  estimate: (orderIds: string[], warehouseId?: string) =>
    ['trade', 'shipments', 'estimate', orderIds.join(','), warehouseId ?? ''] as const,
  events: (id: string) => ['trade', 'shipments', 'events', id] as const,
  eventList: (f: EventFilters) => ['trade', 'shipments', 'event-list', f] as const,
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
