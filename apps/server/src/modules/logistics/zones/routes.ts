import { type Culture, LogisticsPermissions } from '@seller/contracts';
import { zoneDto, zoneInput, zoneUpdateInput } from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { zoneCommands } from './commands.ts';
import { zoneQueries } from './queries.ts';

const L = (culture: Culture, key: string) => t(culture, `Logistics::${key}`);

/** A zone's postal rules in one cell: `MY 40000–49999 (Include); MY 4700* (Exclude)`. */
function postalRules(zone: z.infer<typeof zoneDto>, culture: Culture) {
  return zone.postalRules
    .map(
      (r) =>
        `${r.countryCode} ${r.kind === 'PREFIX' ? `${r.from}*` : `${r.from}–${r.to}`} (${L(culture, `Zone:Inclusion:${r.inclusion}`)})`,
    )
    .join('; ');
}

/** `/api/logistics/zones`: list, get, create, update, delete (refused while in use), Excel export. */
export function zoneRoutes(fastify: FastifyInstance) {
  resourceRoutes(fastify, {
    texts: 'Logistics',
    url: '/api/logistics/zones',
    tag: 'Zones',
    exportName: 'Zone:Zones',
    permission: LogisticsPermissions.Zones,
    dto: zoneDto,
    input: zoneInput,
    updateInput: zoneUpdateInput,
    queries: zoneQueries,
    commands: zoneCommands(fastify.services),
    exportColumns: [
      { header: 'Zone:Name', width: 24, value: (r) => r.name },
      { header: 'Zone:Countries', width: 30, value: (r) => r.countries.join(', ') },
      { header: 'Zone:PostalRules', width: 40, value: (r, c) => postalRules(r, c) },
      { header: 'Zone:ChannelCount', width: 10, value: (r) => r.channelCount },
      { header: 'Zone:Description', width: 40, value: (r) => r.description },
      { header: 'Zone:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });
}
