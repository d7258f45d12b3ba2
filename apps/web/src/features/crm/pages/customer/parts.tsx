import { customerLevels } from '@seller/contracts/crm';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { SearchSelect } from '../../../../components/SearchSelect.tsx';
import { CL, type CustomerTag, customerKeys, customersApi, dictLabel } from '../../api/customers.ts';

/** Pieces the customer list, its detail and the editing page share. */

export const DATE_TIME = 'YYYY-MM-DD HH:mm';

const levelColor: Record<number, string> = { 1: 'red', 2: 'blue', 3: 'default' };

export const LevelTag = ({ level }: { level: number | null }) =>
  level ? (
    <Tag color={levelColor[level]} data-testid={`customer-level-${level}`}>
      {dictLabel(customerLevels, level)}
    </Tag>
  ) : null;

export const TagList = ({ tags }: { tags: CustomerTag[] }) =>
  tags.length ? (
    <Space size={[0, 4]} wrap>
      {tags.map((t) => (
        <Tag key={t.id} color={t.color}>
          {t.name}
        </Tag>
      ))}
    </Space>
  ) : null;

/** Lock and deal badges of a customer. */
export const StatusBadges = ({ lockStatus, dealStatus }: { lockStatus: boolean; dealStatus: boolean }) => (
  <Space size={[0, 4]} wrap>
    {lockStatus && (
      <Tag color="purple" data-testid="customer-locked">
        {CL('Locked')}
      </Tag>
    )}
    {dealStatus && (
      <Tag color="green" data-testid="customer-dealt">
        {CL('Dealt')}
      </Tag>
    )}
  </Space>
);

/** The tenant's customer tags, coloured, to filter by or assign. */
export function useCustomerTags() {
  return useQuery({ queryKey: customerKeys.tags, queryFn: () => customersApi.tags(), staleTime: 60_000 });
}

export const tagOptions = (tags: CustomerTag[] = []) =>
  tags.map((t) => ({ value: t.id, label: <Tag color={t.color}>{t.name}</Tag>, title: t.name }));

/** A user of the tenant, searched as the user types. */
export function UserSelect(props: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  testid?: string;
  placeholder?: string;
  allowClear?: boolean;
  exclude?: (string | null | undefined)[];
  style?: React.CSSProperties;
}) {
  return (
    <SearchSelect
      queryKey={(search) => [...customerKeys.users, search]}
      load={(search, signal) => customersApi.users(search || undefined, signal)}
      label={(u) => (u.name === u.userName ? u.name : `${u.name} (${u.userName})`)}
      exclude={(u) => !!props.exclude?.includes(u.id)}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      style={{ minWidth: 180, ...props.style }}
      testid={props.testid}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
    />
  );
}
