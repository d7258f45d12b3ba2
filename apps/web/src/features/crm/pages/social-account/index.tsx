import { SocialAccounts } from './SocialAccounts.tsx';

/** /crm/social-account: customers' social accounts, across the customers the user sees. */
export default function SocialAccountPage() {
  return <SocialAccounts />;
}
