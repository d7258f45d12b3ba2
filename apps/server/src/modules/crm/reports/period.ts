import { ReportCategory } from '@seller/contracts/crm';

/**
 * The period of a report from any day of it, in a time zone: a daily report covers the day, a
 * weekly one the ISO week (Monday to Sunday, keyed `2026-W48` by the ISO week-numbering year), a
 * monthly one the calendar month (`2026-11`). `start` and `end` are the instants of the first
 * day's and the day after the last day's midnight in `timeZone`, so counts over
 * `[start, end)` follow the tenant's calendar, not UTC's.
 */
export interface Period {
  category: number;
  period: string;
  startDate: string;
  endDate: string;
  start: Date;
  end: Date;
  timeZone: string;
}

const DAY = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ymd = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const parse = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms). */
function offset(instant: number, timeZone: string): number {
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
  const wall = parse(date);
  let t = wall - offset(wall, timeZone);
  // a daylight-saving change between the guess and the answer moves it once more
  t = wall - offset(t, timeZone);
  return new Date(t);
}

/** Today's date (yyyy-MM-dd) in `timeZone`. */
export function today(timeZone: string, now = new Date()): string {
  return ymd(now.getTime() + offset(now.getTime(), timeZone));
}

export function periodOf(category: number, date: string, timeZone: string): Period {
  const day = parse(date);
  let first: number;
  let last: number;
  let period: string;
  if (category === ReportCategory.Weekly) {
    const dow = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    first = day - dow * DAY;
    last = first + 6 * DAY;
    const thursday = new Date(first + 3 * DAY);
    const year = thursday.getUTCFullYear();
    const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY));
    period = `${year}-W${pad(week)}`;
  } else if (category === ReportCategory.Monthly) {
    const d = new Date(day);
    first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY;
    period = ymd(first).slice(0, 7);
  } else {
    first = day;
    last = day;
    period = date;
  }
  return {
    category,
    period,
    startDate: ymd(first),
    endDate: ymd(last),
    start: midnight(ymd(first), timeZone),
    end: midnight(ymd(last + DAY), timeZone),
    timeZone,
  };
}
