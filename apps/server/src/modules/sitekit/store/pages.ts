import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publishableKey } from '../sites/keys.ts';
import { sites } from '../sites/schema.ts';

/** Where the built storefront page says what it is configured with (apps/web/store.html). */
const CONFIG_MARK = '<!--store-config-->';

const escapeAttr = (v: string) => v.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The storefront web app, bundled with the product: `GET /store/{siteCode}` and every path under
 * it answer the built `store.html` with the site's publishable key and its base path written in.
 * The code is looked up across tenants: a site whose hosts include the request's host wins, else
 * the one active site of that code; none (or an ambiguous code) is a 404.
 */
export function storePageRoutes(fastify: FastifyInstance) {
  const s = fastify.services;
  const file = join(s.config.webDist, 'store.html');
  let page: string | null = null;

  async function answer(req: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) {
    const code = req.params.code.toLowerCase();
    page ??= existsSync(file) ? readFileSync(file, 'utf8') : null;
    const found = /^[a-z0-9-]{2,32}$/.test(code)
      ? await s.data.unscoped((tx) =>
          tx
            .select({ tenantId: sites.tenantId, keyId: sites.keyId, hosts: sites.hosts, isActive: sites.isActive })
            .from(sites)
            .where(eq(sites.code, code)),
        )
      : [];
    const live = found.filter((f) => f.isActive && f.tenantId);
    const host = (req.headers.host ?? '').toLowerCase();
    const site =
      live.find((f) => f.hosts.includes(host) || f.hosts.includes(host.split(':')[0]!)) ??
      (live.length === 1 ? live[0] : undefined);
    if (!page || !site) return reply.status(404).type('text/plain; charset=utf-8').send('Store not found');
    const config = `<meta name="store-key" content="${escapeAttr(publishableKey(site.tenantId!, site.keyId))}"><meta name="store-base" content="/store/${escapeAttr(code)}">`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.replace(CONFIG_MARK, config));
  }

  const config = { anonymous: true, noAudit: true };
  fastify.get('/store/:code', { config, schema: { hide: true } }, answer);
  fastify.get('/store/:code/*', { config, schema: { hide: true } }, answer);
}
