import { within } from '@testing-library/react';

/** The row of `table` showing `text`, once it shows. */
export const findRow = async (table: HTMLElement, text: string) =>
  (await within(table).findByText(text)).closest('tr') as HTMLElement;

/** The row of `table` showing `text` now. */
export const rowWith = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
