import { ReportCategory } from '@seller/contracts/crm';
import { DAY_MS, midnight, parseDay, today, ymd } from '../../../core/time.ts';

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

const DAY = DAY_MS;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const parse = parseDay;

export { midnight, today };

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

/** The report row's columns that say its period `p`. */
export const periodColumns = (p: Period) => ({
  category: p.category,
  period: p.period,
  startDate: p.startDate,
  endDate: p.endDate,
  periodStart: p.start,
  periodEnd: p.end,
});
