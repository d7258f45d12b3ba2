import { Empty } from 'antd';

/** This area's records of one customer, for the customer detail's tab (placeholder until built). */
export default function CustomerTab(_props: { customerId: string }) {
  return <Empty />;
}
