import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwned } from '../src/core/crud.ts';
import { DataAccess } from '../src/core/data.ts';
import { secretColumnsOf } from '../src/core/db/columns.ts';
import { isCipherText, secretsFor } from '../src/core/secrets.ts';
import { openProductDatabase } from '../src/database.ts';
import { token } from '../src/modules/permission-management/test-support.ts';
import * as schema from '../src/schema.ts';
import { ADMIN_PASSWORD, as, createTestApp, members, type TestApp } from './harness.ts';

/**
 * Every column declared secret (`secretText`) is encrypted at rest, answered masked, kept unless
 * retyped and redacted in the audit log. The list of columns comes from the schema; a column that
 * only looks secret must be declared so or named below with the reason it is not.
 */

/** Columns whose names look secret (account, iban, secret, token) that are not: why each is not. */
const NOT_SECRET: Record<string, string> = {
  'catalog_suppliers.account_name': 'the account holder’s name, shown like any name',
  'crm_bank_accounts.account_name': 'the account holder’s name, shown like any name',
  'trade_arrivals.account': 'the payout service’s account label an arrival came through, not a bank number',
  'marketplace_shops.account': 'the seller’s login name on the marketplace',
  'marketplace_shops.access_token': 'encrypted by the shops’ token exchange (core/secrets.ts) and never answered',
  'marketplace_shops.refresh_token': 'encrypted by the shops’ token exchange (core/secrets.ts) and never answered',
  'oauth_clients.require_client_secret': 'a flag',
  'oauth_clients.client_secrets': 'hashes, redacted in entity changes by name (crud.ts SECRET_FIELDS)',
  'oauth_clients.access_token_lifetime': 'a number of seconds',
  'oauth_clients.absolute_refresh_token_lifetime': 'a number of seconds',
  'oauth_clients.sliding_refresh_token_lifetime': 'a number of seconds',
  'oauth_clients.refresh_token_usage': 'a setting',
  'oauth_refresh_tokens.token_hash': 'a hash; the token itself is never stored',
  'identity_impersonation_tokens.token_hash': 'a hash; the token itself is never stored',
  'sitekit_sites.secret_hash':
    'the SHA-256 of a random 256-bit secret, never answered, redacted by name (SECRET_FIELDS)',
  'sitekit_sites.secret_last4': 'the last four characters shown as the secret’s hint (the rest is never kept)',
  'sitekit_sites.secret_issued_at': 'a time',
  'sitekit_sites.previous_secret_hash': 'the hash of the secret a rotation replaced, kept for its grace period',
  'sitekit_sites.previous_secret_expires_at': 'a time',
  'sitekit_carts.token':
    'the storefront’s handle of its cart (a random uuid, valid only with its own site’s key); it opens that cart and nothing else',
  'sitekit_shopper_tokens.token_hash': 'a hash; the shopper token itself is never stored',
  'marketsim_codes.account': 'the marketplace simulator’s fake seller account',
  'marketsim_tokens.account': 'the marketplace simulator’s fake seller account',
  'marketsim_tokens.token': 'the marketplace simulator’s own fake tokens (it plays the marketplace)',
};

const LOOKS_SECRET = /account|iban|secret|token/i;

/** Every `table.column` declared secret in the product's schema, with its table and property. */
function declaredSecrets() {
  const found: { name: string; table: PgTable; key: string; column: PgColumn }[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    for (const key of secretColumnsOf(table)) {
      found.push({ name: `${getTableName(table)}.${columns[key].name}`, table, key, column: columns[key] });
    }
  }
  return found;
}

let t: TestApp;
let admin: string;
let customerId: string;

/** How to reach one secret column through HTTP. */
interface Case {
  /** The resource's URL: list, `/export`, `/{id}`. */
  url: string;
  /** The list's query narrowing it to the rows of this test. */
  listQuery(row: { id: string; code?: string }): string;
  entity: string;
  /** The DTO member answering the secret, masked. */
  answer: string;
  /** The input member carrying it. */
  input: string;
  create(secret: string): object;
  /** An update body; `secret` undefined leaves the member out. */
  update(secret: string | undefined): object;
}

