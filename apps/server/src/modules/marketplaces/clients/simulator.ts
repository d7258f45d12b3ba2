import type { MarketPlatform } from '@seller/contracts/marketplaces';
import type { AppConfig } from '../../../config.ts';
import { simulatorKey } from '../../../core/secrets.ts';
import { MarketplaceError } from './errors.ts';
import { localOrigin, send } from './http.ts';

/**
 * A call of the bundled simulator's control API (`/marketplace-sim/control…`) through this server,
 * with the data folder's control key: its JSON answer. Until the server listens, a transient
 * `SIMULATOR_NOT_LISTENING`; any answer but 200, a transient error quoting it.
 */
export async function simulatorControl(
  config: AppConfig,
  platform: MarketPlatform,
  path: string,
  body: unknown,
): Promise<unknown> {
  const reply = await send(
    `${localOrigin(config)}/marketplace-sim/control${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sim-key': await simulatorKey(config) },
      body: JSON.stringify(body),
    },
    { platform, api: `/control${path}` },
  );
  if (reply.httpStatus !== 200) {
    throw new MarketplaceError({
      kind: 'transient',
      code: `HTTP_${reply.httpStatus}`,
      message: `The simulator refused ${path}: ${JSON.stringify(reply.body).slice(0, 300)}`,
    });
  }
  return reply.body;
}
