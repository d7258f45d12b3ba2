import type {
  AttributeKind,
  attributeGroupDto,
  brandDto,
  categoryDto,
  Json,
  purchaseAttributeDto,
  screenAttributeDto,
  supplierDto,
  vendorSourceDto,
} from '@seller/contracts/catalog';
import { PaymentType, SettlementCycle, SettlementForm } from '@seller/contracts/constants';
import type { z } from 'zod';
import { resourceApi, resourceTitles } from '../../components/crud/index.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';
import { type TreeNode, toTree, treeOptions } from '../../lib/tree.ts';

/** Catalogue master data (`/api/catalog/...`): shapes (the server's output schemas, as JSON) and calls. */

export type CategoryDto = Json<z.infer<typeof categoryDto>>;
export type BrandDto = Json<z.infer<typeof brandDto>>;
export type SupplierDto = Json<z.infer<typeof supplierDto>>;
export type VendorSourceDto = Json<z.infer<typeof vendorSourceDto>>;
export type PurchaseAttributeDto = Json<z.infer<typeof purchaseAttributeDto>>;
export type ScreenAttributeDto = Json<z.infer<typeof screenAttributeDto>>;
export type AttributeGroupDto = Json<z.infer<typeof attributeGroupDto>>;
export type { AttributeKind };

const resource = <T>(path: string) => resourceApi<T>(`/api/catalog/${path}`);

export const categoriesApi = {
  ...resource<CategoryDto>('categories'),
  move: (id: string, parentId: string | null, index: number) =>
    http.put<CategoryDto>('/api/catalog/categories/{id}/move', { parentId, index }, { path: { id } }),
};
export const brandsApi = resource<BrandDto>('brands');
export const suppliersApi = resource<SupplierDto>('suppliers');
export const vendorSourcesApi = resource<VendorSourceDto>('vendor-sources');
export const purchaseAttributesApi = resource<PurchaseAttributeDto>('purchase-attributes');
export const screenAttributesApi = resource<ScreenAttributeDto>('screen-attributes');
export const attributeGroupsApi = resource<AttributeGroupDto>('attribute-groups');

/** Texts of the catalogue pages (server resource `Catalog`). */
export const LC = (key: string, ...args: unknown[]) => localize(`Catalog::${key}`, ...args);

/** Select options of a numeric option set, labelled `Catalog::<kind>:<value>`. */
const optionsOf = (kind: string, values: Record<string, number>) => () =>
  Object.values(values).map((value) => ({ value, label: LC(`${kind}:${value}`) }));
export const settlementFormOptions = optionsOf('SettlementForm', SettlementForm);
export const settlementCycleOptions = optionsOf('SettlementCycle', SettlementCycle);
export const paymentTypeOptions = optionsOf('PaymentType', PaymentType);
export const optionLabel = (kind: string, value: number | null) => (value === null ? '' : LC(`${kind}:${value}`));

export type CategoryNode = TreeNode<CategoryDto>;

/** Flat categories (ordered by sort within a parent) → tree. */
export const toCategoryTree = (items: CategoryDto[]): CategoryNode[] => toTree(items);

/** The categories as the options of a `TreeSelect`, each titled `name (code)`. */
export const categoryTreeOptions = (items: CategoryDto[]) => treeOptions(toTree(items), (n) => `${n.name} (${n.code})`);

/**
 * What a catalogue resource page is called, from its entity (`VendorSource`) and its plural
 * (`VendorSources`): the test id and query key (`vendor-sources`), the permission
 * (`Catalog.VendorSources`), the title and the create and edit forms' titles (`New:<entity>`,
 * `Edit:<entity>`).
 */
export const catalogResource = (entity: string, plural: string) => {
  const kebab = plural.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();
  return {
    testid: kebab,
    queryKey: ['catalog', kebab],
    permission: `Catalog.${plural}`,
    ...resourceTitles(LC, plural, `New:${entity}`, `Edit:${entity}`),
  };
};
