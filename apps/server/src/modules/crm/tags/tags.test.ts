import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { crmCustomerTags } from '../customers/schema.ts';
import { useCrmApp } from '../test-support.ts';

const url = '/api/crm/tags';
const app = useCrmApp();
type Tag = { id: string; name: string; color: string; scope: string; usageCount: number; concurrencyStamp: string };

const create = async (body: object, who = app.demoAdmin) => {
  const res = await app.post(who, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Tag;
};

describe('CRM tags', () => {
  it('are created, listed by scope, read, updated and deleted', async () => {
    const tag = await create({ name: '测试标签', color: 'gold', scope: 'CUSTOMER', sort: 5 });
    expect(tag).toMatchObject({ name: '测试标签', color: 'gold', scope: 'CUSTOMER', usageCount: 0 });
    // the same name in the other scope is another tag
    const business = await create({ name: '测试标签', color: 'red', scope: 'BUSINESS' });

    const page = (await app.get(app.demoAdmin, `${url}?filter=测试&scope=CUSTOMER&sorting=name desc`)).json();
    expect(page.items.map((t: Tag) => t.id)).toEqual([tag.id]);
    expect(page.totalCount).toBe(1);
    const all = (await app.get(app.demoAdmin, `${url}/all?scope=BUSINESS`)).json().items as Tag[];
    expect(all.map((t) => t.id)).toContain(business.id);
    expect(all.every((t) => t.scope === 'BUSINESS')).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual(['color', 'id', 'name', 'scope']);

    expect((await app.get(app.demoAdmin, `${url}/${tag.id}`)).json()).toMatchObject({ id: tag.id, name: '测试标签' });
    const stale = await app.put(app.demoAdmin, `${url}/${tag.id}`, {
      name: '重要',
      color: 'red',
      scope: 'CUSTOMER',
      concurrencyStamp: 'f'.repeat(32),
    });
    expect(stale.statusCode).toBe(409);
    const updated = await app.put(app.demoAdmin, `${url}/${tag.id}`, {
      name: '重要客户-测试',
      color: 'red',
      scope: 'CUSTOMER',
      concurrencyStamp: tag.concurrencyStamp,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: '重要客户-测试', color: 'red' });

    expect((await app.del(app.demoAdmin, `${url}/${tag.id}`)).statusCode).toBe(204);
    expect((await app.get(app.demoAdmin, `${url}/${tag.id}`)).statusCode).toBe(404);
    expect((await app.del(app.demoAdmin, `${url}/${business.id}`)).statusCode).toBe(204);
  });

  it('count the customers carrying them; deleting one removes it from them and from the tag filter', async () => {
    const tag = await create({ name: '计数标签', color: 'blue' });
    const customers = '/api/crm/customers';
    const made = await app.post(app.sales1, customers, { name: '标签客户', tagIds: [tag.id] });
    expect(made.statusCode, made.body).toBe(200);
    const customerId = made.json().id as string;
    const byTag = async () =>
      (await app.get(app.demoAdmin, `${customers}?tagId=${tag.id}`)).json().items.map((c: { id: string }) => c.id);
    expect((await app.get(app.demoAdmin, `${url}/${tag.id}`)).json().usageCount).toBe(1);
    expect(await byTag()).toEqual([customerId]);
    expect((await app.del(app.demoAdmin, `${url}/${tag.id}`)).statusCode).toBe(204);
    const links = await app.t.services.data.inTenant({ tenant: app.t.demo }, (tx) => tx.select().from(crmCustomerTags));
    expect(links.some((l) => l.tagId === tag.id)).toBe(false);
    expect((await app.get(app.demoAdmin, `${customers}/${customerId}`)).json().tags).toEqual([]);
    expect(await byTag()).toEqual([]);
  });

  it('refuse a name taken in the scope (any case) and bad input, naming the field', async () => {
    await create({ name: 'Wholesale', scope: 'CUSTOMER' });
    const taken = await app.post(app.demoAdmin, url, { name: 'wholesale', scope: 'CUSTOMER' });
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['name']);
    expect(taken.json().error.validationErrors[0].message).toContain('“wholesale”');
    const other = await create({ name: 'Retail', scope: 'CUSTOMER' });
    const renamed = await app.put(app.demoAdmin, `${url}/${other.id}`, { name: 'WHOLESALE', scope: 'CUSTOMER' });
    expect(renamed.statusCode).toBe(400);
    expect(members(renamed)).toEqual(['name']);

    const empty = await app.post(app.demoAdmin, url, { name: ' ', color: 'blue' });
    expect(empty.statusCode).toBe(400);
    expect(members(empty)).toEqual(['name']);
    const color = await app.post(app.demoAdmin, url, { name: 'X', color: '#ff0000' });
    expect(color.statusCode).toBe(400);
    expect(members(color)).toEqual(['color']);
    const scope = await app.post(app.demoAdmin, url, { name: 'X', scope: 'ORDER' });
    expect(members(scope)).toEqual(['scope']);
    const badScope = await app.get(app.demoAdmin, `${url}/all?scope=ORDER`);
    expect(badScope.statusCode).toBe(400);
  });

  it('need Crm.Tags (writes its children); the pickers’ list is open to customer readers too', async () => {
    const tag = await create({ name: '权限标签' });
    const body = { name: 'Y' };
    for (const res of [
      await app.get(app.nobody, url),
      await app.get(app.nobody, `${url}/all`),
      await app.get(app.nobody, `${url}/${tag.id}`),
      await app.post(app.nobody, url, body),
      await app.put(app.nobody, `${url}/${tag.id}`, body),
      await app.del(app.nobody, `${url}/${tag.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // the salesman reads tags but does not manage them
    expect((await app.get(app.sales1, url)).statusCode).toBe(200);
    expect((await app.post(app.sales1, url, body)).statusCode).toBe(403);
    expect((await app.del(app.sales1, `${url}/${tag.id}`)).statusCode).toBe(403);

    // a user holding Crm.Customers only: the pickers' list, not the page
    const readerId = await createUser(app.t.services, app.t.demo, 'tag-reader');
    const granted = await app.put(
      app.demoAdmin,
      `/api/permission-management/permissions?providerName=U&providerKey=${readerId}`,
      { permissions: [{ name: 'Crm.Customers', isGranted: true }] },
    );
    expect(granted.statusCode).toBe(204);
    const reader = await token(app.t.app, 'demo', 'tag-reader');
    const all = await app.get(reader, `${url}/all?scope=CUSTOMER`);
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((t: Tag) => t.id)).toContain(tag.id);
    expect((await app.get(reader, url)).statusCode).toBe(403);
  });

  it('of another tenant are not found', async () => {
    const tag = await create({ name: '别家标签' });
    expect((await app.get(app.otherAdmin, `${url}/${tag.id}`)).statusCode).toBe(404);
    expect((await app.put(app.otherAdmin, `${url}/${tag.id}`, { name: 'Z' })).statusCode).toBe(404);
    expect((await app.del(app.otherAdmin, `${url}/${tag.id}`)).statusCode).toBe(404);
    const all = (await app.get(app.otherAdmin, `${url}/all`)).json().items as Tag[];
    expect(all.some((t) => t.id === tag.id)).toBe(false);
  });
});
