import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { type CustomerOption, RL, searchCustomers } from '../../api/records.ts';

/**
 * A customer the user sees, searched by name as they type (the first 20 matches); shared by the
 * record and follow-up pages' filters and forms. `known` names a customer already chosen (an edit).
 */
export function CustomerPicker(props: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  known?: CustomerOption;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  testid?: string;
  style?: React.CSSProperties;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['crm', 'customer-picker', keyword],
    queryFn: () => searchCustomers(keyword),
    staleTime: 30_000,
  });
  const options = (found.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (props.known && !options.some((o) => o.value === props.known?.id)) {
    options.unshift({ value: props.known.id, label: props.known.name });
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={props.allowClear}
      disabled={props.disabled}
      value={props.value}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      options={options}
      loading={found.isFetching}
      placeholder={props.placeholder ?? RL('PickCustomer')}
      style={{ minWidth: 200, ...props.style }}
      data-testid={props.testid}
    />
  );
}
