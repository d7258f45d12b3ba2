import { Addresses } from './Addresses.tsx';

/** /crm/address: customers' addresses, across the customers the user sees. */
export default function AddressPage() {
  return <Addresses />;
}
