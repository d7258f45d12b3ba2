import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openProductDatabase } from './database.ts';
import { DEFAULT_ADMIN_PASSWORD } from './modules/identity/seed.ts';
import { seedAll } from './seed.ts';

const config = loadConfig();
const database = await openProductDatabase({
  url: config.databaseUrl,
  dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
const app = await buildApp(config, database);
await seedAll(app.services, { demo: config.seedDemo });

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/db`;
console.log(`Seller admin listening on http://localhost:${config.port} (${where})`);
console.warn(
  `Sign in as admin / ${DEFAULT_ADMIN_PASSWORD} on the host or on tenant "demo" (http://demo.localhost:${config.port}).` +
    ' Change these passwords before real use.',
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
