import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from './lists.ts';

/** What `listRoutes` takes beyond what an area's routes share (url, Swagger tag, read permission). */
type AreaListOptions<Item> = Omit<Parameters<typeof listRoutes<Item>>[1], 'url' | 'tag' | 'permission'>;

/**
 * What the routes of one area start from: the typed app and its services, the area's Swagger
 * tag, the access that reads it (its permission) and the caller's tenant unit of work. `lists`
 * declares one of the area's lists (the page, `/counts`, `/export`) under that tag and permission,
 * so each list names only what is its own.
 */
export function areaRoutes(fastify: FastifyInstance, tag: string, permission: string) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  return {
    app,
    s,
    tags: [tag],
    read: { permission },
    inTx: s.data.inTenant.bind(s.data),
    lists: <Item>(url: string, opts: AreaListOptions<Item>) => listRoutes(app, { url, tag, permission, ...opts }),
  };
}
