import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect } from 'react';
import { LI, type ListingShop, listingKeys, listingsApi } from '../../api.ts';

/** The authorized shops of a platform. */
export function usePlatformShops(platform: MarketPlatform) {
  const shops = useQuery({ queryKey: listingKeys.shops(platform), queryFn: () => listingsApi.shops(platform) });
  const items = (shops.data?.items ?? []).filter((s) => s.platform === platform && s.authorized);
  return { shops: items, loading: shops.isLoading };
}

/**
 * A select of a platform's authorized shops; picks the first one when nothing is chosen yet, so a
 * page opens on a shop.
 */
export function ShopPicker({
  platform,
  value,
  onChange,
  testid = 'shop-picker',
  autoPick = true,
  width = 220,
}: {
  platform: MarketPlatform;
  value: string | undefined;
  onChange: (shopId: string | undefined, shop: ListingShop | undefined) => void;
  testid?: string;
  autoPick?: boolean;
  width?: number;
}) {
  const { shops, loading } = usePlatformShops(platform);
  useEffect(() => {
    if (autoPick && !value && shops.length) onChange(shops[0].id, shops[0]);
  }, [autoPick, value, shops, onChange]);
  return (
    <Select
      style={{ width }}
      placeholder={LI('PickShop')}
      loading={loading}
      value={value}
      notFoundContent={LI('NoShop')}
      options={shops.map((s) => ({ value: s.id, label: `${s.name} · ${s.regions.join('/')}` }))}
      onChange={(id: string) =>
        onChange(
          id,
          shops.find((s) => s.id === id),
        )
      }
      data-testid={testid}
    />
  );
}
