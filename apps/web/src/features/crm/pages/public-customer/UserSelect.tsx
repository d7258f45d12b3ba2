import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { poolApi, poolKeys } from '../../api/pool.ts';

/** A searchable pick of the tenant's active users (`GET /api/crm/pool/users?filter=`). */
export function UserSelect(props: {
  value?: string;
  onChange(value: string | undefined): void;
  placeholder?: string;
  style?: CSSProperties;
  testid?: string;
}) {
  const [filter, setFilter] = useState('');
  const users = useQuery({
    queryKey: poolKeys.users(filter),
    queryFn: ({ signal }) => poolApi.users(filter || undefined, signal),
  });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setFilter }}
      placeholder={props.placeholder}
      style={props.style}
      data-testid={props.testid}
      value={props.value}
      onChange={(v) => props.onChange(v)}
      loading={users.isFetching}
      options={(users.data?.items ?? []).map((u) => ({
        value: u.id,
        label: u.name && u.name !== u.userName ? `${u.name} (${u.userName})` : u.userName,
      }))}
    />
  );
}
