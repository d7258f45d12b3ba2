import { listResult } from '@seller/contracts';
import {
  currentUserMenuQuery,
  layoutAllQuery,
  layoutDto,
  layoutInput,
  layoutList,
  layoutUpdateInput,
  menuAllQuery,
  menuDto,
  menuIdParams,
  menuInput,
  menuList,
  menuListMembers,
  menuUpdateInput,
  platformListMembers,
  roleMenuInput,
  roleMenuParams,
  userMenuInput,
  userMenuParams,
} from '@seller/contracts/menus';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../core/lists.ts';
import { menuCommands } from './commands.ts';
import { menuQueries } from './queries.ts';

const MENUS = 'Platform.Menus';
const MANAGE_ROLE_MENUS = ['Platform.Menus.ManageRoles', 'AbpIdentity.Roles.ManageMenus'];
const LAYOUTS = 'Platform.Layout';

/** HTTP routes of the menus module: menus and layouts (spec §7), each request one unit of work. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const { data } = s;
  const queries = menuQueries;
  const commands = menuCommands(s);
  const menusUrl = '/api/platform/menus';
  const tags = ['Menus'];

  app.get(
    `${menusUrl}/by-current-user`,
    {
      config: { authenticated: true },
      schema: { tags, querystring: currentUserMenuQuery, response: { 200: listResult(menuDto) } },
    },
    async (req) => {
      const held = await s.permissions.granted(req.ctx);
      return data.inTenant(req.ctx, (tx) => queries.currentUser(tx, req.ctx, req.query.platformType, held));
    },
  );
  app.get(
    `${menusUrl}/all`,
    {
      config: { permission: MENUS },
      schema: { tags, querystring: menuAllQuery, response: { 200: listResult(menuDto) } },
    },
    (req) => data.inTenant(req.ctx, (tx) => queries.allMenus(tx, req.ctx, req.query)),
  );
  listRoutes(app, {
    url: menusUrl,
    tag: tags[0]!,
    permission: MENUS,
    list: menuList,
    item: menuDto,
    service: queries.menus,
    query: menuListMembers,
  });
  app.get(
    `${menusUrl}/by-role/:role/:platformType`,
    {
      config: { permission: MANAGE_ROLE_MENUS },
      schema: { tags, params: roleMenuParams, response: { 200: listResult(menuDto) } },
    },
    (req) => data.inTenant(req.ctx, (tx) => queries.roleMenus(tx, req.ctx, req.params.role, req.params.platformType)),
  );
  app.get(
    `${menusUrl}/by-user/:userId/:platformType`,
    {
      config: { permission: 'Platform.Menus.ManageUsers' },
      schema: { tags, params: userMenuParams, response: { 200: listResult(menuDto) } },
    },
    (req) => data.inTenant(req.ctx, (tx) => queries.userMenus(tx, req.ctx, req.params.userId, req.params.platformType)),
  );
  app.put(
    `${menusUrl}/by-role`,
    { config: { permission: MANAGE_ROLE_MENUS }, schema: { tags, body: roleMenuInput } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => commands.setRoleMenus(tx, req.ctx, req.body));
      return reply.status(204).send();
    },
  );
  app.put(
    `${menusUrl}/by-user`,
    { config: { permission: 'Platform.Menus.ManageUsers' }, schema: { tags, body: userMenuInput } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => commands.setUserMenus(tx, req.ctx, req.body));
      return reply.status(204).send();
    },
  );
  app.get(
    `${menusUrl}/:id`,
    { config: { permission: MENUS }, schema: { tags, params: menuIdParams, response: { 200: menuDto } } },
    (req) => data.inTenant(req.ctx, (tx) => queries.menu(tx, req.ctx, req.params.id)),
  );
  app.post(
    menusUrl,
    { config: { permission: `${MENUS}.Create` }, schema: { tags, body: menuInput, response: { 200: menuDto } } },
    (req) => data.inTenant(req.ctx, (tx) => commands.createMenu(tx, req.ctx, req.body)),
  );
  app.put(
    `${menusUrl}/:id`,
    {
      config: { permission: `${MENUS}.Update` },
      schema: { tags, params: menuIdParams, body: menuUpdateInput, response: { 200: menuDto } },
    },
    (req) => data.inTenant(req.ctx, (tx) => commands.updateMenu(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${menusUrl}/:id`,
    { config: { permission: `${MENUS}.Delete` }, schema: { tags, params: menuIdParams } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => commands.deleteMenu(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );

  const layoutsUrl = '/api/platform/layouts';
  const layoutTags = ['Layouts'];
  app.get(
    `${layoutsUrl}/all`,
    {
      config: { permission: LAYOUTS },
      schema: { tags: layoutTags, querystring: layoutAllQuery, response: { 200: listResult(layoutDto) } },
    },
    (req) => data.inTenant(req.ctx, (tx) => queries.allLayouts(tx, req.ctx, req.query)),
  );
  listRoutes(app, {
    url: layoutsUrl,
    tag: layoutTags[0]!,
    permission: LAYOUTS,
    list: layoutList,
    item: layoutDto,
    service: queries.layouts,
    query: platformListMembers,
  });
  app.get(
    `${layoutsUrl}/:id`,
    {
      config: { permission: LAYOUTS },
      schema: { tags: layoutTags, params: menuIdParams, response: { 200: layoutDto } },
    },
    (req) => data.inTenant(req.ctx, (tx) => queries.layout(tx, req.ctx, req.params.id)),
  );
  app.post(
    layoutsUrl,
    {
      config: { permission: `${LAYOUTS}.Create` },
      schema: { tags: layoutTags, body: layoutInput, response: { 200: layoutDto } },
    },
    (req) => data.inTenant(req.ctx, (tx) => commands.createLayout(tx, req.ctx, req.body)),
  );
  app.put(
    `${layoutsUrl}/:id`,
    {
      config: { permission: `${LAYOUTS}.Update` },
      schema: { tags: layoutTags, params: menuIdParams, body: layoutUpdateInput, response: { 200: layoutDto } },
    },
    (req) => data.inTenant(req.ctx, (tx) => commands.updateLayout(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${layoutsUrl}/:id`,
    { config: { permission: `${LAYOUTS}.Delete` }, schema: { tags: layoutTags, params: menuIdParams } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => commands.deleteLayout(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}
