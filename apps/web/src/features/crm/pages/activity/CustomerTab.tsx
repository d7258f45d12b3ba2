import { Activities } from './Activities.tsx';

/** A customer's follow-up records as a timeline, for the customer detail's tab. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return <Activities customerId={customerId} />;
}
