import type { QueryClient } from '@tanstack/react-query';
import { orderKeys, ordersUrl } from './orders.ts';
import { shipmentKeys, shipmentsUrl } from './shipments.ts';
import { invalidateStock } from './stock.ts';

/**
 * After a write on orders or shipments (an order's action, a shipment's step, a bulk job done):
 * every list and detail it may have changed is read again when next shown, the stock's too, since
 * confirming reserves, cancelling releases and shipping takes stock off hand. So the stock page
 * shows a reservation at once, however it is reached, instead of its cached figures.
 */
export const refreshTrade = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: [ordersUrl] }),
    client.invalidateQueries({ queryKey: orderKeys.all }),
    client.invalidateQueries({ queryKey: [shipmentsUrl] }),
    client.invalidateQueries({ queryKey: shipmentKeys.all }),
    invalidateStock(client),
  ]);
