import { CloudUploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { OptionalLink } from '../../../../components/OptionalLink.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { http } from '../../../../lib/http/index.ts';
import { localize } from '../../../../lib/i18n/index.ts';
import { LC } from '../../api.ts';

/**
 * The product's listings, one per marketplace shop, read from marketplace publishing by URL
 * (`/api/catalog/listing/channel-listing`): features never import each other, so the shape, the
 * status colours and the paths are written here as the listing contract and menus give them.
 */
interface ChannelListing {
  listingId: string;
  shopId: string;
  shopName: string;
  platform: string;
  region: string;
  status: number;
  platformItemId: string | null;
  itemUrl: string | null;
  price: string | null;
  currency: string;
  lastError: string | null;
}

const READ = 'Marketplaces.Listings';
const PUBLISH = 'Marketplaces.Listings.Create';
const PUBLISH_PATH = '/publishingPlatform/publishs/publish-lazada-shopee';
const publishedPath = (platform: string) => `/publishingPlatform/${platform.toLowerCase()}/published`;
const platformName = (p: string) => (p === 'LAZADA' ? 'Lazada' : p === 'SHOPEE' ? 'Shopee' : p);
/** Listing states (spec §4) → tag colour, as on the published pages. */
const statusColor: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
  5: 'warning',
  6: 'default',
  10: 'purple',
  20: 'cyan',
};
const LL = (key: string, ...args: unknown[]) => localize(`Listings::${key}`, ...args);

export function ProductListings({ productId }: { productId: string }) {
  const access = useAccess();
  const canRead = access.can(READ);
  const listings = useQuery({
    queryKey: ['marketplaces', 'listings', 'channel', productId],
    queryFn: () => http.get<{ items: ChannelListing[] }>('/api/catalog/listing/channel-listing', { productId }),
    enabled: canRead,
  });
  const items = listings.data?.items ?? [];
  const publish = access.can(PUBLISH) ? (
    <Link to={`${PUBLISH_PATH}?productIds=${productId}`} data-testid="product-listings-publish">
      <CloudUploadOutlined /> {LL('Page:PublishThis')}
    </Link>
  ) : null;
  return (
    <Card title={LC('Listings')} size="small" data-testid="product-listings" extra={items.length > 0 && publish}>
      {!canRead || (!listings.isLoading && items.length === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canRead ? LL('Page:NoListings') : LC('ListingsHint')}>
          {canRead && publish}
        </Empty>
      ) : (
        <SmallTable<ChannelListing>
          rowKey="listingId"
          loading={listings.isLoading}
          scroll={{ x: 'max-content' }}
          dataSource={items}
          columns={[
            { key: 'platform', title: LL('Page:Platform'), render: (_v, r) => platformName(r.platform) },
            {
              key: 'shop',
              title: LL('Page:Shop'),
              render: (_v, r) => (
                <Link to={publishedPath(r.platform)}>
                  {r.shopName} · {r.region}
                </Link>
              ),
            },
            {
              key: 'status',
              title: LL('Page:Status'),
              dataIndex: 'status',
              render: (s: number, r) => (
                <Tag color={statusColor[s] ?? 'default'} data-testid={`product-listing-status-${r.shopName}`}>
                  {LL(`Status:${s}`)}
                </Tag>
              ),
            },
            {
              key: 'itemId',
              title: LL('Page:ItemId'),
              render: (_v, r) => <OptionalLink text={r.platformItemId} href={r.itemUrl} />,
            },
            {
              key: 'price',
              title: LL('Page:Price'),
              align: 'right',
              render: (_v, r) => (r.price === null ? '—' : `${r.price} ${r.currency}`),
            },
            {
              key: 'lastError',
              title: LL('Page:LastError'),
              render: (_v, r) =>
                r.lastError ? (
                  <Typography.Text type="danger" ellipsis style={{ maxWidth: 280 }} title={r.lastError}>
                    {r.lastError}
                  </Typography.Text>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
