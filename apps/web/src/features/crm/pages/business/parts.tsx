import type { BusinessAmount } from '@seller/contracts/crm';
import { Form, Tag } from 'antd';
import { SearchSelect } from '../../../../components/SearchSelect.tsx';
import { BL, type BusinessRow } from '../../api/businesses.ts';

/** Sums per currency, e.g. "1,200.00 CNY · 5.00 USD" (a dash when there is none). */
export function amountsText(amounts: BusinessAmount[]) {
  return amounts.length ? amounts.map((a) => `${money(a.amount)} ${a.currency}`).join(' · ') : '—';
}

/** An exact decimal string with thousands separators, its digits untouched. */
export function money(v: string) {
  const [int, frac] = v.split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac !== undefined ? `.${frac}` : ''}`;
}

/** The business's stage, or how it ended. */
export function StageTag({ row }: { row: Pick<BusinessRow, 'endStatus' | 'statusName' | 'percent'> }) {
  if (row.endStatus) {
    const color = row.endStatus === 1 ? 'success' : row.endStatus === 2 ? 'error' : 'default';
    return <Tag color={color}>{BL(`End:${row.endStatus}`)}</Tag>;
  }
  return <Tag color="processing">{`${row.statusName ?? '—'} ${row.percent}%`}</Tag>;
}

/** A searchable select over options the server finds by name (customers, products). */
export function RemoteSelect<T extends { id: string }>({
  value,
  onChange,
  load,
  label,
  known,
  testid,
  placeholder,
  disabled,
  onPick,
  queryKey,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  load: (filter?: string) => Promise<{ items: T[] }>;
  label: (item: T) => string;
  /** Labels of values chosen before any search (an edited record's own). */
  known?: Map<string, string>;
  testid?: string;
  placeholder?: string;
  disabled?: boolean;
  onPick?: (item: T) => void;
  queryKey: string;
}) {
  return (
    <SearchSelect<T>
      queryKey={(filter) => ['crm', 'options', queryKey, filter]}
      load={(filter) => load(filter || undefined)}
      label={label}
      known={known}
      allowClear
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      testid={testid}
      style={{ width: '100%' }}
      onChange={(id, item) => {
        onChange?.(id);
        if (item) onPick?.(item);
      }}
    />
  );
}

/** Exact hundredths of a decimal text ("12.5" → 1250n), or null when it is not one. */
export function cents(v: string | undefined): bigint | null {
  const m = /^(-?)(\d{1,14})(?:\.(\d{1,2}))?$/.exec((v ?? '').trim());
  if (!m) return null;
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

/** Hundredths back to decimal text. */
export function fromCents(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** The per-currency sums with `amount` added (sign 1) or taken away (sign −1); empty sums dropped. */
export function addAmount(amounts: BusinessAmount[], currency: string, amount: string, sign: 1 | -1): BusinessAmount[] {
  const delta = (cents(amount) ?? 0n) * BigInt(sign);
  const found = amounts.some((a) => a.currency === currency);
  const next = found
    ? amounts.map((a) => (a.currency === currency ? { ...a, amount: fromCents((cents(a.amount) ?? 0n) + delta) } : a))
    : [...amounts, { currency, amount: fromCents(delta) }].sort((x, y) => x.currency.localeCompare(y.currency));
  return next.filter((a) => cents(a.amount) !== 0n);
}

/** A crm form's customer (required), found among those the user may write; fixed when the form was opened for one. */
export function CustomerField(p: {
  label: string;
  testid: string;
  queryKey: string;
  load: (filter?: string) => Promise<{ items: { id: string; name: string }[] }>;
  /** The edited record's customer, labelled before any search. */
  known: Map<string, string>;
  disabled: boolean;
}) {
  return (
    <Form.Item name="customerId" label={p.label} rules={[{ required: true }]}>
      <RemoteSelect
        queryKey={p.queryKey}
        testid={p.testid}
        load={p.load}
        label={(c) => c.name}
        known={p.known}
        disabled={p.disabled}
      />
    </Form.Item>
  );
}
