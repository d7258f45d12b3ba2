import { type Culture, LogisticsPermissions } from '@seller/contracts';
import { warehouseDto, warehouseInput, warehouseUpdateInput } from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { warehouseCommands } from './commands.ts';
import { warehouseQueries } from './queries.ts';

const L = (culture: Culture, key: string) => t(culture, `Logistics::${key}`);

/** `/api/logistics/warehouses`: list, get, create, update, delete, Excel export. */
export function warehouseRoutes(fastify: FastifyInstance) {
  resourceRoutes(fastify, {
    texts: 'Logistics',
    url: '/api/logistics/warehouses',
    tag: 'Warehouses',
    permission: LogisticsPermissions.Warehouses,
    dto: warehouseDto,
    input: warehouseInput,
    updateInput: warehouseUpdateInput,
    queries: warehouseQueries,
    commands: warehouseCommands(fastify.services),
    exportColumns: [
      { header: 'DisplayName:Code', width: 14, value: (r) => r.code },
      { header: 'DisplayName:Name', width: 24, value: (r) => r.name },
      { header: 'DisplayName:Type', width: 14, value: (r, c) => L(c, `WarehouseType:${r.type}`) },
      { header: 'DisplayName:CountryCode', width: 8, value: (r) => r.countryCode },
      { header: 'DisplayName:Address', width: 40, value: (r) => r.address },
      { header: 'DisplayName:ContactName', width: 12, value: (r) => r.contact?.name },
      { header: 'DisplayName:ContactPhone', width: 16, value: (r) => r.contact?.phone },
      { header: 'DisplayName:IsDefault', width: 8, value: (r, c) => (r.isDefault ? L(c, 'Yes') : '') },
      { header: 'DisplayName:IsActive', width: 8, value: (r, c) => L(c, r.isActive ? 'Active' : 'Inactive') },
      { header: 'DisplayName:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });
}
