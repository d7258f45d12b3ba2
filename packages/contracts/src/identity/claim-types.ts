import { z } from 'zod';
import { createdAndStamp } from '../fields.ts';
import { column, unfilteredList } from '../lists.ts';
import { optionalText, stamp } from './users.ts';

/** Claim types (ABP `ClaimTypeDto` and its inputs). */

export const ClaimValueType = { String: 0, Int: 1, Boolean: 2, DateTime: 3 } as const;

export const claimTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  required: z.boolean(),
  isStatic: z.boolean(),
  regex: z.string().nullable(),
  regexDescription: z.string().nullable(),
  description: z.string().nullable(),
  valueType: z.number().int(),
  valueTypeAsString: z.string(),
  ...createdAndStamp,
});
export type ClaimTypeDto = z.infer<typeof claimTypeDto>;

/** The claim types list (ABP `GET /api/identity/claim-types`: `filter`, `sorting`, `skipCount`, `maxResultCount`). */
export const claimTypeList = unfilteredList('AbpIdentity', 'ClaimTypes', {
  columns: {
    name: column.text({ header: 'DisplayName:ClaimType', sort: true, width: 220 }),
    valueType: column.enum(['0', '1', '2', '3'], { header: 'DisplayName:ValueType', texts: 'ValueType:', sort: true }),
    required: column.bool({ header: 'DisplayName:Required', sort: true, width: 100 }),
    isStatic: column.bool({ header: 'DisplayName:IsStatic', sort: true, hidden: true, width: 100 }),
    regex: column.text({ header: 'DisplayName:Regex' }),
    description: column.text({ header: 'DisplayName:Description' }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, hidden: true }),
  },
  defaultSort: 'name asc',
});

export const claimTypeInput = z.object({
  name: z.string().trim().min(1).max(256),
  required: z.boolean().default(false),
  regex: optionalText(512).refine(
    (v) => {
      if (!v) return true;
      try {
        new RegExp(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'AbpIdentity::InvalidRegex' },
  ),
  regexDescription: optionalText(128),
  description: optionalText(256),
  valueType: z.coerce.number().int().min(0).max(3).default(0),
});
export type ClaimTypeInput = z.infer<typeof claimTypeInput>;
export const claimTypeUpdateInput = claimTypeInput.extend({ concurrencyStamp: stamp });
export type ClaimTypeUpdateInput = z.infer<typeof claimTypeUpdateInput>;
