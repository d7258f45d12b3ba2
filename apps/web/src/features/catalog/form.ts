import { z } from 'zod';

/**
 * The catalogue forms validate with the server's own input schemas (`@seller/contracts/catalog`);
 * these helpers only adapt what a widget holds to what the schema reads.
 */

/** A number input left empty holds null: read as absent, so the schema's default applies. */
export const emptyNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema);

/** A text area with one item per line → the list the schema checks. */
export const lines = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : (v ?? undefined),
    schema,
  );
