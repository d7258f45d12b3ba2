import { listResult } from '@seller/contracts';
import {
  allUsersQuery,
  byIdsInput,
  childrenQuery,
  claimDeleteQuery,
  claimDto,
  claimInput,
  claimTypeDto,
  claimTypeInput,
  claimTypeList,
  claimTypeUpdateInput,
  claimUpdateInput,
  idParams,
  lockParams,
  memberRolesInput,
  memberUsersInput,
  organizationUnitDto,
  organizationUnitIdsInput,
  organizationUnitInput,
  organizationUnitList,
  organizationUnitMoveInput,
  organizationUnitUpdateInput,
  organizationUnitUserList,
  ouRoleParams,
  ouUserParams,
  roleDefaultInput,
  roleDto,
  roleInput,
  roleList,
  roleNameParams,
  roleNamesInput,
  roleUpdateInput,
  userCreateInput,
  userDto,
  userList,
  userNameParams,
  userOuParams,
  userUpdateInput,
} from '@seller/contracts/identity';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../core/lists.ts';
import { identityCommands } from './commands.ts';
import { identityQueries } from './queries.ts';

const USERS = 'AbpIdentity.Users';
const namedOption = z.object({ id: z.string(), name: z.string() });
const ROLES = 'AbpIdentity.Roles';
const OUS = 'AbpIdentity.OrganizationUnits';
const CLAIM_TYPES = 'AbpIdentity.IdentityClaimTypes';

const noContent = (reply: FastifyReply) => reply.status(204).send();
const ouList = listResult(organizationUnitDto);

