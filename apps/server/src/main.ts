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
if (config.marketplaceSimulator && !config.marketplaceSimulatorKey) {
  console.log(
    `Marketplace simulator on at /marketplace-sim; its control key (header x-sim-key) is in ${config.dataDir}/marketplace-simulator.key`,
  );
}
console.warn(
  `Sign in as admin / ${DEFAULT_ADMIN_PASSWORD} on the host or on tenant "demo" (http://demo.localhost:${config.port}).` +
    ' Change these passwords before real use.',
);

/** However a close goes, the process is gone within this (a request or job that hangs cannot hold it). */
const SHUTDOWN_MS = 8_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`Stopping took longer than ${SHUTDOWN_MS} ms; exiting without waiting further`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('Error while stopping:', err instanceof Error ? err.message : err);
          process.exit(1);
        },
      );
  });
}
