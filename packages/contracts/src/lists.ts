import { z } from 'zod';
import { Limits } from './constants.ts';
import { commaList, emptyToUndefined, trimmedOrUndefined } from './fields.ts';
import { pagedResult } from './paging.ts';

/**
 * The list kit's contract: one declaration of a list (its filters, search, sort keys, status
 * tabs and columns) that the server turns into its routes (`apps/server/src/core/lists`) and the
 * web into its page (`components/list`). A filter or column kind is written once, here.
 *
 * Texts: headers and filter labels are keys of the list's `texts` resource (`SalesOrders::Buyer`),
 * by default the member's name capitalized; an enum's values are `<Label>:<value>` unless it names
 * its own prefix.
 */

/**
 * Most matches a list counts exactly; past it the total reads "more than 1 000" (`totalCountCapped`):
 * a count of every match would cost as much as the matches, and a page must not.
 */
export const LIST_COUNT_CAP = 1_000;
/** Deepest row a list pages to (`skipCount` beyond it is refused): no page costs more than this. */
export const LIST_MAX_SKIP = 10_000;
/** Most rows one export writes (the filters narrow it further). */
export const EXPORT_MAX_ROWS = 100_000;

// ——— filters ———

interface FilterBase {
  /** Text key of the label (default: a reference's entity, else the member capitalized). */
  label?: string;
}
export type FilterField =
  | (FilterBase & { kind: 'text'; max: number })
  | (FilterBase & {
      kind: 'ref';
      entity: string /** GET url answering `{ items: {id, name}[] }` for the picker. */;
      options?: string;
    })
  | (FilterBase & {
      kind: 'enum';
      values: readonly string[];
      multiple?: boolean /** Text key prefix of a value. */;
      texts?: string;
    })
  | (FilterBase & { kind: 'bool' })
  | (FilterBase & { kind: 'dateRange' /** Query members of the first and last day. */; from: string; to: string })
  | (FilterBase & { kind: 'range'; of: 'money' | 'quantity' | 'percent'; min: string; max: string });

/** Filter builders: each names its kind; the query members follow from it. */
export const filter = {
  text: (max = 128, o: FilterBase = {}): FilterField => ({ kind: 'text', max, ...o }),
  ref: (entity: string, o: FilterBase & { options?: string } = {}): FilterField => ({ kind: 'ref', entity, ...o }),
  enum: (values: readonly string[], o: FilterBase & { multiple?: boolean; texts?: string } = {}): FilterField => ({
    kind: 'enum',
    values,
    ...o,
  }),
  bool: (o: FilterBase = {}): FilterField => ({ kind: 'bool', ...o }),
  /** Days in the tenant's time zone (`from`…`to` inclusive); an instant (ISO date-time) is taken as it is. */
  dateRange: (from: string, to: string, o: FilterBase = {}): FilterField => ({ kind: 'dateRange', from, to, ...o }),
  range: (of: 'money' | 'quantity' | 'percent', min: string, max: string, o: FilterBase = {}): FilterField => ({
    kind: 'range',
    of,
    min,
    max,
    ...o,
  }),
};

/** A day (`2026-12-06`) or an instant (`2026-12-06T08:00:00Z`). */
export const dayOrInstant = z.preprocess(
  trimmedOrUndefined,
  z
    .string()
    .max(40)
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
        !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)),
      'Value:DateOrDay',
    )
    .optional(),
);
const decimalText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : trimmedOrUndefined(v)),
  z
    .string()
    .regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'Value:Decimal')
    .optional(),
);
const boolText = z.preprocess(
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : emptyToUndefined(v)),
  z.boolean().optional(),
);

/** The query members one filter adds, with their schemas. */
export function filterMembers(name: string, f: FilterField): Record<string, z.ZodType> {
  switch (f.kind) {
    case 'text':
      return { [name]: z.preprocess(trimmedOrUndefined, z.string().max(f.max).optional()) };
    case 'ref':
      return { [name]: z.preprocess(trimmedOrUndefined, z.guid().optional()) };
    case 'enum': {
      const one = z.enum(f.values as [string, ...string[]]);
      const known = new Set(f.values);
      return {
        [name]: f.multiple
          ? z.preprocess(
              (v) => {
                const items = commaList(v);
                return items.length ? items : undefined;
              },
              // one refusal naming the member, not each item
              z
                .array(z.string())
                .refine((items) => items.length <= f.values.length && items.every((i) => known.has(i)), 'Value:Invalid')
                .optional(),
            )
          : z.preprocess(trimmedOrUndefined, one.optional()),
      };
    }
    case 'bool':
      return { [name]: boolText };
    case 'dateRange':
      return { [f.from]: dayOrInstant, [f.to]: dayOrInstant };
    case 'range':
      return { [f.min]: decimalText, [f.max]: decimalText };
  }
}

// ——— columns ———

export type ColumnKind = 'text' | 'enum' | 'money' | 'quantity' | 'percent' | 'date' | 'dateTime' | 'bool';
export interface ColumnField {
  kind: ColumnKind;
  /** Sortable by this key (the server maps it to an indexed column). */
  sort?: boolean;
  /** Text key of the header (default: the member capitalized). */
  header?: string;
  /** Starts hidden in the column settings. */
  hidden?: boolean;
  /** Left out of the Excel export. */
  noExport?: boolean;
  /** Only in the Excel export, not on the page. */
  exportOnly?: boolean;
  width?: number;
  /** enum: the values and their text key prefix (default `<Header>:`). */
  values?: readonly string[];
  texts?: string;
  /** money: the row member holding the currency. */
  currency?: string;
}
type ColumnOptions = Omit<ColumnField, 'kind' | 'values' | 'currency'>;