/**
 * Identity administration routes (spec §7 Identity, contract §10): users, roles,
 * organization units and claim types. Thin: validate, authorize (route config), then one unit of
 * work running a command or a query (a user's rules, from settings and features, read before it).
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const q = identityQueries;
  const c = identityCommands(s);
  /** Each request is one unit of work in the caller's tenant. */
  const inTx = s.data.inTenant.bind(s.data);

  // ---------------- users ----------------
  const u = '/api/identity/users';
  const tags = ['IdentityUser'];
  const read = { permission: USERS };

  listRoutes(app, {
    url: u,
    tag: tags[0]!,
    permission: USERS,
    list: userList,
    item: userDto,
    service: q.users,
  });
  // the users list's unit filter: the units' names for its picker
  app.get(
    `${u}/organization-unit-options`,
    { config: read, schema: { tags, response: { 200: listResult(namedOption) } } },
    (req) => inTx(req.ctx, (tx) => q.unitOptions(tx, req.ctx)),
  );
  app.get(
    `${u}/all`,
    { config: read, schema: { tags, querystring: allUsersQuery, response: { 200: listResult(userDto) } } },
    (req) => inTx(req.ctx, (tx) => q.allUsers(tx, req.ctx, req.query.filter)),
  );
  app.get(`${u}/assignable-roles`, { config: read, schema: { tags, response: { 200: listResult(roleDto) } } }, (req) =>
    inTx(req.ctx, (tx) => q.allRoles(tx, req.ctx)),
  );
  app.get(
    `${u}/available-claim-types`,
    { config: { permission: `${USERS}.ManageClaims` }, schema: { tags, response: { 200: listResult(claimTypeDto) } } },
    (req) => inTx(req.ctx, (tx) => q.allClaimTypes(tx, req.ctx)),
  );
  app.get(
    `${u}/by-rolename/:role`,
    { config: read, schema: { tags, params: roleNameParams, response: { 200: listResult(userDto) } } },
    (req) => inTx(req.ctx, (tx) => q.usersInRole(tx, req.ctx, req.params.role)),
  );
  app.get(
    `${u}/by-username/:name`,
    { config: read, schema: { tags, params: userNameParams, response: { 200: userDto } } },
    (req) => inTx(req.ctx, (tx) => q.userByName(tx, req.ctx, req.params.name)),
  );
  app.post(
    `${u}/by-ids`,
    { config: { ...read, noAudit: true }, schema: { tags, body: byIdsInput, response: { 200: listResult(userDto) } } },
    (req) => inTx(req.ctx, (tx) => q.usersByIds(tx, req.ctx, req.body.ids)),
  );
  app.put(
    `${u}/organization-units/:id`,
    {
      config: { permission: `${USERS}.ManageOrganizationUnits` },
      schema: { tags, params: idParams, body: organizationUnitIdsInput },
    },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.setUserUnits(tx, req.ctx, req.params.id, req.body.organizationUnitIds));
      return noContent(reply);
    },
  );
  app.get(`${u}/:id`, { config: read, schema: { tags, params: idParams, response: { 200: userDto } } }, (req) =>
    inTx(req.ctx, (tx) => q.user(tx, req.ctx, req.params.id)),
  );
  app.get(
    `${u}/:id/tenant-users`,
    { config: read, schema: { tags, params: idParams, response: { 200: listResult(userDto) } } },
    (req) => inTx(req.ctx, (tx) => q.tenantUsers(tx, req.ctx, req.params.id)),
  );
  app.post(
    u,
    { config: { permission: `${USERS}.Create` }, schema: { tags, body: userCreateInput, response: { 200: userDto } } },
    async (req) => {
      const rules = await q.userRules(s, req.ctx);
      return inTx(req.ctx, (tx) => c.createUser(tx, req.ctx, rules, req.body));
    },
  );
  app.put(
    `${u}/:id`,
    {
      config: { permission: `${USERS}.Update` },
      schema: { tags, params: idParams, body: userUpdateInput, response: { 200: userDto } },
    },
    async (req) => {
      const rules = await q.userRules(s, req.ctx);
      return inTx(req.ctx, (tx) => c.updateUser(tx, req.ctx, rules, req.params.id, req.body));
    },
  );
  app.delete(
    `${u}/:id`,
    { config: { permission: `${USERS}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.deleteUser(tx, req.ctx, req.params.id));
      return noContent(reply);
    },
  );
  app.put(
    `${u}/:id/lock/:seconds`,
    { config: { permission: `${USERS}.Update` }, schema: { tags, params: lockParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.lockUser(tx, req.ctx, req.params.id, req.params.seconds));
      return noContent(reply);
    },
  );
  app.put(
    `${u}/:id/unlock`,
    { config: { permission: `${USERS}.Update` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.unlockUser(tx, req.ctx, req.params.id));
      return noContent(reply);
    },
  );
  app.get(
    `${u}/:id/roles`,
    { config: read, schema: { tags, params: idParams, response: { 200: listResult(roleDto) } } },
    (req) => inTx(req.ctx, (tx) => q.userRoles(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${u}/:id/roles`,
    { config: { permission: `${USERS}.Update` }, schema: { tags, params: idParams, body: roleNamesInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.setUserRoles(tx, req.ctx, req.params.id, req.body.roleNames));
      return noContent(reply);
    },
  );
  const manageClaims = { permission: `${USERS}.ManageClaims` };
  app.get(
    `${u}/:id/claims`,
    { config: manageClaims, schema: { tags, params: idParams, response: { 200: listResult(claimDto) } } },
    (req) => inTx(req.ctx, (tx) => q.userClaims(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${u}/:id/claims`,
    { config: manageClaims, schema: { tags, params: idParams, body: claimInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.addUserClaim(tx, req.ctx, req.params.id, req.body));
      return noContent(reply);
    },
  );
  app.put(
    `${u}/:id/claims`,
    { config: manageClaims, schema: { tags, params: idParams, body: claimUpdateInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.updateUserClaim(tx, req.ctx, req.params.id, req.body));
      return noContent(reply);
    },
  );
  app.delete(
    `${u}/:id/claims`,
    { config: manageClaims, schema: { tags, params: idParams, querystring: claimDeleteQuery } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.deleteUserClaim(tx, req.ctx, req.params.id, req.query));
      return noContent(reply);
    },
  );
  app.get(
    `${u}/:id/organization-units`,
    { config: read, schema: { tags, params: idParams, response: { 200: ouList } } },
    (req) => inTx(req.ctx, (tx) => q.userUnits(tx, req.ctx, req.params.id)),
  );
  app.delete(
    `${u}/:id/organization-units/:ouId`,
    { config: { permission: `${USERS}.ManageOrganizationUnits` }, schema: { tags, params: userOuParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.removeUserUnit(tx, req.ctx, req.params.id, req.params.ouId));
      return noContent(reply);
    },
  );

  // ---------------- roles ----------------
  const r = '/api/identity/roles';
  const roleTags = ['IdentityRole'];
  const roleRead = { permission: ROLES };
  listRoutes(app, {
    url: r,
    tag: roleTags[0]!,
    permission: ROLES,
    list: roleList,
    item: roleDto,
    service: q.roles,
  });
  app.get(`${r}/all`, { config: roleRead, schema: { tags: roleTags, response: { 200: listResult(roleDto) } } }, (req) =>
    inTx(req.ctx, (tx) => q.allRoles(tx, req.ctx)),
  );
  app.get(
    `${r}/available-claim-types`,
    {
      config: { permission: `${ROLES}.ManageClaims` },
      schema: { tags: roleTags, response: { 200: listResult(claimTypeDto) } },
    },
    (req) => inTx(req.ctx, (tx) => q.allClaimTypes(tx, req.ctx)),
  );
  app.get(
    `${r}/:id`,
    { config: roleRead, schema: { tags: roleTags, params: idParams, response: { 200: roleDto } } },
    (req) => inTx(req.ctx, (tx) => q.role(tx, req.ctx, req.params.id)),
  );
  app.post(
    r,
    {
      config: { permission: `${ROLES}.Create` },
      schema: { tags: roleTags, body: roleInput, response: { 200: roleDto } },
    },
    (req) => inTx(req.ctx, (tx) => c.createRole(tx, req.ctx, req.body)),
  );
  app.put(
    `${r}/:id`,
    {
      config: { permission: `${ROLES}.Update` },
      schema: { tags: roleTags, params: idParams, body: roleUpdateInput, response: { 200: roleDto } },
    },
    (req) => inTx(req.ctx, (tx) => c.updateRole(tx, req.ctx, req.params.id, req.body)),
  );
  app.put(
    `${r}/:id/set-default`,
    { config: { permission: `${ROLES}.Update` }, schema: { tags: roleTags, params: idParams, body: roleDefaultInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.setRoleDefault(tx, req.ctx, req.params.id, req.body.isDefault));
      return noContent(reply);
    },
  );
  app.delete(
    `${r}/:id`,
    { config: { permission: `${ROLES}.Delete` }, schema: { tags: roleTags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.deleteRole(tx, req.ctx, req.params.id));
      return noContent(reply);
    },
  );
  const roleClaims = { permission: `${ROLES}.ManageClaims` };
  app.get(
    `${r}/:id/claims`,
    { config: roleClaims, schema: { tags: roleTags, params: idParams, response: { 200: listResult(claimDto) } } },
    (req) => inTx(req.ctx, (tx) => q.roleClaims(tx, req.ctx, req.params.id)),
  );
  app.post(
    `${r}/:id/claims`,
    { config: roleClaims, schema: { tags: roleTags, params: idParams, body: claimInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.addRoleClaim(tx, req.ctx, req.params.id, req.body));
      return noContent(reply);
    },
  );
  app.put(
    `${r}/:id/claims`,
    { config: roleClaims, schema: { tags: roleTags, params: idParams, body: claimUpdateInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.updateRoleClaim(tx, req.ctx, req.params.id, req.body));
      return noContent(reply);
    },
  );
  app.delete(
    `${r}/:id/claims`,
    { config: roleClaims, schema: { tags: roleTags, params: idParams, querystring: claimDeleteQuery } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.deleteRoleClaim(tx, req.ctx, req.params.id, req.query));
      return noContent(reply);
    },
  );

  // ---------------- organization units ----------------
  const o = '/api/identity/organization-units';
  const ouTags = ['OrganizationUnit'];
  const ouRead = { permission: OUS };
  const ouManage = { permission: `${OUS}.ManageOrganizationUnits` };
  const ouMembers = { permission: `${OUS}.ManageMembers` };
  const ouRoles = { permission: `${OUS}.ManageRoles` };
  listRoutes(app, {
    url: o,
    tag: ouTags[0]!,
    permission: OUS,
    list: organizationUnitList,
    item: organizationUnitDto,
    service: q.units,
  });
  app.get(
    `${o}/all`,
    { config: ouRead, schema: { tags: ouTags, querystring: allUsersQuery, response: { 200: ouList } } },
    (req) => inTx(req.ctx, (tx) => q.allUnits(tx, req.ctx, req.query.filter)),
  );
  app.get(`${o}/root`, { config: ouRead, schema: { tags: ouTags, response: { 200: ouList } } }, (req) =>
    inTx(req.ctx, (tx) => q.rootUnits(tx, req.ctx)),
  );
  app.get(
    `${o}/find-children`,
    { config: ouRead, schema: { tags: ouTags, querystring: childrenQuery, response: { 200: ouList } } },
    (req) => inTx(req.ctx, (tx) => q.childUnits(tx, req.ctx, req.query.id, req.query.recursive)),
  );
  app.get(
    `${o}/:id`,
    { config: ouRead, schema: { tags: ouTags, params: idParams, response: { 200: organizationUnitDto } } },
    (req) => inTx(req.ctx, (tx) => q.unit(tx, req.ctx, req.params.id)),
  );
  app.get(
    `${o}/:id/children`,
    {
      config: ouRead,
      schema: {
        tags: ouTags,
        params: idParams,
        querystring: childrenQuery.pick({ recursive: true }),
        response: { 200: ouList },
      },
    },
    (req) => inTx(req.ctx, (tx) => q.childUnits(tx, req.ctx, req.params.id, req.query.recursive)),
  );
  app.post(
    o,
    { config: ouManage, schema: { tags: ouTags, body: organizationUnitInput, response: { 200: organizationUnitDto } } },
    (req) => inTx(req.ctx, (tx) => c.createUnit(tx, req.ctx, req.body)),
  );
  app.put(
    `${o}/:id`,
    {
      config: ouManage,
      schema: {
        tags: ouTags,
        params: idParams,
        body: organizationUnitUpdateInput,
        response: { 200: organizationUnitDto },
      },
    },
    (req) => inTx(req.ctx, (tx) => c.updateUnit(tx, req.ctx, req.params.id, req.body)),
  );
  app.put(
    `${o}/:id/move`,
    { config: ouManage, schema: { tags: ouTags, params: idParams, body: organizationUnitMoveInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.moveUnit(tx, req.ctx, req.params.id, req.body.parentId ?? null));
      return noContent(reply);
    },
  );
  app.delete(`${o}/:id`, { config: ouManage, schema: { tags: ouTags, params: idParams } }, async (req, reply) => {
    await inTx(req.ctx, (tx) => c.deleteUnit(tx, req.ctx, req.params.id));
    return noContent(reply);
  });
  listRoutes(app, {
    url: `${o}/:id/users`,
    tag: ouTags[0]!,
    permission: OUS,
    list: organizationUnitUserList,
    item: userDto,
    service: q.unitUsers,
    params: idParams,
  });
  listRoutes(app, {
    url: `${o}/:id/unadded-users`,
    tag: ouTags[0]!,
    permission: `${OUS}.ManageMembers`,
    list: organizationUnitUserList,
    item: userDto,
    service: q.unitUnaddedUsers,
    params: idParams,
  });
  app.post(
    `${o}/:id/users`,
    { config: ouMembers, schema: { tags: ouTags, params: idParams, body: memberUsersInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.addUnitUsers(tx, req.ctx, req.params.id, req.body.userIds));
      return noContent(reply);
    },
  );
  app.delete(
    `${o}/:id/users/:userId`,
    { config: ouMembers, schema: { tags: ouTags, params: ouUserParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.removeUnitUser(tx, req.ctx, req.params.id, req.params.userId));
      return noContent(reply);
    },
  );
  listRoutes(app, {
    url: `${o}/:id/roles`,
    tag: ouTags[0]!,
    permission: OUS,
    list: roleList,
    item: roleDto,
    service: q.unitRoles,
    params: idParams,
  });
  listRoutes(app, {
    url: `${o}/:id/unadded-roles`,
    tag: ouTags[0]!,
    permission: `${OUS}.ManageRoles`,
    list: roleList,
    item: roleDto,
    service: q.unitUnaddedRoles,
    params: idParams,
  });
  app.post(
    `${o}/:id/roles`,
    { config: ouRoles, schema: { tags: ouTags, params: idParams, body: memberRolesInput } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.addUnitRoles(tx, req.ctx, req.params.id, req.body.roleIds));
      return noContent(reply);
    },
  );
  app.delete(
    `${o}/:id/roles/:roleId`,
    { config: ouRoles, schema: { tags: ouTags, params: ouRoleParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.removeUnitRole(tx, req.ctx, req.params.id, req.params.roleId));
      return noContent(reply);
    },
  );

  // ---------------- claim types ----------------
  const ct = '/api/identity/claim-types';
  const ctTags = ['IdentityClaimType'];
  const ctRead = { permission: CLAIM_TYPES };
  listRoutes(app, {
    url: ct,
    tag: ctTags[0]!,
    permission: CLAIM_TYPES,
    list: claimTypeList,
    item: claimTypeDto,
    service: q.claimTypes,
  });
  app.get(
    `${ct}/all`,
    { config: ctRead, schema: { tags: ctTags, response: { 200: listResult(claimTypeDto) } } },
    (req) => inTx(req.ctx, (tx) => q.allClaimTypes(tx, req.ctx)),
  );
  app.get(
    `${ct}/:id`,
    { config: ctRead, schema: { tags: ctTags, params: idParams, response: { 200: claimTypeDto } } },
    (req) => inTx(req.ctx, (tx) => q.claimType(tx, req.ctx, req.params.id)),
  );
  app.post(
    ct,
    {
      config: { permission: `${CLAIM_TYPES}.Create` },
      schema: { tags: ctTags, body: claimTypeInput, response: { 200: claimTypeDto } },
    },
    (req) => inTx(req.ctx, (tx) => c.createClaimType(tx, req.ctx, req.body)),
  );
  app.put(
    `${ct}/:id`,
    {
      config: { permission: `${CLAIM_TYPES}.Update` },
      schema: { tags: ctTags, params: idParams, body: claimTypeUpdateInput, response: { 200: claimTypeDto } },
    },
    (req) => inTx(req.ctx, (tx) => c.updateClaimType(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${ct}/:id`,
    { config: { permission: `${CLAIM_TYPES}.Delete` }, schema: { tags: ctTags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => c.deleteClaimType(tx, req.ctx, req.params.id));
      return noContent(reply);
    },
  );
}
