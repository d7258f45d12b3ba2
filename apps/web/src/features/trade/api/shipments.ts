import type { Json } from '@seller/contracts/fields';
import type {
  CreateShipmentInput,
  PickListDto,
  ShipmentAction,
  ShipmentBulkResult,
  ShipmentDetailDto,
  ShipmentDto,
  ShipmentEstimateDto,
  ShipmentEventDto,
  ShipmentEventInput,
  ShipmentStatus,
  ShipmentWarehouseDto,
  ShippableOrderDto,
} from '@seller/contracts/trade';
import { downloadExport, saveBlob } from '../../../components/crud/index.ts';
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
export type PickList = PickListDto;
export type { CreateShipmentInput, ShipmentAction, ShipmentBulkResult, ShipmentEventInput, ShipmentStatus };

export const shipmentsUrl = '/api/trade/shipments';
export const shipmentEventsUrl = `${shipmentsUrl}/events`;
const url = shipmentsUrl;

/** A PDF the server writes for the selected shipments (POST: the ids do not fit a URL), saved as `fileName`. */
const downloadPdf = async (path: string, ids: string[], fileName: string) =>
  saveBlob(
    await http.request<Blob>(path, { method: 'POST', json: { ids }, responseType: 'blob', timeoutMs: 300_000 }),
    fileName,
  );
const today = () => new Date().toISOString().slice(0, 10);

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
  /** One PDF of the selected shipments' labels (all labelled), 100 × 150 mm a page. */
  labels: (ids: string[]) => downloadPdf(`${url}/labels.pdf`, ids, `labels-${today()}-${ids.length}.pdf`),
  pickList: (ids: string[]) => http.post<PickList>(`${url}/pick-list`, { ids }),
  pickListPdf: (ids: string[]) => downloadPdf(`${url}/pick-list.pdf`, ids, `pick-list-${today()}.pdf`),
  /** Labels or ships each of the selected shipments (at most 100 a call); the refused ones come back with why. */
  bulk: (action: 'label' | 'ship', ids: string[]) => http.post<ShipmentBulkResult>(`${url}/bulk/${action}`, { ids }),
  /** The parcel a scanner names (tracking, shipment or order number); 404 when none. */
  scan: (code: string) => http.get<ShipmentDetail>(`${url}/scan`, { code }, { notify: false }),
  /** Packs, the scanned SKUs checked by the server against the items. */
  pack: (id: string, scanned: Array<{ sku: string; quantity: number }>) =>
    http.post<ShipmentDetail>(`${url}/${id}/pack`, { scanned }, { notify: false }),
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
  /** One PDF of the selected shipments' labels (all labelled), 100 × 150 mm a page. */
  labels: (ids: string[]) => downloadPdf(`${url}/labels.pdf`, ids, `labels-${today()}-${ids.length}.pdf`),
  pickList: (ids: string[]) => http.post<PickList>(`${url}/pick-list`, { ids }),
  pickListPdf: (ids: string[]) => downloadPdf(`${url}/pick-list.pdf`, ids, `pick-list-${today()}.pdf`),
  /** Labels or ships each of the selected shipments (at most 100 a call); the refused ones come back with why. */
  bulk: (action: 'label' | 'ship', ids: string[]) => http.post<ShipmentBulkResult>(`${url}/bulk/${action}`, { ids }),
  /** The parcel a scanner names (tracking, shipment or order number); 404 when none. */
  scan: (code: string) => http.get<ShipmentDetail>(`${url}/scan`, { code }, { notify: false }),
  /** Packs, the scanned SKUs checked by the server against the items. */
  pack: (id: string, scanned: Array<{ sku: string; quantity: number }>) =>
    http.post<ShipmentDetail>(`${url}/${id}/pack`, { scanned }, { notify: false }),
  events: (id: string) => ['trade', 'shipments', 'events', id] as const,
};

/** Texts of the shipment pages (server resource `Shipments`). */
export const SL = (key: string, ...args: unknown[]) => localize(`Shipments::${key}`, ...args);

/**
 * A tracking event's code as a reader reads it: a shipment state's name (`Status:`), a known
 * carrier or sync step (`Code:`), else the code as the carrier or the user wrote it.
 */
export function eventCodeLabel(code: string): string {
  for (const key of [`Status:${code}`, `Code:${code}`]) {
    const text = SL(key);
    if (text !== key) return text;
  }
  return code;
}

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
