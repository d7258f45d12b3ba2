import { type FeeMode, FeeModes, feeModeMembers, type rateRowInput } from '@seller/contracts/logistics';
import type { z } from 'zod';
import type { AbpValidationError } from '../../../../lib/http/errors.ts';
import { LL, type RateRowDto } from '../../api.ts';

/** A row of the rate table being edited: the server's row (no id when new), keyed locally. */
export type EditRow = Omit<RateRowDto, 'id'> & { id?: string; key: string };

/** Messages per row (by its key), per member (`weightFrom`); `table` for the whole table. */
export type RowErrors = Record<string, Record<string, string[]>>;
export const TABLE = 'table';

let next = 0;
export const newKey = () => `row-${++next}`;

export const fromDto = (rows: RateRowDto[]): EditRow[] => rows.map((r) => ({ ...r, key: newKey() }));

/** What is sent: the row without its local key and zone name. */
export const toInput = ({ key: _k, zoneName: _z, ...row }: EditRow) => row;

/** The money and weight members a fee mode prices with (contracts' `feeModeMembers`), and all of them. */
export const priceMembers = [...new Set(FeeModes.flatMap((m) => feeModeMembers[m]))];
export const membersOf = (mode: FeeMode) => feeModeMembers[mode];

/** The grams members among the price members (the others are money). */
export const GRAM_MEMBERS = new Set(['firstWeight', 'additionalUnit']);

const LABEL: Record<string, string> = {
  zone: 'Rate:Zone',
  zoneId: 'Rate:Zone',
  zoneName: 'Rate:Zone',
  weightFrom: 'Rate:WeightFromGrams',
  weightTo: 'Rate:WeightToGrams',
  feeMode: 'Rate:FeeMode',
  firstWeight: 'Rate:FirstWeightGrams',
  firstFee: 'Rate:FirstFee',
  additionalUnit: 'Rate:AdditionalUnitGrams',
  additionalFee: 'Rate:AdditionalFee',
  baseFee: 'Rate:BaseFee',
  perKgFee: 'Rate:PerKgFee',
  flatFee: 'Rate:FlatFee',
  effectiveFrom: 'Rate:EffectiveFrom',
  effectiveTo: 'Rate:EffectiveTo',
};

/** A member's label (a sheet column's too); an unknown member as it is. */
export const memberLabel = (member: string) => (LABEL[member] ? LL(LABEL[member]) : member);

/** The row's blank values for the row form. */
export const blankRow = (): Partial<z.input<typeof rateRowInput>> => ({
  feeMode: 'FIRST_ADDITIONAL',
  weightFrom: 0,
  effectiveFrom: null,
  effectiveTo: null,
});

/** `2026-01-01 – 2026-06-30`, `from 2026-01-01`, `until …`, or always. */
export function effectiveText(r: Pick<EditRow, 'effectiveFrom' | 'effectiveTo'>): string {
  if (r.effectiveFrom && r.effectiveTo) return `${r.effectiveFrom} – ${r.effectiveTo}`;
  if (r.effectiveFrom) return LL('Rate:Since', r.effectiveFrom);
  if (r.effectiveTo) return LL('Rate:Until', r.effectiveTo);
  return LL('Rate:Always');
}

/** Adds a message to `errors` (a copy is made by the caller). */
export function addError(errors: RowErrors, key: string, member: string, message: string) {
  errors[key] ??= {};
  const list = errors[key][member] ?? [];
  if (!list.includes(message)) errors[key][member] = [...list, message];
}

/**
 * The server's refusal of a table, `rows.<index>.<member>`, put on the rows sent (`rows[index]`);
 * anything else is the table's.
 */
export function serverRowErrors(errors: AbpValidationError[], rows: EditRow[]): RowErrors {
  const out: RowErrors = {};
  for (const e of errors) {
    for (const member of e.members?.length ? e.members : [TABLE]) {
      const m = /^rows\.(\d+)\.(\w+)/.exec(member);
      const row = m ? rows[Number(m[1])] : undefined;
      if (row && m) addError(out, row.key, m[2], e.message);
      else addError(out, TABLE, TABLE, e.message);
    }
  }
  return out;
}

/** One line of an import's refusal: the sheet's row number, the column, the message. */
export interface ImportProblem {
  key: string;
  row: number | null;
  column: string;
  message: string;
}

/** An import's 400: members `rows.<sheet row>.<column member>`. */
export function importProblems(errors: AbpValidationError[]): ImportProblem[] {
  return errors.flatMap((e, i) =>
    (e.members?.length ? e.members : ['']).map((member, j) => {
      const m = /^rows\.(\d+)(?:\.(\w+))?/.exec(member);
      return {
        key: `${i}-${j}`,
        row: m ? Number(m[1]) : null,
        column: m?.[2] ? memberLabel(m[2]) : '',
        message: e.message,
      };
    }),
  );
}
