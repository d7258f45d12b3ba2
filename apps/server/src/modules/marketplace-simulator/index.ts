import { defineModule } from '../../core/module.ts';
import { definePlacing } from './placing.ts';
import routes from './routes.ts';
import { texts } from './texts.ts';

/**
 * The marketplace simulator: the subset of Lazada's and Shopee's open platform APIs the product's
 * clients use, served under `/marketplace-sim` by the product itself, so that everything the
 * product does with a marketplace runs here without the internet. A stand-in for outside parties:
 * it imports nothing of the product's marketplace code. With the simulator on, buyers keep placing
 * orders in its shops (`placing.ts`, `config.simulatorOrders`).
 */
export const marketplaceSimulator = defineModule({
  name: 'marketplace-simulator',
  texts: [texts],
  start: definePlacing,
  routes,
});
