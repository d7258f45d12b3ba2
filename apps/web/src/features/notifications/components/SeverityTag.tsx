import { Tag } from 'antd';
import { severityStyle } from '../../../lib/realtime.ts';
import { NT } from '../api.ts';

/** The severity as a coloured tag with its icon. */
export function SeverityTag({ severity }: { severity: number }) {
  const style = severityStyle(severity);
  const Icon = style.icon;
  return (
    <Tag color={style.status} icon={<Icon />} data-testid="notification-severity">
      {NT(`Severity:${severity}`)}
    </Tag>
  );
}
