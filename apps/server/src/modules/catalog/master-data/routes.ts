import { type Culture, listResult, Permissions } from '@seller/contracts';
import {
  attributeGroupDto,
  attributeGroupInput,
  attributeGroupUpdateInput,
  brandDto,
  brandInput,
  brandUpdateInput,
  categoryDto,
  categoryInput,
  categoryMoveInput,
  categoryUpdateInput,
  idParams,
  purchaseAttributeDto,
  purchaseAttributeInput,
  purchaseAttributeUpdateInput,
  screenAttributeDto,
  screenAttributeInput,
  screenAttributeUpdateInput,
  supplierDto,
  supplierInput,
  supplierUpdateInput,
  vendorSourceDto,
  vendorSourceInput,
  vendorSourceMatchQuery,
  vendorSourceUpdateInput,
} from '@seller/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { masterDataCommands } from './commands.ts';
import { masterDataQueries as queries } from './queries.ts';

const base = '/api/catalog';
/** The localized label of a numeric option (`Catalog::<kind>:<value>`). */
const option = (kind: string, v: number | null, culture: Culture) =>
  v === null ? null : t(culture, `Catalog::${kind}:${v}`);

/** HTTP routes of the catalogue master data (`/api/catalog/...`). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inTx = app.services.data.inTenant.bind(app.services.data);
  const commands = masterDataCommands(app.services);
  // until the module definition takes them: product writes refresh the cached product lists
  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/categories`,
    tag: 'Categories',
    permission: Permissions.Categories,
    dto: categoryDto,
    input: categoryInput,
    updateInput: categoryUpdateInput,
    queries: queries.categories,
    commands: commands.categories,
  });
  app.put(
    `${base}/categories/:id/move`,
    {
      config: { permission: `${Permissions.Categories}.Update` },
      schema: { tags: ['Categories'], params: idParams, body: categoryMoveInput, response: { 200: categoryDto } },
    },
    (req) => inTx(req.ctx, (tx) => commands.moveCategory(tx, req.ctx, req.params.id, req.body)),
  );

  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/brands`,
    tag: 'Brands',
    permission: Permissions.Brands,
    dto: brandDto,
    input: brandInput,
    updateInput: brandUpdateInput,
    queries: queries.brands,
    commands: commands.brands,
    exportColumns: [
      { header: 'DisplayName:Name', width: 24, value: (r) => r.name },
      { header: 'DisplayName:NameEn', width: 24, value: (r) => r.nameEn },
      { header: 'DisplayName:Website', width: 30, value: (r) => r.website },
      { header: 'DisplayName:Description', width: 40, value: (r) => r.description },
      { header: 'DisplayName:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });

  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/suppliers`,
    tag: 'Suppliers',
    permission: Permissions.Suppliers,
    dto: supplierDto,
    input: supplierInput,
    updateInput: supplierUpdateInput,
    queries: queries.suppliers,
    commands: commands.suppliers,
    exportColumns: [
      { header: 'DisplayName:Code', width: 14, value: (r) => r.code },
      { header: 'DisplayName:FullName', width: 30, value: (r) => r.fullName },
      { header: 'DisplayName:Grade', width: 8, value: (r) => r.grade },
      { header: 'DisplayName:ContactPerson', width: 12, value: (r) => r.contactPerson },
      { header: 'DisplayName:Phone', width: 16, value: (r) => r.phone },
      { header: 'DisplayName:Qq', width: 14, value: (r) => r.qq },
      { header: 'DisplayName:Wangwang', width: 16, value: (r) => r.wangwang },
      {
        header: 'DisplayName:Address',
        width: 36,
        value: (r) => [r.province, r.city, r.address].filter(Boolean).join(' '),
      },
      {
        header: 'DisplayName:SettlementForm',
        width: 14,
        value: (r, c) => option('SettlementForm', r.settlementForm, c),
      },
      {
        header: 'DisplayName:SettlementCycle',
        width: 12,
        value: (r, c) => option('SettlementCycle', r.settlementCycle, c),
      },
      { header: 'DisplayName:PaymentType', width: 12, value: (r, c) => option('PaymentType', r.paymentType, c) },
      { header: 'DisplayName:PayeeAccount', width: 22, value: (r) => r.payeeAccount },
      { header: 'DisplayName:AccountName', width: 16, value: (r) => r.accountName },
      { header: 'DisplayName:Bank', width: 20, value: (r) => r.bank },
      { header: 'DisplayName:IsDefault', width: 8, value: (r) => (r.isDefault ? '✓' : '') },
    ],
  });

  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/vendor-sources`,
    tag: 'VendorSources',
    permission: Permissions.VendorSources,
    dto: vendorSourceDto,
    input: vendorSourceInput,
    updateInput: vendorSourceUpdateInput,
    queries: queries.vendorSources,
    commands: commands.vendorSources,
  });
  app.get(
    `${base}/vendor-sources/match`,
    {
      config: { permission: Permissions.VendorSources },
      schema: {
        tags: ['VendorSources'],
        querystring: vendorSourceMatchQuery,
        response: { 200: listResult(vendorSourceDto) },
      },
    },
    (req) => inTx(req.ctx, (tx) => queries.matchVendorSources(tx, req.ctx, req.query.url)),
  );

  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/purchase-attributes`,
    tag: 'PurchaseAttributes',
    permission: Permissions.PurchaseAttributes,
    dto: purchaseAttributeDto,
    input: purchaseAttributeInput,
    updateInput: purchaseAttributeUpdateInput,
    queries: queries.purchaseAttributes,
    commands: commands.purchaseAttributes,
  });
  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/screen-attributes`,
    tag: 'ScreenAttributes',
    permission: Permissions.ScreenAttributes,
    dto: screenAttributeDto,
    input: screenAttributeInput,
    updateInput: screenAttributeUpdateInput,
    queries: queries.screenAttributes,
    commands: commands.screenAttributes,
  });
  resourceRoutes(fastify, {
    texts: 'Catalog',
    url: `${base}/attribute-groups`,
    tag: 'AttributeGroups',
    permission: Permissions.AttributeGroups,
    dto: attributeGroupDto,
    input: attributeGroupInput,
    updateInput: attributeGroupUpdateInput,
    queries: queries.attributeGroups,
    commands: commands.attributeGroups,
  });
}
