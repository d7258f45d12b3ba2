import { describe, expect, it } from 'vitest';
import { lazadaSign, lazadaSignBase, shopeeSign, shopeeSignBase } from './signing.ts';

describe('Lazada request signing', () => {
  const params = {
    app_key: '123456',
    timestamp: '1517820392000',
    sign_method: 'sha256',
    access_token: 'test',
    order_id: '1234',
  };

  it('matches the test vector Lazada publishes (secret helloworld, /order/get)', () => {
    expect(lazadaSignBase('/order/get', params)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
    expect(lazadaSign('/order/get', params, 'helloworld')).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('sorts names in ASCII order, signs an empty value as its name, leaves out sign and what is not sent', () => {
    expect(lazadaSignBase('/x', { foobar: 4, foo_bar: 3, foo: 2, bar: 1 })).toBe('/xbar1foo2foo_bar3foobar4');
    expect(lazadaSignBase('/x', { b: 'B', sign: 'ABC', a: '', c: null, d: undefined })).toBe('/xabB');
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(lazadaSign('/order/get', reversed, 'helloworld')).toBe(lazadaSign('/order/get', params, 'helloworld'));
    // a change of any value or of the secret changes the signature
    expect(lazadaSign('/order/get', { ...params, order_id: '1235' }, 'helloworld')).not.toBe(
      lazadaSign('/order/get', params, 'helloworld'),
    );
    expect(lazadaSign('/order/get', params, 'hello')).not.toBe(lazadaSign('/order/get', params, 'helloworld'));
  });
});

describe('Shopee request signing', () => {
  it('builds the base string of a shop call in Shopee’s order (its documented example)', () => {
    const parts = {
      partnerId: 2001887,
      path: '/api/v2/shop/get_shop_info',
      timestamp: 1655714431,
      accessToken: '59777174636562737266615546704c6d',
      shopId: 14701711,
    };
    expect(shopeeSignBase(parts)).toBe(
      '2001887/api/v2/shop/get_shop_info165571443159777174636562737266615546704c6d14701711',
    );
    expect(shopeeSign(parts, 'partner-key')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs public calls without token or shop, merchant calls with the merchant, and refuses a token without either', () => {
    const auth = { partnerId: 1, path: '/api/v2/auth/token/get', timestamp: 1700000000 };
    expect(shopeeSignBase(auth)).toBe('1/api/v2/auth/token/get1700000000');
    expect(shopeeSignBase({ ...auth, accessToken: 't', merchantId: 9 })).toBe('1/api/v2/auth/token/get1700000000t9');
    expect(() => shopeeSignBase({ ...auth, accessToken: 't' })).toThrow();
    expect(shopeeSign(auth, 'k1')).not.toBe(shopeeSign(auth, 'k2'));
  });
});
