import { Addresses } from './Addresses.tsx';

/** A customer's addresses, as a tab of the customer's detail. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return <Addresses customerId={customerId} />;
}
