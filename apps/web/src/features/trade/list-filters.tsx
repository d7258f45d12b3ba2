import type { DeclaredList } from '@seller/contracts/lists';
import { Select } from 'antd';
import { useSearchParams } from 'react-router';

/**
 * The list with some of its filters left out of the page's filter bar: filters the API takes but
 * a page sets otherwise (a SKU chosen from its row, an order's shipments), or that have no picker.
 * The URL and the API still take them.
 */
export function withoutFilters(list: DeclaredList, ...names: string[]): DeclaredList {
  const filters = Object.fromEntries(Object.entries(list.spec.filters).filter(([name]) => !names.includes(name)));
  return { ...list, spec: { ...list.spec, filters } };
}

/**
 * A picker of one filter member kept in the page's URL, next to the list's own filter bar: for a
 * filter whose options come from an API of another shape than the kit's `{ id, name }` picker.
 * The list reads the member from the URL as it reads its own.
 */
export function UrlFilterSelect(props: {
  member: string;
  placeholder: string;
  options: { value: string; label: string }[];
  testid?: string;
}) {
  const [params, setParams] = useSearchParams();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 200 }}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      data-testid={props.testid}
      value={params.get(props.member) ?? undefined}
      options={props.options}
      onChange={(value: string | undefined) => {
        const next = new URLSearchParams(params);
        if (value) next.set(props.member, value);
        else next.delete(props.member);
        next.delete('page');
        setParams(next);
      }}
    />
  );
}
