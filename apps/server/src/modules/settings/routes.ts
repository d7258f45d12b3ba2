import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../core/errors.ts';
import { changeSettings, listSettings, type SettingLevel } from './service.ts';

const settingDto = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  value: z.string(),
  defaultValue: z.string(),
  valueType: z.number().int(),
  isVisibleToClients: z.boolean(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
});
const settingGroupList = z.object({
  items: z.array(z.object({ name: z.string(), displayName: z.string(), settings: z.array(settingDto) })),
});
const changeInput = z.object({
  settings: z
    .array(z.object({ name: z.string().trim().min(1).max(128), value: z.string().max(2048).nullable() }))
    .max(200),
});

const SETTINGS = 'AbpSettingManagement.Settings';
const levels: { level: SettingLevel; get: string; put: string; access: FastifyContextConfig }[] = [
  { level: 'global', get: 'by-global', put: 'change-global', access: { permission: SETTINGS, side: 'host' } },
  {
    level: 'tenant',
    get: 'by-current-tenant',
    put: 'change-current-tenant',
    access: { permission: SETTINGS, side: 'tenant' },
  },
  { level: 'user', get: 'by-current-user', put: 'change-current-user', access: { authenticated: true } },
];

/** HTTP routes of the settings module (wire contract §10). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/setting-management/settings';

  for (const { level, get, put, access } of levels) {
    app.get(
      `${base}/${get}`,
      { config: access, schema: { tags: ['Settings'], response: { 200: settingGroupList } } },
      (req) => listSettings(app.services, requireUser(req.ctx, level), level),
    );
    app.put(
      `${base}/${put}`,
      { config: access, schema: { tags: ['Settings'], body: changeInput, response: { 200: settingGroupList } } },
      async (req) => {
        const ctx = requireUser(req.ctx, level);
        await changeSettings(app.services, ctx, level, req.body.settings);
        return listSettings(app.services, ctx, level);
      },
    );
  }
}

/** A client-credentials token has no user to keep personal settings for. */
function requireUser<C extends { user: unknown }>(ctx: C, level: SettingLevel): C {
  if (level === 'user' && !ctx.user) throw forbidden();
  return ctx;
}
