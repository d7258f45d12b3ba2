/**
 * A decimal as the API shows it, from the database's numeric text (or an input's decimal text):
 * at least two fraction digits, trailing zeros beyond them dropped ("12.5000" → "12.50",
 * "0.1250" → "0.125", "3" → "3.00").
 */
export function decimalText(value: string): string;
export function decimalText(value: string | null | undefined): string | null;
export function decimalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole.replace(/^(-?)0+(?=\d)/, '$1')}.${digits}`;
}
