import { BankAccounts } from './BankAccounts.tsx';

/** A customer's bank accounts, as a tab of the customer's detail. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return <BankAccounts customerId={customerId} />;
}
