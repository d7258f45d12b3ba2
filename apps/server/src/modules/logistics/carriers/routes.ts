import multipart from '@fastify/multipart';
import { type Culture, LogisticsPermissions } from '@seller/contracts';
import {
  carrierDto,
  carrierInput,
  carrierUpdateInput,
  channelDto,
  channelInput,
  channelQuery,
  channelUpdateInput,
  rateImportResult,
  rateTableDto,
  rateTableInput,
} from '@seller/contracts/logistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../../../core/localization/index.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { asAttachment, uploadedFile, XLSX_TYPE } from '../../../core/uploads.ts';
import { carrierCommands } from './commands.ts';
import { carrierQueries as queries, RATE_IMPORT_MAX_BYTES } from './queries.ts';

const L = (culture: Culture, key: string) => t(culture, `Logistics::${key}`);
const status = (active: boolean, c: Culture) => L(c, active ? 'Active' : 'Inactive');
const channelsUrl = '/api/logistics/channels';
const idParams = z.object({ id: z.guid() });
/** A whole rate table (5 000 rows at most) is bigger than the default 1 MB body. */
const RATE_TABLE_BODY_LIMIT = 4 * 1024 * 1024;

/** `/api/logistics/carriers`, `/api/logistics/channels` and each channel's rate table. */
export function carrierRoutes(fastify: FastifyInstance) {
  const permission = LogisticsPermissions.Carriers;
  const s = fastify.services;
  const commands = carrierCommands(s);
  resourceRoutes(fastify, {
    texts: 'Logistics',
    url: '/api/logistics/carriers',
    tag: 'Carriers',
    permission,
    dto: carrierDto,
    input: carrierInput,
    updateInput: carrierUpdateInput,
    queries: queries.carriers,
    commands: commands.carriers,
    exportName: 'Carrier:Carriers',
    exportColumns: [
      { header: 'Carrier:Code', width: 14, value: (r) => r.code },
      { header: 'Carrier:Name', width: 24, value: (r) => r.name },
      { header: 'Carrier:Type', width: 16, value: (r, c) => L(c, `CarrierType:${r.type}`) },
      { header: 'Carrier:ChannelCount', width: 10, value: (r) => r.channelCount },
      { header: 'Carrier:IsActive', width: 8, value: (r, c) => status(r.isActive, c) },
      { header: 'Carrier:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });

  resourceRoutes(fastify, {
    texts: 'Logistics',
    url: channelsUrl,
    tag: 'Channels',
    permission,
    dto: channelDto,
    input: channelInput,
    updateInput: channelUpdateInput,
    queries: queries.channels,
    commands: commands.channels,
    query: channelQuery,
    exportName: 'Channel:Channels',
    exportColumns: [
      { header: 'Channel:Carrier', width: 20, value: (r) => r.carrierName },
      { header: 'Channel:Code', width: 16, value: (r) => r.code },
      { header: 'Channel:Name', width: 24, value: (r) => r.name },
      { header: 'Channel:Mode', width: 10, value: (r, c) => L(c, `TransportMode:${r.mode}`) },
      { header: 'Channel:TransitDays', width: 12, value: (r) => `${r.transitDaysMin}-${r.transitDaysMax}` },
      { header: 'Channel:VolumeMode', width: 20, value: (r, c) => L(c, `VolumeMode:${r.volumeMode}`) },
      { header: 'Channel:VolumeDivisor', width: 10, value: (r) => r.volumeDivisor },
      { header: 'Channel:Currency', width: 8, value: (r) => r.currency },
      { header: 'Channel:FuelSurchargePct', width: 10, value: (r) => r.fuelSurchargePct },
      { header: 'Channel:MinimumCharge', width: 10, value: (r) => r.minimumCharge },
      { header: 'Channel:RegistrationFee', width: 10, value: (r) => r.registrationFee },
      { header: 'Channel:RateCount', width: 10, value: (r) => r.rateCount },
      { header: 'Channel:ZoneCount', width: 10, value: (r) => r.zoneCount },
      { header: 'Channel:IsActive', width: 8, value: (r, c) => status(r.isActive, c) },
      { header: 'Channel:CreationTime', width: 22, value: (r) => r.creationTime },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inTx = s.data.inTenant.bind(s.data);
  const tags = ['Channels'];
  const read = { permission };
  const write = { permission: `${permission}.Update` };

  app.get(
    `${channelsUrl}/:id/rates`,
    { config: read, schema: { tags, params: idParams, response: { 200: rateTableDto } } },
    (req) => inTx(req.ctx, (tx) => queries.rates(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${channelsUrl}/:id/rates`,
    {
      config: write,
      bodyLimit: RATE_TABLE_BODY_LIMIT,
      schema: { tags, params: idParams, body: rateTableInput, response: { 200: rateTableDto } },
    },
    (req) => inTx(req.ctx, (tx) => commands.saveRates(tx, req.ctx, req.params.id, req.body)),
  );
  app.get(
    `${channelsUrl}/:id/rates/export`,
    { config: read, schema: { tags, params: idParams } },
    async (req, reply) => {
      const file = await inTx(req.ctx, (tx) => queries.ratesWorkbook(tx, req.ctx, req.ctx.culture, req.params.id));
      return asAttachment(reply, file.fileName, XLSX_TYPE).send(file.content);
    },
  );
  // multipart stays in a scope of its own, with the import's limits
  fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: RATE_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${channelsUrl}/:id/rates/import`,
      {
        config: write,
        schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: rateImportResult } },
      },
      async (req) => {
        const { content } = await uploadedFile(req, RATE_IMPORT_MAX_BYTES);
        const sheet = await queries.rateSheet(content, req.ctx.culture);
        return inTx(req.ctx, (tx) => commands.importRates(tx, req.ctx, req.ctx.culture, req.params.id, sheet));
      },
    );
  });
}
