/**
 * The select options of a fixed list of values, each with its label; a function, so that the
 * labels are read in the language of the moment they are drawn.
 */
export const optionsOf =
  <T extends string>(values: readonly T[], label: (value: T) => string) =>
  () =>
    values.map((value) => ({ value, label: label(value) }));
