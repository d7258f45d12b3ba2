import { z } from 'zod';

/** What every part of marketplace publishing shares: platforms, regions, listing states and actions. */

export const MarketPlatforms = ['LAZADA', 'SHOPEE'] as const;
export type MarketPlatform = (typeof MarketPlatforms)[number];

/** Lazada's ventures (domain §1.1) and the Shopee markets this product sells in; ISO 3166 codes. */
export const PlatformRegions: Record<MarketPlatform, readonly string[]> = {
  LAZADA: ['MY', 'SG', 'TH', 'VN', 'PH', 'ID'],
  SHOPEE: ['MY', 'SG', 'TH', 'VN', 'PH', 'ID', 'TW', 'BR'],
};

/** The currency a marketplace site sells in. */
export const RegionCurrencies: Record<string, string> = {
  MY: 'MYR',
  SG: 'SGD',
  TH: 'THB',
  VN: 'VND',
  PH: 'PHP',
  ID: 'IDR',
  TW: 'TWD',
  BR: 'BRL',
};

/**
 * What a marketplace item or a listing says of its SKUs: the lowest price, exact decimal text in
 * `currency` (null without one), and the units over all of them.
 */
export const skuPriceAndStock = { price: z.string().nullable(), currency: z.string(), stock: z.number().int() };

/** A marketplace SKU as the seller sends and reads it: its seller SKU, price (exact decimal text) and units. */
export const sellerSkuOffer = { sellerSku: z.string(), price: z.string(), quantity: z.number().int() };

/** Listing status codes (spec §4). */
export const ListingStatus = {
  Queue: 1,
  Process: 2,
  Success: 3,
  Failure: 4,
  Hold: 5,
  Cancel: 6,
  Offline: 10,
  Refreshing: 20,
} as const;
export type ListingStatusCode = (typeof ListingStatus)[keyof typeof ListingStatus];
export const ListingStatusCodes = Object.values(ListingStatus) as ListingStatusCode[];
export const listingStatusName = (code: number): string =>
  Object.entries(ListingStatus).find(([, v]) => v === code)?.[0] ?? String(code);

/** What a user may do to one listing (spec §4); bulk pause and bulk cancel apply pause and cancel per row. */
export const ListingActions = ['pause', 'resume', 'cancel', 'refresh', 'online', 'offline', 'drop'] as const;
export type ListingAction = (typeof ListingActions)[number];

/** Where an action leads: a state, `deleted` (the local row goes), or work the worker does first. */
export type ListingActionResult = ListingStatusCode | 'deleted';

const S = ListingStatus;
/**
 * The transition table (domain §8.3, decided here): state × action → result. A missing entry is
 * refused with 409. Online, offline and a drop of an item that exists on the marketplace are
 * platform writes: the listing goes to Process and the worker ends it in the state named by the
 * operation (Success, Offline, deleted) or back where it was. Process and Refreshing belong to the
 * worker: nothing is accepted while a write or a read is in flight.
 */
export const listingTransitions: Record<ListingStatusCode, Partial<Record<ListingAction, ListingActionResult>>> = {
  [S.Queue]: { pause: S.Hold, cancel: S.Cancel, drop: 'deleted' },
  [S.Process]: {},
  [S.Success]: { refresh: S.Refreshing, offline: S.Process },
  [S.Failure]: { pause: S.Hold, resume: S.Queue, cancel: S.Cancel, refresh: S.Refreshing, drop: 'deleted' },
  [S.Hold]: { resume: S.Queue, cancel: S.Cancel, drop: 'deleted' },
  [S.Cancel]: { drop: 'deleted' },
  [S.Offline]: { refresh: S.Refreshing, online: S.Process, drop: S.Process },
  [S.Refreshing]: {},
};

/**
 * The actions a listing allows now. A refresh needs an item on the marketplace; a drop of a failed
 * listing whose item exists deletes that item first (through Process).
 */
export function allowedListingActions(listing: { status: number; platformItemId: string | null }): ListingAction[] {
  const row = listingTransitions[listing.status as ListingStatusCode] ?? {};
  return ListingActions.filter((action) => {
    if (!(action in row)) return false;
    if (action === 'refresh' && listing.platformItemId === null) return false;
    return true;
  });
}

/** Hub event (server → the tenant's connections): listings changed state or progressed. */
export const LISTING_CHANGED_EVENT = 'listing-changed';
export interface ListingChangedEvent {
  /** The listings that changed, with their new state. */
  listings: Array<{ id: string; shopId: string; productId: string; status: number; lastErrorMessage: string | null }>;
}