let sequence = 0;
const cases: Record<string, Case> = {
  'catalog_suppliers.payee_account': {
    url: '/api/catalog/suppliers',
    listQuery: (row) => `filter=${row.code}`,
    entity: 'Supplier',
    answer: 'payeeAccount',
    input: 'payeeAccount',
    create: (secret) => ({
      code: `SECRET-${++sequence}`,
      fullName: `Secret supplier ${sequence}`,
      payeeAccount: secret,
    }),
    update: (secret) => ({
      code: `SECRET-${sequence}`,
      fullName: `Secret supplier ${sequence} (renamed)`,
      ...(secret === undefined ? {} : { payeeAccount: secret }),
    }),
  },
  'crm_bank_accounts.account_number_secret': {
    url: '/api/crm/bank-accounts',
    listQuery: () => `customerId=${customerId}`,
    entity: 'CrmBankAccount',
    answer: 'accountNumberMasked',
    input: 'accountNumber',
    create: (secret) => ({
      customerId,
      bankName: 'Bank',
      accountName: 'Holder',
      accountNumber: secret,
      currency: 'CNY',
    }),
    update: (secret) => ({
      bankName: 'Bank',
      accountName: 'Holder renamed',
      currency: 'CNY',
      ...(secret === undefined ? {} : { accountNumber: secret }),
    }),
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await token(t.app, 'demo');
  const customers = await as(t.app, admin)({ method: 'GET', url: '/api/crm/customers?maxResultCount=1' });
  customerId = customers.json().items[0].id;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, correlationId?: string) =>
  as(t.app, who)({ method, url, payload, headers: correlationId ? { 'x-correlation-id': correlationId } : {} });

/** The stored value of a secret column, read past the API (owner connection, every tenant). */
async function stored(table: PgTable, column: PgColumn, id: string): Promise<string | null> {
  const rows = await t.services.data.main.db
    .select({ value: column })
    .from(table)
    .where(eq((table as unknown as { id: PgColumn }).id, id));
  return rows[0].value as string | null;
}

/** The audit log entry of a request, once it is written (it is written after the response). */
async function auditOf(who: string, correlationId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const list = await call(who, 'GET', `/api/auditing/audit-log?correlationId=${correlationId}`);
    expect(list.statusCode, list.body).toBe(200);
    const [item] = list.json().items;
    if (item) {
      const detail = await call(who, 'GET', `/api/auditing/audit-log/${item.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      return detail;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no audit log for ${correlationId}`);
}

async function exportRows(url: string) {
  const res = await call(admin, 'GET', url);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => {
    for (const v of row.values as unknown[]) if (v !== undefined && v !== null) cells.push(String(v));
  });
  return cells;
}

describe('secret columns', () => {
  it('are all declared in the schema, and every column that looks secret is declared or explained', async () => {
    const declared = declaredSecrets().map((d) => d.name);
    // each declared column has its HTTP case below, so a new one cannot go unchecked
    expect(declared.sort()).toEqual(Object.keys(cases).sort());
    const result = await t.services.data.main.db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and table_name in (select table_name from information_schema.tables
                           where table_schema = current_schema() and table_type = 'BASE TABLE')`);
    const inDatabase = result.rows.map((r) => `${r.table_name}.${r.column_name}`);
    for (const name of declared) expect(inDatabase).toContain(name);
    const unexplained = inDatabase.filter(
      (name) => LOOKS_SECRET.test(name.split('.')[1]) && !declared.includes(name) && !(name in NOT_SECRET),
    );
    expect(unexplained).toEqual([]);
  });

  describe.each(declaredSecrets())('$name', ({ name, table, key, column }) => {
    it('is encrypted at rest, answered masked, kept unless retyped and redacted in the audit log', async () => {
      const c = cases[name];
      const secrets = await secretsFor(t.services.config);
      const clear = '6222021000118765';
      const retyped = '6217000099994321';
      const tag = `${name}-${Date.now()}`;

      // written: ciphertext at rest, the answer masked
      const created = await call(admin, 'POST', c.url, c.create(clear), `${tag}-create`);
      expect(created.statusCode, created.body).toBe(200);
      const row = created.json();
      expect(row[c.answer]).toBe('**** 8765');
      expect(created.body).not.toContain(clear);
      const cipher = await stored(table, column, row.id);
      expect(isCipherText(cipher)).toBe(true);
      expect(cipher).not.toContain(clear);
      expect(secrets.decrypt(cipher!)).toBe(clear);

      // read: one, the list, the export
      const one = await call(admin, 'GET', `${c.url}/${row.id}`);
      expect(one.json()[c.answer]).toBe('**** 8765');
      const list = await call(admin, 'GET', `${c.url}?${c.listQuery(row)}&maxResultCount=1000`);
      const listed = list.json().items.find((i: { id: string }) => i.id === row.id);
      expect(listed[c.answer]).toBe('**** 8765');
      expect(list.body).not.toContain(clear);
      expect(list.body).not.toContain('v1:');
      const cells = await exportRows(`${c.url}/export?${c.listQuery(row)}`);
      expect(cells).toContain('**** 8765');
      expect(cells.join('\n')).not.toContain(clear);

      // kept: the mask sent back, or the member left out
      const masked = await call(admin, 'PUT', `${c.url}/${row.id}`, c.update('**** 8765'), `${tag}-masked`);
      expect(masked.statusCode, masked.body).toBe(200);
      expect(masked.json()[c.answer]).toBe('**** 8765');
      expect(await stored(table, column, row.id)).toBe(cipher);
      const omitted = await call(admin, 'PUT', `${c.url}/${row.id}`, c.update(undefined), `${tag}-omitted`);
      expect(omitted.statusCode, omitted.body).toBe(200);
      expect(await stored(table, column, row.id)).toBe(cipher);

      // a mask edited in place is no value to store: typed again or left alone
      const edited = await call(admin, 'PUT', `${c.url}/${row.id}`, c.update('**** 87651'));
      expect(edited.statusCode, edited.body).toBe(400);
      expect(members(edited)).toContain(c.input);
      expect(await stored(table, column, row.id)).toBe(cipher);

      // replaced: only a retyped value
      const changed = await call(admin, 'PUT', `${c.url}/${row.id}`, c.update(retyped), `${tag}-retyped`);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()[c.answer]).toBe('**** 4321');
      const recipher = await stored(table, column, row.id);
      expect(recipher).not.toBe(cipher);
      expect(secrets.decrypt(recipher!)).toBe(retyped);

      // redacted: the change is recorded, its values are not (neither clear nor ciphertext)
      for (const [suffix, expected] of [
        ['create', { originalValue: null, newValue: '***' }],
        ['retyped', { originalValue: '***', newValue: '***' }],
      ] as const) {
        const audit = await auditOf(admin, `${tag}-${suffix}`);
        const change = audit.json().entityChanges.find((e: { entityId: string }) => e.entityId === row.id);
        expect(change.entityTypeFullName).toBe(c.entity);
        expect(change.propertyChanges).toContainEqual({ propertyName: key, ...expected });
        for (const text of [clear, retyped, cipher!, recipher!, 'v1:']) expect(audit.body).not.toContain(text);
      }
      // an update that kept it records no change of it
      for (const suffix of ['masked', 'omitted']) {
        const audit = await auditOf(admin, `${tag}-${suffix}`);
        const change = audit.json().entityChanges.find((e: { entityId: string }) => e.entityId === row.id);
        expect(change.propertyChanges.map((p: { propertyName: string }) => p.propertyName)).not.toContain(key);
      }
    });
  });

  it('keep the demo data encrypted, and encrypt a clear value left from before at start', async () => {
    const secrets = await secretsFor(t.services.config);
    const db = t.services.data.main.db;
    for (const { name, table, column } of declaredSecrets()) {
      const values = (await db.select({ value: column }).from(table)).map((r) => r.value as string | null);
      // the demo seeds write every declared column, so there is something to check
      expect(values.filter(Boolean).length, name).toBeGreaterThan(0);
      for (const value of values) if (value !== null) expect(isCipherText(value), `${name}: ${value}`).toBe(true);
    }

    // a supplier written before the column was secret
    const created = await call(admin, 'POST', '/api/catalog/suppliers', { code: 'LEGACY-1', fullName: 'Legacy' });
    const id = created.json().id;
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.execute(sql`update catalog_suppliers set payee_account = '6222000011112222' where id = ${id}`),
    );
    await t.services.data.sealSecretsWith(secrets);
    const sealed = await stored(schema.suppliers, schema.suppliers.payeeAccount, id);
    expect(isCipherText(sealed)).toBe(true);
    expect(secrets.decrypt(sealed!)).toBe('6222000011112222');
    // again: nothing to do, the ciphertext stays as it is
    await t.services.data.sealSecretsWith(secrets);
    expect(await stored(schema.suppliers, schema.suppliers.payeeAccount, id)).toBe(sealed);
    expect((await call(admin, 'GET', `/api/catalog/suppliers/${id}`)).json().payeeAccount).toBe('**** 2222');
  });

  it('are encrypted in a tenant’s own database when it is first opened', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secret-columns-'));
    const tenant = { id: randomUUID(), name: 'own', isActive: true, connectionStrings: [] };
    const own = await openProductDatabase({ dir });
    const [row] = await own.db
      .insert(schema.suppliers)
      .values({ tenantId: tenant.id, code: 'OWN-1', fullName: 'Own', payeeAccount: '6222000055556666' })
      .returning({ id: schema.suppliers.id });
    await own.close();
    const secrets = await secretsFor(t.services.config);
    const data = new DataAccess(t.services.data.main);
    await data.sealSecretsWith(secrets);
    const opened = await data.databaseFor({
      ...tenant,
      connectionStrings: [{ name: 'Default', value: `pglite:${dir}` }],
    });
    try {
      const [read] = await opened.db
        .select({ value: schema.suppliers.payeeAccount })
        .from(schema.suppliers)
        .where(eq(schema.suppliers.id, row.id));
      expect(isCipherText(read.value)).toBe(true);
      expect(secrets.decrypt(read.value!)).toBe('6222000055556666');
    } finally {
      await opened.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('cannot be written in clear past the kit', async () => {
    // a writer that skips the kit's sealing fails rather than storing the clear value
    await expect(
      t.services.data.inTenant({ tenant: t.demo }, (tx) =>
        insertOwned(tx, { tenant: t.demo, user: null }, schema.suppliers, 'Supplier', {
          code: 'CLEAR-1',
          fullName: 'Clear',
          payeeAccount: '6222000033334444',
        }),
      ),
    ).rejects.toThrow(/catalog_suppliers\.payeeAccount is secret/);
    const rows = await t.services.data.main.db
      .select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(eq(schema.suppliers.code, 'CLEAR-1'));
    expect(rows).toEqual([]);
  });

  it('never show the finance role a supplier’s payee account through the audit log', async () => {
    // finance may read the audit log, not suppliers
    const grant = await call(
      admin,
      'PUT',
      '/api/permission-management/permissions?providerName=R&providerKey=finance',
      {
        permissions: [{ name: 'AbpAuditing.AuditLog', isGranted: true }],
      },
    );
    expect(grant.statusCode, grant.body).toBe(204);
    const finance = await token(t.app, 'demo', 'wang.fang', ADMIN_PASSWORD);
    expect((await call(finance, 'GET', '/api/catalog/suppliers')).statusCode).toBe(403);

    const payee = '6222555566667777';
    const created = await call(
      admin,
      'POST',
      '/api/catalog/suppliers',
      { code: 'FIN-1', fullName: 'Finance check', payeeAccount: payee },
      'finance-create',
    );
    expect(created.statusCode, created.body).toBe(200);
    const edited = await call(
      admin,
      'PUT',
      `/api/catalog/suppliers/${created.json().id}`,
      { code: 'FIN-1', fullName: 'Finance check', payeeAccount: '6222555566668888' },
      'finance-edit',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    for (const correlationId of ['finance-create', 'finance-edit']) {
      const audit = await auditOf(finance, correlationId);
      const change = audit.json().entityChanges.find((e: { entityId: string }) => e.entityId === created.json().id);
      expect(change.propertyChanges.map((p: { propertyName: string }) => p.propertyName)).toContain('payeeAccount');
      for (const text of [payee, '6222555566668888', 'v1:']) expect(audit.body).not.toContain(text);
    }
    const list = await call(finance, 'GET', '/api/auditing/audit-log?url=/api/catalog/suppliers&maxResultCount=1000');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(payee);
  });
});
