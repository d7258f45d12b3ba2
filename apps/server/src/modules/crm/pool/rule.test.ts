import { describe, expect, it } from 'vitest';
import { type RuleCustomer, returnReason, returnsToPool } from './rule.ts';

/**
 * The auto-return rule as a pure function over an injected clock (domain §6.2), against hand-worked
 * cases: contact after 30 days without a follow-up, deal after 90 days without a deal. `now` is
 * 2026-05-01T12:00Z, so the contact cut-off is 2026-04-01T12:00Z and the deal cut-off
 * 2026-01-31T12:00Z.
 */

const now = new Date('2026-05-01T12:00:00Z');
const rule = { contactExpireDays: 30, dealExpireDays: 90 };
const at = (iso: string) => new Date(iso);
const customer = (over: Partial<RuleCustomer>): RuleCustomer => ({
  ownerUserId: 'u1',
  ownerTime: at('2026-04-20T00:00:00Z'),
  lockStatus: false,
  dealStatus: false,
  contactLastTime: null,
  ...over,
});

describe('auto-return rule', () => {
  it('keeps a customer owned for less than both periods', () => {
    expect(returnReason(customer({}), rule, now)).toBeNull();
  });

  it('returns one owned longer than the deal period, even if followed up yesterday', () => {
    const c = customer({ ownerTime: at('2026-01-31T11:59:59Z'), contactLastTime: at('2026-04-30T00:00:00Z') });
    expect(returnReason(c, rule, now)).toBe('NO_DEAL');
  });

  it('keeps one owned exactly the deal period (the comparison is strict)', () => {
    const c = customer({ ownerTime: at('2026-01-31T12:00:00Z'), contactLastTime: at('2026-04-30T00:00:00Z') });
    expect(returnsToPool(c, rule, now)).toBe(false);
  });

  it('returns one owned past the contact period and never followed up', () => {
    const c = customer({ ownerTime: at('2026-03-01T00:00:00Z'), contactLastTime: null });
    expect(returnReason(c, rule, now)).toBe('NO_FOLLOW_UP');
  });

  it('returns one owned past the contact period whose last follow-up is older than the period', () => {
    const c = customer({ ownerTime: at('2026-03-01T00:00:00Z'), contactLastTime: at('2026-04-01T11:59:59Z') });
    expect(returnReason(c, rule, now)).toBe('NO_FOLLOW_UP');
  });

  it('keeps one owned past the contact period but followed up within it', () => {
    const c = customer({ ownerTime: at('2026-03-01T00:00:00Z'), contactLastTime: at('2026-04-01T12:00:00Z') });
    expect(returnsToPool(c, rule, now)).toBe(false);
  });

  it('keeps one taken recently even if its last follow-up (by a former owner) is old', () => {
    const c = customer({ ownerTime: at('2026-04-15T00:00:00Z'), contactLastTime: at('2025-01-01T00:00:00Z') });
    expect(returnsToPool(c, rule, now)).toBe(false);
  });

  it('exempts locked and dealt customers, and pool customers', () => {
    const old = { ownerTime: at('2025-01-01T00:00:00Z') };
    expect(returnsToPool(customer({ ...old, lockStatus: true }), rule, now)).toBe(false);
    expect(returnsToPool(customer({ ...old, dealStatus: true }), rule, now)).toBe(false);
    expect(returnsToPool(customer({ ...old, ownerUserId: null }), rule, now)).toBe(false);
    expect(returnsToPool(customer({ ...old }), rule, now)).toBe(true);
  });

  it('follows the clock: the same customer returns once the clock passes its cut-off', () => {
    const c = customer({ ownerTime: at('2026-04-01T12:00:00Z') });
    expect(returnsToPool(c, rule, at('2026-05-01T12:00:00Z'))).toBe(false);
    expect(returnsToPool(c, rule, at('2026-05-01T12:00:01Z'))).toBe(true);
  });
});
