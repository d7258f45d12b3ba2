import { NumberBounds } from '@seller/contracts/numbers';
import { Decimal } from 'decimal.js';
import { fieldError } from './errors.ts';

export { NumberBounds };

/**
 * The server's half of the numeric bounds (`@seller/contracts/numbers`): an amount it derives from
 * values the contract could not see together (a default price, the tenant's rate) is refused with
 * a 400 naming `member` and saying the bound, before it can overflow its column.
 */
export function checkBound(
  member: string,
  value: Decimal.Value,
  max: string,
  key: 'Number:AtMost' | 'Number:LineAtMost' | 'Number:ConvertedAtMost' = 'Number:AtMost',
) {
  if (new Decimal(value).gt(max)) throw fieldError(member, key, [max]);
}
