import { Subscriptions } from './Subscriptions.tsx';

/** A customer's subscriptions, as a tab of the customer's detail. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return <Subscriptions customerId={customerId} />;
}
