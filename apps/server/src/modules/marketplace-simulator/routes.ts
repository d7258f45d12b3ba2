import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SIMULATOR_KEY_FILE, simulatorKey } from '../../core/secrets.ts';
import { controlPlugin } from './control.ts';
import { lazadaPlugin } from './lazada.ts';
import { shopeePlugin } from './shopee.ts';
import { SimState } from './state.ts';

/**
 * The simulator's routes under `/marketplace-sim` when `config.marketplaceSimulator` is on:
 * `/marketplace-sim/lazada/…` (lazada.ts), `/marketplace-sim/shopee/…` (shopee.ts) and the control
 * API `/marketplace-sim/control/…` (control.ts). Each platform answers in its own envelope (its own
 * error handler), never the product's. Off, every `/marketplace-sim` address is a plain 404.
 */
export default async function routes(fastify: FastifyInstance) {
  if (!fastify.services.config.marketplaceSimulator) {
    const off = { config: { anonymous: true } };
    const notFound = async (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.status(404).send({ error: 'not_found', message: 'The marketplace simulator is off' });
    fastify.all('/marketplace-sim', off, notFound);
    fastify.all('/marketplace-sim/*', off, notFound);
    return;
  }
  const { config } = fastify.services;
  const controlKey = await simulatorKey(config);
  // said once per start, so a developer can drive the simulator (it is never on in production unasked);
  // information, not a warning: main.ts also names the key's file among its start lines
  if (config.marketplaceSimulatorKey)
    fastify.log.info('marketplace simulator on; control key: MARKETPLACE_SIMULATOR_KEY');
  else {
    fastify.log.info(
      `marketplace simulator on; control key (header x-sim-key, kept in ${join(config.dataDir, SIMULATOR_KEY_FILE)}): ${controlKey}`,
    );
  }
  const state = new SimState(config.simulatorOrders);
  await fastify.register(lazadaPlugin(state), { prefix: '/marketplace-sim/lazada' });
  await fastify.register(shopeePlugin(state), { prefix: '/marketplace-sim/shopee' });
  await fastify.register(controlPlugin(state, controlKey), { prefix: '/marketplace-sim/control' });
}
