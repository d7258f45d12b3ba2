import { Subscriptions } from './Subscriptions.tsx';

/** /crm/subscription: customers' subscriptions, across the customers the user sees. */
export default function SubscriptionPage() {
  return <Subscriptions />;
}
