import { z } from 'zod';
import { audit, sort, stamp, text } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';

/** Tags (domain §6.4): a name and a colour from a fixed palette, for customers or businesses. */

/** antd's preset tag colours: the palette a tag picks from. */
export const TagColors = [
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
  'default',
] as const;
export type TagColor = (typeof TagColors)[number];
export const TagScopes = ['CUSTOMER', 'BUSINESS'] as const;
export type TagScope = (typeof TagScopes)[number];

export const tagInput = z.object({
  name: text(32),
  color: z.enum(TagColors).default('blue'),
  scope: z.enum(TagScopes).default('CUSTOMER'),
  sort,
});
export const tagUpdateInput = tagInput.extend(stamp);
export type TagInput = z.infer<typeof tagInput>;

const optionalScope = z.preprocess((v) => (v === '' ? undefined : v), z.enum(TagScopes).optional());

/** The tag list (`/api/crm/tags`, its `/export`): searched by name, narrowed to a scope. */
export const tagList = defineList({
  texts: 'CrmTags',
  search: 'Name',
  filters: { scope: filter.enum(TagScopes, { texts: 'Scope:' }) },
  columns: {
    name: column.text({ sort: true, width: 160 }),
    color: column.enum(TagColors, { sort: true, texts: 'Color:', width: 110 }),
    scope: column.enum(TagScopes, { sort: true, texts: 'Scope:', width: 110 }),
    sort: column.quantity({ sort: true, width: 80 }),
    usageCount: column.quantity({ width: 100 }),
    creationTime: column.dateTime({ sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'scope asc, sort asc, name asc',
});
export type TagQuery = z.infer<typeof tagList.query> & { scope?: TagScope };
/** `GET /api/crm/tags/all?scope=`: the pickers' list. */
export const tagAllQuery = z.object({ scope: optionalScope });

export const tagDto = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  scope: z.enum(TagScopes),
  sort: z.number(),
  /** Customers carrying the tag. */
  usageCount: z.number().int(),
  ...audit,
});
export type TagDto = z.infer<typeof tagDto>;

/** A tag as pickers show it. */
export const tagOption = z.object({ id: z.string(), name: z.string(), color: z.string(), scope: z.enum(TagScopes) });
export type TagOption = z.infer<typeof tagOption>;
