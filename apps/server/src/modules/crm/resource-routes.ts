import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from '../../core/context.ts';
import { type RecordListRoutes, recordListRoutes } from '../../core/lists.ts';
import type { Services } from '../../core/services.ts';
import { optionsRoute, type RecordService, recordRoutes } from './customers/through.ts';

/** A picker of a record's form: `GET url/<name>?filter=`. */
export interface OptionsPicker {
  option: z.ZodType<unknown>;
  options: (services: Services, ctx: RequestContext, filter: string | undefined) => Promise<{ items: unknown[] }>;
}

/**
 * The routes every CRM record that hangs off a customer shares, under one url, tag and permission:
 * the list with its export, the pickers of its form (`url/<name>`, e.g. `customer-options`), and
 * the record's get, create, update and delete.
 */
export function customerRecordRoutes<Item, D, I, U>(
  fastify: FastifyInstance,
  r: RecordListRoutes<Item> & {
    pickers?: Record<string, OptionsPicker>;
    dto: z.ZodType<D>;
    input: z.ZodType<I>;
    updateInput: z.ZodType<U>;
    service: RecordService<D, I, U>;
  },
) {
  const { url, tag, permission } = r;
  recordListRoutes(fastify, r);
  for (const [name, picker] of Object.entries(r.pickers ?? {})) {
    optionsRoute(fastify, { url: `${url}/${name}`, tag, permission, ...picker });
  }
  const { dto, input, updateInput, service } = r;
  recordRoutes(fastify, { url, tag, permission, dto, input, updateInput, service });
}
