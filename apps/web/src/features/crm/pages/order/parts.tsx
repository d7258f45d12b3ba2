import { Tag } from 'antd';
import { CL } from '../../api/orders.ts';

const color: Record<string, string> = {
  Pending: 'default',
  Processing: 'processing',
  Shipped: 'geekblue',
  Delivered: 'cyan',
  Completed: 'success',
  Cancel: 'default',
  Refunded: 'error',
};

/** An order's status as a coloured tag. */
export function OrderStatusTag({ status }: { status: string }) {
  return <Tag color={color[status] ?? 'default'}>{CL(`Status:${status}`)}</Tag>;
}
