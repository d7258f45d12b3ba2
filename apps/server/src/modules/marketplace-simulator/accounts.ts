/**
 * The simulator's sellers: fixed accounts offered on the consent pages (and by
 * `POST /marketplace-sim/control/authorize {account}`).
 *
 * Lazada: an account has one seller per venture (country); the cross-border account `cb` covers
 * MY, SG, TH, VN, PH and ID, and its token's `country` is "cb". A Lazada shop is a seller id.
 * Shopee: an account is one shop (`shop_id`) of one region.
 */

export type SimPlatform = 'lazada' | 'shopee';

export const currencies: Record<string, string> = {
  MY: 'MYR',
  SG: 'SGD',
  TH: 'THB',
  VN: 'VND',
  PH: 'PHP',
  ID: 'IDR',
};

export interface LazadaSeller {
  country: string;
  sellerId: string;
  userId: string;
  shortCode: string;
}

export interface LazadaAccount {
  key: string;
  label: string;
  labelZh: string;
  /** The login shown in `account` of the token answer. */
  email: string;
  /** `cb` for the cross-border account, else the country in lower case. */
  country: string;
  sellers: LazadaSeller[];
}

export interface ShopeeAccount {
  key: string;
  label: string;
  labelZh: string;
  shopId: string;
  region: string;
  shopName: string;
}

const lazadaSeller = (country: string, n: number): LazadaSeller => ({
  country,
  sellerId: String(1_000_100 + n),
  userId: String(2_000_100 + n),
  shortCode: `${country}${String(n).padStart(4, '0')}SIM`,
});

export const lazadaAccounts: LazadaAccount[] = [
  {
    key: 'demo-my',
    label: 'Demo Lazada MY seller',
    labelZh: '演示 Lazada 马来西亚卖家',
    email: 'demo-my@lazada.sim',
    country: 'my',
    sellers: [lazadaSeller('MY', 1)],
  },
  {
    key: 'demo-sg',
    label: 'Demo Lazada SG seller',
    labelZh: '演示 Lazada 新加坡卖家',
    email: 'demo-sg@lazada.sim',
    country: 'sg',
    sellers: [lazadaSeller('SG', 2)],
  },
  {
    key: 'demo-th',
    label: 'Demo Lazada TH seller',
    labelZh: '演示 Lazada 泰国卖家',
    email: 'demo-th@lazada.sim',
    country: 'th',
    sellers: [lazadaSeller('TH', 3)],
  },
  {
    key: 'cb',
    label: 'Demo Lazada cross-border seller (MY, SG, TH, VN, PH, ID)',
    labelZh: '演示 Lazada 跨境卖家（六国）',
    email: 'demo-cb@lazada.sim',
    country: 'cb',
    sellers: ['MY', 'SG', 'TH', 'VN', 'PH', 'ID'].map((c, i) => lazadaSeller(c, 11 + i)),
  },
];

export const shopeeAccounts: ShopeeAccount[] = ['MY', 'SG', 'TH', 'VN', 'PH', 'ID'].map((region, i) => ({
  key: `demo-${region.toLowerCase()}`,
  label: `Demo Shopee ${region} shop`,
  labelZh: `演示 Shopee ${region} 店铺`,
  shopId: String(600_101 + i),
  region,
  shopName: `Demo Shopee ${region} shop`,
}));

export const lazadaAccount = (key: string) => lazadaAccounts.find((a) => a.key === key);
export const shopeeAccount = (key: string) => shopeeAccounts.find((a) => a.key === key);
export const shopeeAccountByShop = (shopId: string) => shopeeAccounts.find((a) => a.shopId === shopId);

/** The Lazada seller a call acts for: the venture named in the path, else the account's first (MY for `cb`). */
export function lazadaSellerFor(account: LazadaAccount, venture?: string): LazadaSeller | undefined {
  if (!venture) return account.sellers[0];
  return account.sellers.find((s) => s.country === venture.toUpperCase());
}

/** Which seller id belongs to which account (Lazada), for the control API and orders. */
export function lazadaSellerById(sellerId: string): { account: LazadaAccount; seller: LazadaSeller } | undefined {
  for (const account of lazadaAccounts) {
    const seller = account.sellers.find((s) => s.sellerId === sellerId);
    if (seller) return { account, seller };
  }
  return undefined;
}
