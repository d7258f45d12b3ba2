import { type Culture, LogisticsPermissions } from '@seller/contracts';
import { strategyDto, strategyInput, strategyUpdateInput } from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { strategyCommands } from './commands.ts';
import { strategyQueries } from './queries.ts';

const L = (culture: Culture, key: string) => t(culture, `Logistics::${key}`);

/**
 * `/api/logistics/freight-strategies`: list, get, create, update, delete, Excel export. The
 * strategy test (`POST …/test`) is the freight estimate's, in `freight/routes.ts`.
 */
export function strategyRoutes(fastify: FastifyInstance) {
  resourceRoutes(fastify, {
    texts: 'Logistics',
    url: '/api/logistics/freight-strategies',
    tag: 'FreightStrategies',
    exportName: 'Strategy:FreightStrategies',
    permission: LogisticsPermissions.FreightStrategies,
    dto: strategyDto,
    input: strategyInput,
    updateInput: strategyUpdateInput,
    queries: strategyQueries,
    commands: strategyCommands(fastify.services),
    exportColumns: [
      { header: 'Strategy:Priority', width: 10, value: (r) => r.priority },
      { header: 'Strategy:Name', width: 24, value: (r) => r.name },
      { header: 'Strategy:RuleCount', width: 10, value: (r) => r.rules.length },
      { header: 'Strategy:Rules', width: 40, value: (r) => r.rules.map((rule) => rule.name).join('; ') },
      { header: 'Strategy:IsActive', width: 8, value: (r, c) => L(c, r.isActive ? 'Active' : 'Inactive') },
      { header: 'Strategy:Description', width: 40, value: (r) => r.description },
      { header: 'Strategy:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });
}
