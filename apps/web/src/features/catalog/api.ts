import { PaymentType, SettlementCycle, SettlementForm } from '@seller/contracts/constants';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Catalogue master data (`/api/catalog/...`): shapes and calls. */

interface Audited {
  id: string;
  concurrencyStamp: string;
  creationTime: string;
}

export interface CategoryDto extends Audited {
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string | null;
  attributeGroupId: string | null;
  sort: number;
}

export interface BrandDto extends Audited {
  name: string;
  nameEn: string | null;
  website: string | null;
  description: string | null;
}

export interface SupplierDto extends Audited {
  code: string;
  fullName: string;
  grade: string | null;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  qq: string | null;
  wangwang: string | null;
  wechat: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  settlementForm: number | null;
  settlementCycle: number | null;
  paymentType: number | null;
  payeeAccount: string | null;
  accountName: string | null;
  bank: string | null;
  isDefault: boolean;
  remark: string | null;
}

export interface VendorSourceDto extends Audited {
  name: string;
  website: string | null;
  urlPatterns: string[];
  sort: number;
}

export interface PurchaseAttributeDto extends Audited {
  name: string;
  nameEn: string | null;
  sort: number;
  values: { id: string; value: string; valueEn: string | null; code: string; sort: number }[];
}

export interface ScreenAttributeDto extends Audited {
  name: string;
  nameEn: string | null;
  sort: number;
  options: { id: string; value: string; valueEn: string | null; sort: number }[];
}

export type AttributeKind = 'purchase' | 'screen';

export interface AttributeGroupDto extends Audited {
  name: string;
  description: string | null;
  items: {
    id: string;
    kind: AttributeKind;
    attributeId: string;
    attributeName: string;
    required: boolean;
    sort: number;
  }[];
}

/** The calls every master-data list offers (see the server's `resourceRoutes`). */
export interface ResourceApi<T> {
  url: string;
  list(q: CrudQuery, signal?: AbortSignal): Promise<PagedResult<T>>;
  all(): Promise<ListResult<T>>;
  create(input: object): Promise<T>;
  update(id: string, input: object): Promise<T>;
  remove(id: string): Promise<void>;
}

function resourceApi<T>(path: string): ResourceApi<T> {
  const url = `/api/catalog/${path}`;
  return {
    url,
    list: (q, signal) => http.get<PagedResult<T>>(url, { ...q }, { signal }),
    all: () => http.get<ListResult<T>>(`${url}/all`),
    create: (input) => http.post<T>(url, input),
    update: (id, input) => http.put<T>(`${url}/{id}`, input, { path: { id } }),
    remove: (id) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  };
}

export const categoriesApi = {
  ...resourceApi<CategoryDto>('categories'),
  move: (id: string, parentId: string | null, index: number) =>
    http.put<CategoryDto>('/api/catalog/categories/{id}/move', { parentId, index }, { path: { id } }),
};
export const brandsApi = resourceApi<BrandDto>('brands');
export const suppliersApi = resourceApi<SupplierDto>('suppliers');
export const vendorSourcesApi = resourceApi<VendorSourceDto>('vendor-sources');
export const purchaseAttributesApi = resourceApi<PurchaseAttributeDto>('purchase-attributes');
export const screenAttributesApi = resourceApi<ScreenAttributeDto>('screen-attributes');
export const attributeGroupsApi = resourceApi<AttributeGroupDto>('attribute-groups');

/** Texts of the catalogue pages (server resource `Catalog`). */
export const LC = (key: string, ...args: unknown[]) => localize(`Catalog::${key}`, ...args);

/** Select options of a numeric option set, labelled `Catalog::<kind>:<value>`. */
const optionsOf = (kind: string, values: Record<string, number>) => () =>
  Object.values(values).map((value) => ({ value, label: LC(`${kind}:${value}`) }));
export const settlementFormOptions = optionsOf('SettlementForm', SettlementForm);
export const settlementCycleOptions = optionsOf('SettlementCycle', SettlementCycle);
export const paymentTypeOptions = optionsOf('PaymentType', PaymentType);
export const optionLabel = (kind: string, value: number | null) => (value === null ? '' : LC(`${kind}:${value}`));

export interface CategoryNode extends CategoryDto {
  children: CategoryNode[];
}

/** Flat categories (ordered by sort within a parent) → tree. */
export function toCategoryTree(items: CategoryDto[]): CategoryNode[] {
  const byId = new Map<string, CategoryNode>(items.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
