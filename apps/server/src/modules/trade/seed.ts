import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { queueDemoSimulator } from './demo-simulator.ts';
import { seedDemo as seedFinance } from './finance/seed.ts';
import { seedDemo as seedOrders } from './orders/seed.ts';
import { seedDemo as seedPurchase } from './purchase/seed.ts';
import { receiveDemo } from './receiving/seed.ts';
import { seedDemo as seedShipments } from './shipments/seed.ts';
import { seedDemo as seedStock } from './stock/seed.ts';

/**
 * Tenant demo's order management data, in the order each area stands on the previous one: stock
 * in two warehouses, purchase orders in every state (with their receipts), three months of sales
 * orders, their shipments, then statements and arrivals; the marketplace orders are then given
 * to the bundled simulator (`demo-simulator.ts`).
 */
export async function seedTradeDemo(services: Services, demo: CurrentTenant) {
  await seedStock(services, demo);
  await seedPurchase(services, demo, receiveDemo(services));
  const ordersWritten = await seedOrders(services, demo);
  await seedShipments(services, demo);
  await seedFinance(services, demo);
  // the same marketplace orders at the marketplace (the simulator), once the server listens
  if (ordersWritten) await queueDemoSimulator(services, demo);
}
