import type { Lang } from './types.ts';

/**
 * Money as the server answers it: a decimal string in a currency, shown as it is (never read into
 * a floating-point number), with the currency's symbol before it.
 */
const SYMBOLS: Record<string, string> = {
  CNY: '¥',
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: 'JP¥',
  HKD: 'HK$',
  SGD: 'S$',
  MYR: 'RM',
  THB: '฿',
  PHP: '₱',
  VND: '₫',
  IDR: 'Rp',
  AUD: 'A$',
  CAD: 'C$',
  KRW: '₩',
  TWD: 'NT$',
};

/** Groups the whole part of a decimal string by thousands (`12345.60` → `12,345.60`), as text. */
function grouped(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

export function money(amount: string, currency: string): string {
  const symbol = SYMBOLS[currency];
  const text = grouped(amount);
  if (!symbol) return `${currency} ${text}`;
  return /^[A-Z]/.test(symbol) ? `${symbol} ${text}` : `${symbol}${text}`;
}

export function date(iso: string, lang: Lang, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(d);
  } catch {
    return d.toISOString().slice(0, 16).replace('T', ' ');
  }
}
