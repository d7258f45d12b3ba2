import { Activities } from './Activities.tsx';

/** /crm/activity: follow-up records of the customers the user sees, as a timeline or a table. */
export default function ActivityPage() {
  return <Activities />;
}
