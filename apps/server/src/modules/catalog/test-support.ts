import { expect } from 'vitest';
import { useApiApp } from '../permission-management/test-support.ts';

/** The spec §5 fields every valid product carries (region, both dates, a type, the resource). */
export const productFacts = {
  region: 'MY',
  developmentDate: '2026-01-05',
  launchDate: '2026-02-01',
  salesTypes: ['normal'],
  resource: 'selfDeveloped',
};

/** The product import sheet's headers, in the template's order (zh-Hans). */
export const PRODUCT_SHEET_HEADERS = [
  '父SKU',
  '名称',
  '分类编码',
  '品牌',
  '价格',
  '描述',
  '重量 (g)',
  '区域',
  '开发日期',
  '上架日期',
  '类型',
  '资源',
];

/** A valid product input with `sku` in `categoryId`; `extra` overrides any field. */
export const productBody = (categoryId: string, sku: string, extra: object = {}) => ({
  name: '测试商品',
  sku,
  categoryIds: [categoryId],
  description: '测试描述',
  price: 10,
  ...productFacts,
  ...extra,
});

/** Creates a product (`productBody`) through the API as `who`, expecting 200; the created DTO. */
export async function createProduct(
  post: (who: string, url: string, payload?: object) => Promise<{ statusCode: number; body: string; json(): unknown }>,
  who: string,
  categoryId: string,
  sku: string,
  extra: object = {},
) {
  const res = await post(who, '/api/catalog/products', productBody(categoryId, sku, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; [k: string]: unknown };
}

/**
 * A test app for the catalogue's API tests: the admins of tenants `demo` and `other`, `nobody` (a
 * demo salesman without catalogue permissions) and request helpers taking the caller's token (see
 * `useApiApp`).
 */
export const useCatalogApp = (env: Record<string, string> = {}) => useApiApp({ nobody: ['salesman'] }, env);
