import type { CSSProperties } from 'react';
import { SearchSelect } from '../../../../components/SearchSelect.tsx';
import { poolApi, poolKeys } from '../../api/pool.ts';

/** A searchable pick of the tenant's active users (`GET /api/crm/pool/users?filter=`). */
export function UserSelect(props: {
  value?: string;
  onChange(value: string | undefined): void;
  placeholder?: string;
  style?: CSSProperties;
  testid?: string;
}) {
  return (
    <SearchSelect
      queryKey={poolKeys.users}
      load={(filter, signal) => poolApi.users(filter || undefined, signal)}
      label={(u) => (u.name && u.name !== u.userName ? `${u.name} (${u.userName})` : u.userName)}
      allowClear
      placeholder={props.placeholder}
      style={props.style}
      testid={props.testid}
      value={props.value}
      onChange={(v) => props.onChange(v)}
    />
  );
}
