import { describe, expect, it } from 'vitest';
import { countryRecords } from './data.ts';

const byAlpha2 = new Map(countryRecords.map((r) => [r[0], r]));

describe('ISO 3166-1 country list', () => {
  it('holds every officially assigned code once', () => {
    expect(countryRecords).toHaveLength(249);
    const alpha2 = countryRecords.map((r) => r[0]);
    const alpha3 = countryRecords.map((r) => r[1]);
    expect(new Set(alpha2).size).toBe(249);
    expect(new Set(alpha3).size).toBe(249);
    for (const code of alpha2) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of alpha3) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('is sorted by alpha-2', () => {
    const alpha2 = countryRecords.map((r) => r[0]);
    expect(alpha2).toEqual([...alpha2].sort());
  });

  it('gives every entry names, a currency and a phone code', () => {
    for (const [alpha2, , nameEn, nameZh, currency, phoneCode] of countryRecords) {
      expect(nameEn.trim(), alpha2).not.toBe('');
      expect(nameZh.trim(), alpha2).not.toBe('');
      expect(currency, alpha2).toMatch(/^[A-Z]{3}$/);
      expect(phoneCode, alpha2).toMatch(/^\+\d{1,4}$/);
    }
  });

  it.each([
    ['CN', 'CHN', 'China', '中国', 'CNY', '+86'],
    ['SG', 'SGP', 'Singapore', '新加坡', 'SGD', '+65'],
    ['MY', 'MYS', 'Malaysia', '马来西亚', 'MYR', '+60'],
    ['TH', 'THA', 'Thailand', '泰国', 'THB', '+66'],
    ['VN', 'VNM', 'Vietnam', '越南', 'VND', '+84'],
    ['PH', 'PHL', 'Philippines', '菲律宾', 'PHP', '+63'],
    ['ID', 'IDN', 'Indonesia', '印度尼西亚', 'IDR', '+62'],
    ['US', 'USA', 'United States', '美国', 'USD', '+1'],
    ['GB', 'GBR', 'United Kingdom', '英国', 'GBP', '+44'],
    ['DE', 'DEU', 'Germany', '德国', 'EUR', '+49'],
    ['JP', 'JPN', 'Japan', '日本', 'JPY', '+81'],
    ['BR', 'BRA', 'Brazil', '巴西', 'BRL', '+55'],
    ['HK', 'HKG', 'Hong Kong', '中国香港', 'HKD', '+852'],
    ['MO', 'MAC', 'Macao', '中国澳门', 'MOP', '+853'],
    ['TW', 'TWN', 'Taiwan', '中国台湾', 'TWD', '+886'],
    ['AQ', 'ATA', 'Antarctica', '南极洲', 'USD', '+672'],
  ])('%s is %s, %s (%s), %s, %s', (alpha2, alpha3, nameEn, nameZh, currency, phoneCode) => {
    expect(byAlpha2.get(alpha2)).toEqual([alpha2, alpha3, nameEn, nameZh, currency, phoneCode]);
  });
});
