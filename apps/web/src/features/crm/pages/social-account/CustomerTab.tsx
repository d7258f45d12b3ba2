import { SocialAccounts } from './SocialAccounts.tsx';

/** A customer's social accounts, as a tab of the customer's detail. */
export default function CustomerTab({ customerId }: { customerId: string }) {
  return <SocialAccounts customerId={customerId} />;
}
