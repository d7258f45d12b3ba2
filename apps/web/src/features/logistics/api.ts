import type { Json } from '@seller/contracts/fields';
import { type WarehouseType, WarehouseTypes, type warehouseDto } from '@seller/contracts/logistics';
import type { z } from 'zod';
import { resourceApi } from '../../components/crud/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Logistics (`/api/logistics/...`): shapes (the server's output schemas, as JSON), calls and texts. */

export type WarehouseDto = Json<z.infer<typeof warehouseDto>>;

export const warehousesApi = resourceApi<WarehouseDto>('/api/logistics/warehouses');

/** Texts of the logistics pages (server resource `Logistics`). */
export const LL = (key: string, ...args: unknown[]) => localize(`Logistics::${key}`, ...args);

export const warehouseTypeLabel = (type: WarehouseType) => LL(`WarehouseType:${type}`);
export const warehouseTypeOptions = () => WarehouseTypes.map((value) => ({ value, label: warehouseTypeLabel(value) }));
