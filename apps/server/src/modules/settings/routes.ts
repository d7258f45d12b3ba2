import { type SettingLevel, settingChangeInput, settingGroupList, settingLevelPaths } from '@seller/contracts/settings';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../core/errors.ts';
import { settingCommands } from './commands.ts';
import { settingQueries } from './queries.ts';

const SETTINGS = 'AbpSettingManagement.Settings';
const levels: { level: SettingLevel; access: FastifyContextConfig }[] = [
  { level: 'global', access: { permission: SETTINGS, side: 'host' } },
  { level: 'tenant', access: { permission: SETTINGS, side: 'tenant' } },
  { level: 'user', access: { authenticated: true } },
];

/**
 * HTTP routes of the settings module (wire contract §10). Each request is one unit of work on the
 * main database; a change answers the list as it stands after it, read in the same unit.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { data } = app.services;
  const commands = settingCommands(app.services);
  const base = '/api/setting-management/settings';

  for (const { level, access } of levels) {
    const { get, put } = settingLevelPaths[level];
    app.get(
      `${base}/${get}`,
      { config: access, schema: { tags: ['Settings'], response: { 200: settingGroupList } } },
      (req) => {
        const ctx = requireUser(req.ctx, level);
        return data.unscoped((tx) => settingQueries.list(tx, ctx, level));
      },
    );
    app.put(
      `${base}/${put}`,
      { config: access, schema: { tags: ['Settings'], body: settingChangeInput, response: { 200: settingGroupList } } },
      async (req) => {
        const ctx = requireUser(req.ctx, level);
        return data.unscoped(async (tx) => {
          await commands.change(tx, ctx, level, req.body.settings);
          return settingQueries.list(tx, ctx, level);
        });
      },
    );
  }
}

/** A client-credentials token has no user to keep personal settings for. */
function requireUser<C extends { user: unknown }>(ctx: C, level: SettingLevel): C {
  if (level === 'user' && !ctx.user) throw forbidden();
  return ctx;
}
