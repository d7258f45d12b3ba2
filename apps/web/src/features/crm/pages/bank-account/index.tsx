import { BankAccounts } from './BankAccounts.tsx';

/** /crm/bank-account: customers' bank accounts, across the customers the user sees. */
export default function BankAccountPage() {
  return <BankAccounts />;
}
