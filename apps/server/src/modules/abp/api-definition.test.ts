import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';

const URL = '/api/abp/api-definition';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Param = { name: string; bindingSourceId: string; typeSimple: string; isOptional: boolean };
type Action = {
  uniqueName: string;
  httpMethod: string;
  url: string;
  parameters: Param[];
  returnValue: { type: string; typeSimple: string };
  allowAnonymous: boolean;
};
type Definition = {
  modules: Record<
    string,
    { rootPath: string; controllers: Record<string, { controllerName: string; actions: Record<string, Action> }> }
  >;
  types: Record<
    string,
    { properties: { name: string; jsonName: string; isRequired: boolean; maxLength: number | null }[] }
  >;
};
const actions = (d: Definition) =>
  Object.values(d.modules).flatMap((m) => Object.values(m.controllers).flatMap((c) => Object.values(c.actions)));

describe('api definition', () => {
  it('describes every /api route, anonymously', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const d = res.json() as Definition;
    expect(d.types).toEqual({});
    const described = new Set(actions(d).map((a) => `${a.httpMethod} /${a.url}`));
    const registered = new Set(
      t.services.routes
        .filter((r) => r.url.startsWith('/api/'))
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`),
    );
    expect(described).toEqual(registered);
  });

  it('groups by module and controller, with parameters from the schemas', async () => {
    const d = (await as(t.app, null)({ method: 'GET', url: URL })).json() as Definition;
    const menus = d.modules.platform.controllers['Platform.MenusController'];
    expect(menus.controllerName).toBe('Menus');
    const byUser = Object.values(menus.actions).find((a) => a.url === 'api/platform/menus/by-current-user')!;
    expect(byUser).toMatchObject({ httpMethod: 'GET', allowAnonymous: false });
    expect(byUser.parameters).toEqual([
      expect.objectContaining({
        name: 'platformType',
        bindingSourceId: 'Query',
        typeSimple: 'number',
        isOptional: true,
      }),
    ]);
    const update = Object.values(menus.actions).find(
      (a) => a.httpMethod === 'PUT' && a.url === 'api/platform/menus/{id}',
    )!;
    expect(update.parameters.map((p) => [p.name, p.bindingSourceId])).toEqual([
      ['id', 'Path'],
      ['input', 'Body'],
    ]);
    const config = actions(d).find((a) => a.url === 'api/abp/application-configuration')!;
    expect(config.allowAnonymous).toBe(true);
    const lookup = actions(d).find((a) => a.url === 'api/abp/multi-tenancy/tenants/by-name/{name}')!;
    expect(lookup.parameters[0]).toMatchObject({ name: 'name', bindingSourceId: 'Path', isOptional: false });
    expect(lookup.returnValue.typeSimple).not.toBe('System.Void');
    const del = Object.values(menus.actions).find((a) => a.httpMethod === 'DELETE')!;
    expect(del.returnValue.type).toBe('System.Void');
  });

  it('fills the types on request', async () => {
    const d = (await as(t.app, null)({ method: 'GET', url: `${URL}?includeTypes=true` })).json() as Definition;
    const menus = d.modules.platform.controllers['Platform.MenusController'];
    const create = Object.values(menus.actions).find((a) => a.httpMethod === 'POST' && a.url === 'api/platform/menus')!;
    const typeName = create.parameters.find((p) => p.bindingSourceId === 'Body')!.typeSimple;
    const type = d.types[typeName];
    expect(type).toBeDefined();
    expect(type.properties.find((p) => p.jsonName === 'name')).toMatchObject({
      name: 'Name',
      isRequired: true,
      maxLength: 64,
    });
  });

  it('rejects a bad flag', async () => {
    const res = await as(t.app, null)({ method: 'GET', url: `${URL}?includeTypes=perhaps` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['includeTypes']);
  });
});
