import { Empty } from 'antd';

/** Placeholder until the page is built. */
export default function Page() {
  return <Empty />;
}
