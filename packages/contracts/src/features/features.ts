import { z } from 'zod';
import { describedNames, displayedName } from '../fields.ts';

/**
 * Feature management (ABP wire contract): a tenant's (or the host's) feature values, read in
 * groups and changed in one request.
 */

/** The tenant whose features are read or changed (`providerKey`); empty for the host's own. */
export const featureProviderQuery = z.object({
  providerName: z.enum(['T']),
  providerKey: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(64).default('')),
});

/** How the editor shows a value: free text, toggle or selection, with the rule it must follow. */
export const featureValueType = z.object({
  name: z.string(),
  properties: z.record(z.string(), z.unknown()),
  itemSource: z
    .object({
      items: z.array(
        z.object({ value: z.string(), displayText: z.object({ resourceName: z.string(), name: z.string() }) }),
      ),
    })
    .optional(),
  validator: z.object({ name: z.string(), properties: z.record(z.string(), z.unknown()) }).optional(),
});
export type FeatureValueType = z.infer<typeof featureValueType>;

export const featureDto = z.object({
  ...describedNames,
  /** The value in effect: stored for the tenant, else the default. */
  value: z.string(),
  /** Where the value comes from: `D` the default, `T` stored for the tenant. */
  provider: z.object({ name: z.string(), key: z.string().nullable() }),
  valueType: featureValueType,
  depth: z.number().int(),
  parentName: z.string().nullable(),
});
export type FeatureDto = z.infer<typeof featureDto>;

export const featureGroupDto = z.object({ ...displayedName, features: z.array(featureDto) });
export type FeatureGroupDto = z.infer<typeof featureGroupDto>;
export const featureGroupList = z.object({ groups: z.array(featureGroupDto) });
export type FeatureGroupList = z.infer<typeof featureGroupList>;

/** One value to store; `null` (or the default) removes the stored value. */
export const featureChange = z.object({
  name: z.string().trim().min(1).max(128),
  value: z.string().max(1024).nullable(),
});
export type FeatureChange = z.infer<typeof featureChange>;
export const featureChangeInput = z.object({ features: z.array(featureChange).max(200) });
