/**
 * Users list with 100 000 users in one tenant (numbers, not pass/fail). Starts the product
 * on a fresh PostgreSQL database, seeds 100 000 users into tenant `demo` with SQL, then
 * measures on loopback, signed in as the demo admin:
 *  - GET /api/identity/users?filter=<selective>&maxResultCount=20 (trigram index);
 *  - a filter matching every user (an ordered scan finds the page; the total is cached);
 *  - the unfiltered first page sorted by creationTime desc;
 *  - a page deep in the unfiltered list (skipCount=5000).
 * Usage: npx node bench/users-100k.ts (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default;
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; the database is dropped at the end).
 */
import type pg from 'pg';
import {
  benchConnections as connections,
  demoTenantId,
  explain,
  load,
  machine,
  onFreshDatabase,
  benchSeconds as seconds,
  secondsOf,
  signIn,
  stopProcess,
  writeReport,
} from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);

await onFreshDatabase('seller_bench_users', async ({ db, startProduct, results, plans }) => {
  const { port, server } = await startProduct();
  const demoId = await demoTenantId(db);
  const seedSeconds = await secondsOf(() => seedUsers(db, demoId));
  const total = Number(
    (await db.query('select count(*) from identity_users where tenant_id = $1', [demoId])).rows[0].count,
  );
  console.log(`seeded ${total} users into tenant demo in ${seedSeconds} s`);

  const filter = 'user04217';
  // the same statements the users list runs: the tenant-scoped view, the trigram-indexed search text
  const search = `(coalesce(user_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))`;
  const list = (where: string) =>
    `select * from identity_users_scoped identity_users where tenant_id = $1 and not is_deleted ${where} order by creation_time desc limit 20`;
  plans.filtered = await explain(db, demoId, list(`and ${search} ilike '%${filter}%'`));
  plans.broadFilter = await explain(db, demoId, list(`and ${search} ilike '%@bench%'`));
  plans.unfiltered = await explain(db, demoId, list(''));

  const token = await signIn(port);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const base = `http://127.0.0.1:${port}/api/identity/users`;
  const check = await (await fetch(`${base}?filter=${filter}&maxResultCount=20`, { headers })).json();
  console.log(`filter "${filter}" → totalCount ${check.totalCount}, first ${check.items?.[0]?.userName}`);
  const cases: [string, string][] = [
    [`users list, filter "${filter}" (${check.totalCount} matches)`, `${base}?filter=${filter}&maxResultCount=20`],
    ['users list, first page, creationTime desc', `${base}?maxResultCount=20&sorting=creationTime%20desc`],
    ['users list, skipCount=5000, creationTime desc', `${base}?skipCount=5000&maxResultCount=20`],
    ['users list, filter "@bench" (all rows match)', `${base}?filter=%40bench&maxResultCount=20`],
  ];
  for (const [name, url] of cases) {
    results.push(await load(name, url, { connections, seconds, headers, serverPid: server.pid }));
  }
  // the same with 10 callers, and one request alone on an idle server
  for (const lighter of [10, 1]) {
    for (const [name, url] of cases.slice(0, 2)) {
      results.push(
        await load(`${name} [${lighter} connection${lighter > 1 ? 's' : ''}]`, url, {
          connections: lighter,
          seconds,
          headers,
          serverPid: server.pid,
        }),
      );
    }
  }
  await stopProcess(server);

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    database: 'PostgreSQL (loopback)',
    users: total,
    seedSeconds,
    connections,
    seconds,
    results,
    plans,
  };
  writeReport('users-100k', report);
});

/** 100 000 users with varied names, one per second of creation time, in one statement. */
async function seedUsers(db: pg.Client, tenantId: string) {
  await db.query(
    `insert into identity_users (tenant_id, user_name, normalized_user_name, name, surname, email, normalized_email,
       phone_number, email_confirmed, password_hash, security_stamp, concurrency_stamp, creation_time)
     select $1, 'user' || lpad(i::text, 6, '0'), 'USER' || lpad(i::text, 6, '0'),
       (array['Wei','Fang','Na','Min','Jing','Lei','Yang','Jun','Tao','Ping'])[1 + i % 10],
       (array['Wang','Li','Zhang','Liu','Chen','Yang','Huang','Zhao','Wu','Zhou'])[1 + (i / 10) % 10],
       'user' || lpad(i::text, 6, '0') || '@bench.local', 'USER' || lpad(i::text, 6, '0') || '@BENCH.LOCAL',
       '15' || lpad(i::text, 9, '0'), true, null, md5(i::text), md5(i::text),
       now() - make_interval(secs => $2 - i)
     from generate_series(1, $2) i`,
    [tenantId, USERS],
  );
  await db.query('vacuum analyze identity_users');
}