/** Column builders; the options keep their literal types, so `sort: true` makes a sort key the type checker knows. */
export const column = {
  text: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'text' as const, ...o }),
  enum: <const O extends ColumnOptions>(values: readonly string[], o: O = {} as O) => ({
    kind: 'enum' as const,
    values,
    ...o,
  }),
  money: <const O extends ColumnOptions>(currency: string, o: O = {} as O) => ({
    kind: 'money' as const,
    currency,
    ...o,
  }),
  quantity: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'quantity' as const, ...o }),
  percent: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'percent' as const, ...o }),
  date: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'date' as const, ...o }),
  dateTime: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'dateTime' as const, ...o }),
  bool: <const O extends ColumnOptions>(o: O = {} as O) => ({ kind: 'bool' as const, ...o }),
};

// ——— the list ———

export interface ListSpec<
  F extends Record<string, FilterField> = Record<string, FilterField>,
  C extends Record<string, ColumnField> = Record<string, ColumnField>,
  S extends string = string,
> {
  /** Localization resource of the headers, labels, tab and export names (`SalesOrders`). */
  texts: string;
  /** Text key of the export's file and sheet name. */
  exportName?: string;
  filters: F;
  /** Text key of what the free-text `filter` looks in (the search box's placeholder); no search when absent. */
  search?: string;
  /** A status member whose values are tabs with their counts (`/counts`). */
  tabs?: { member: string; values: readonly string[]; texts?: string };
  columns: C;
  /** Sort keys beyond the sortable columns. */
  sorts?: readonly S[];
  /** Default order, as `key asc|desc` of a sort key. */
  defaultSort: string;
}

export type SortKeys<L extends ListSpec> =
  | { [K in keyof L['columns']]: L['columns'][K]['sort'] extends true ? K : never }[keyof L['columns']]
  | (L['sorts'] extends readonly (infer S)[] ? S : never);

export interface DeclaredList<L extends ListSpec = ListSpec> {
  spec: L;
  /** Every sort key, the columns' first. */
  sortKeys: string[];
  /** The filter members with the tab member (what `/counts` and the export read). */
  filters: z.ZodObject;
  /** The paged query: `skipCount`, `maxResultCount`, `sorting`, `filter` and the filters. */
  query: z.ZodObject;
  /** The export's query: the filters with `sorting`. */
  exportQuery: z.ZodObject;
  counts: z.ZodObject;
}

const sortingText = z.preprocess(trimmedOrUndefined, z.string().max(200).optional());

/**
 * The names of a list that keeps the usual convention: in the `texts` resource, its export is
 * called `name` and its search box reads `Search<name>` (`Users`, `SearchUsers`). Spread first
 * into `defineList`.
 */
export const listNames = (texts: string, name: string) => ({ texts, exportName: name, search: `Search${name}` });

/**
 * The names of a list whose page keeps its texts under `Page:`: the page's title names the export,
 * and the search box reads `Page:<search>`.
 */
export const pageListNames = (texts: string, search: string) => ({
  texts,
  exportName: 'Page:Title',
  search: `Page:${search}`,
});

/** Declares a list once: the server's routes and the web's page are made from it. */
export function defineList<const L extends ListSpec>(spec: L): DeclaredList<L> {
  const members: Record<string, z.ZodType> = {};
  if (spec.search) members.filter = z.preprocess(trimmedOrUndefined, z.string().max(200).optional());
  for (const [name, f] of Object.entries(spec.filters)) Object.assign(members, filterMembers(name, f));
  if (spec.tabs) {
    Object.assign(members, filterMembers(spec.tabs.member, { kind: 'enum', values: spec.tabs.values, multiple: true }));
  }
  const sortKeys = [
    ...Object.entries(spec.columns)
      .filter(([, c]) => c.sort)
      .map(([k]) => k),
    ...(spec.sorts ?? []),
  ];
  const filters = z.object(members);
  return {
    spec,
    sortKeys,
    filters,
    query: filters.extend({
      skipCount: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(LIST_MAX_SKIP).default(0)),
      maxResultCount: z.preprocess(
        emptyToUndefined,
        z.coerce.number().int().min(1).max(Limits.maxResultCount).default(Limits.defaultPageSize),
      ),
      sorting: sortingText,
    }),
    exportQuery: filters.extend({ sorting: sortingText }),
    counts: z.object({
      total: z.number().int(),
      /** Some count reached `LIST_COUNT_CAP` and stopped there. */
      capped: z.boolean(),
      counts: z.record(z.string(), z.number().int()),
    }),
  };
}

/** A kit list's page: ABP's paged result, with whether the total stopped at `LIST_COUNT_CAP`. */
export const listPage = <T extends z.ZodType>(item: T) =>
  pagedResult(item).extend({ totalCountCapped: z.boolean().optional() });

/** A filter's label key: its own, a reference's entity (`Shop`), else the member capitalized. */
export const filterLabelOf = (member: string, f: FilterField) =>
  f.label ?? (f.kind === 'ref' ? f.entity : textKeyOf(member));

/** `'buyerName'` → `'BuyerName'`: a member's default text key. */
export const textKeyOf = (member: string) => member.charAt(0).toUpperCase() + member.slice(1);

/**
 * A list of the usual names (`listNames`) with no filters of its own: ABP's lists, which take
 * only `filter`, `sorting` and the paging members.
 */
export const unfilteredList = <const C extends Record<string, ColumnField>>(
  texts: string,
  name: string,
  rest: { columns: C; defaultSort: string },
) => defineList({ ...listNames(texts, name), filters: {}, ...rest });
