import { describe, expect, it } from 'vitest';
import { midnight, periodOf, today } from './period.ts';

describe('the period of a report', () => {
  it('a daily report covers its day, bounded at midnight of the time zone', () => {
    const p = periodOf(1, '2026-11-24', 'Asia/Shanghai');
    expect(p).toMatchObject({ period: '2026-11-24', startDate: '2026-11-24', endDate: '2026-11-24' });
    expect(p.start.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(periodOf(1, '2026-11-24', 'UTC').start.toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('a weekly report covers the ISO week, Monday to Sunday, named by the ISO week-numbering year', () => {
    expect(periodOf(2, '2026-11-24', 'UTC')).toMatchObject({
      period: '2026-W48',
      startDate: '2026-11-23',
      endDate: '2026-11-29',
    });
    expect(periodOf(2, '2026-11-29', 'UTC').period).toBe('2026-W48');
    expect(periodOf(2, '2026-11-30', 'UTC').period).toBe('2026-W49');
    // 1 January 2027 is a Friday: still week 53 of 2026
    expect(periodOf(2, '2027-01-01', 'UTC')).toMatchObject({
      period: '2026-W53',
      startDate: '2026-12-28',
      endDate: '2027-01-03',
    });
    // 31 December 2024 is a Tuesday: week 1 of 2025
    expect(periodOf(2, '2024-12-31', 'UTC').period).toBe('2025-W01');
  });

  it('a monthly report covers the calendar month', () => {
    expect(periodOf(3, '2028-02-10', 'UTC')).toMatchObject({
      period: '2028-02',
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
    const p = periodOf(3, '2026-12-31', 'Asia/Shanghai');
    expect(p.end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('midnight follows daylight saving, and today is the time zone’s date', () => {
    expect(midnight('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(midnight('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(today('Asia/Shanghai', new Date('2026-11-24T17:00:00Z'))).toBe('2026-11-25');
    expect(today('UTC', new Date('2026-11-24T17:00:00Z'))).toBe('2026-11-24');
  });
});
