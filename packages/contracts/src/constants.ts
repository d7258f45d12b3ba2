/** Constants fixed by the specification (sections 3, 4 and 9). */
export const PlatformType = {
  None: 0,
  WinCe: 2,
  WinForm: 4,
  Desktop: 6,
  WebForm: 8,
  WebMvc: 16,
  WebMvvm: 32,
  Web: 56,
  Android: 64,
  iOS: 128,
  Mobile: 192,
  MiniProgram: 256,
  All: 510,
} as const;

export const VerifyType = { Register: 0, Signin: 10, ResetPassword: 20 } as const;
export const NotificationSeverity = { Success: 0, Info: 10, Warn: 20, Error: 30, Fatal: 40 } as const;
export const NotificationReadState = { Read: 0, UnRead: 1 } as const;
export const NotificationLifetime = { Persistent: 0, OnlyOne: 1 } as const;
export const NotificationType = { Application: 0, System: 10, User: 20 } as const;

/** Supplier payment terms (spec §3: payment types; settlement form and cycle options in units of 5). */
export const PaymentType = { Cash: 5, BACS: 10, Alipay: 15, WeChat: 20 } as const;
export const SettlementForm = { CashOnDelivery: 5, PaymentBeforeDelivery: 10, Periodic: 15 } as const;
export const SettlementCycle = { Weekly: 5, HalfMonthly: 10, Monthly: 15, Quarterly: 20 } as const;

export const Limits = {
  maxResultCount: 1000,
  defaultPageSize: 10,
  plainPagedSize: 25,
  productNameMinLength: 3,
  notificationListCap: 20,
  notificationPanelHeight: 200,
  hubReconnectDelayMs: 60000,
  httpTimeoutMs: 30000,
  configurationTimeoutMs: 120000,
  errorNotificationMs: 5000,
  serviceWorkerCheckMs: 3600000,
  mobileBreakpoint: 992,
  tabContextMenuWidth: 105,
} as const;

export const Cultures = ['zh-Hans', 'en'] as const;
export type Culture = (typeof Cultures)[number];
export const DefaultCulture: Culture = 'zh-Hans';

export const ThemeColors = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const SidebarColors = { background: '#304156', text: '#bfcbd9', active: '#409eff' } as const;

/** Headers and cookie names of the wire contract. */
export const TenantKey = '__tenant';
export const HubPath = '/signalr-hubs/signalr-hubs/notifications';

/** Product lifecycle, "PMS status" (domain §3.3). */
export const PmsStatus = {
  AutoCreated: 0,
  Developing: 1,
  TrialSale: 2,
  OnSale: 3,
  Clearance: 4,
  Discontinued: 5,
} as const;

/** Allowed PMS status moves (domain §3.3 read as a lifecycle); the server answers others with 409. */
export const PmsTransitions: Record<number, readonly number[]> = {
  [PmsStatus.AutoCreated]: [PmsStatus.Developing, PmsStatus.Discontinued],
  [PmsStatus.Developing]: [PmsStatus.TrialSale, PmsStatus.OnSale, PmsStatus.Discontinued],
  [PmsStatus.TrialSale]: [PmsStatus.OnSale, PmsStatus.Clearance, PmsStatus.Discontinued],
  [PmsStatus.OnSale]: [PmsStatus.Clearance, PmsStatus.Discontinued],
  [PmsStatus.Clearance]: [PmsStatus.OnSale, PmsStatus.Discontinued],
  [PmsStatus.Discontinued]: [PmsStatus.OnSale],
};

/** Shipping-relevant special attributes of a product (domain §3.2). */
export const ProductSpecialAttributes = ['battery', 'pureBattery', 'liquid', 'powder', 'paste', 'magnetic'] as const;

/** Target market of a product (spec §5 "region"): the Lazada and Shopee markets and the own storefront. */
export const ProductRegions = ['MY', 'SG', 'TH', 'PH', 'VN', 'ID', 'TW', 'BR', 'GLOBAL'] as const;

/** What kind of selling item a product is (domain §3.2 `sales_type`); spec §5: at least one. */
export const ProductSalesTypes = ['normal', 'variation', 'bundle', 'assembly'] as const;

/** Where a product comes from (spec §5 "resource"): own development, collected from a marketplace, a supplier's catalogue, a factory. */
export const ProductResources = ['selfDeveloped', 'collected', 'supplier', 'factory'] as const;
