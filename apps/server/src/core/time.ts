/**
 * Calendar days in a time zone: day buckets and day filters follow the tenant's calendar
 * (setting `Abp.Timing.TimeZone`), never UTC's.
 */

export const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A UTC-midnight instant's date (yyyy-MM-dd). */
export const ymd = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
/** yyyy-MM-dd → its UTC midnight (ms). */
export const parseDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms). */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of `date`'s midnight (yyyy-MM-dd) in `timeZone`. */
export function midnight(date: string, timeZone: string): Date {
  const wall = parseDay(date);
  let t = wall - zoneOffset(wall, timeZone);
  // a daylight-saving change between the guess and the answer moves it once more
  t = wall - zoneOffset(t, timeZone);
  return new Date(t);
}

/** The day after `date` (yyyy-MM-dd). */
export const nextDay = (date: string) => ymd(parseDay(date) + DAY_MS);

/** Today's date (yyyy-MM-dd) in `timeZone`. */
export function today(timeZone: string, now = new Date()): string {
  return ymd(now.getTime() + zoneOffset(now.getTime(), timeZone));
}

/** `instant` as the wall clock of `timeZone`, in a Date whose UTC fields read that clock (spreadsheet cells). */
export const wallClock = (instant: Date, timeZone: string) =>
  new Date(instant.getTime() + zoneOffset(instant.getTime(), timeZone));
