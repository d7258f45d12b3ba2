import { MarketPlatforms } from '@seller/contracts/marketplaces';
import { useQuery } from '@tanstack/react-query';
import { Card, Checkbox, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { type ListingShop, LL, listingKeys, listingsApi, platformLabel } from '../../api.ts';

/** Shops whose tokens work: the only ones a listing can be published to. */
const usable = (s: ListingShop) => s.status === 'active' || s.status === 'expiring';
const shopsPath = (p: string) => `/publishingPlatform/${p.toLowerCase()}/shop${platformLabel(p)}`;

/** Step 2: the Lazada and Shopee shops, side by side; a shop that is not authorized cannot be chosen. */
export function ShopChooser({ value, onChange, max }: { value: string[]; onChange(ids: string[]): void; max: number }) {
  const shops = useQuery({ queryKey: listingKeys.shops(), queryFn: () => listingsApi.shops() });
  if (shops.isLoading) return <Spin />;
  const all = shops.data?.items ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== id), id].slice(0, max) : value.filter((v) => v !== id));
  return (
    <Row gutter={16} data-testid="publish-shops">
      {MarketPlatforms.map((p) => {
        const list = all.filter((s) => s.platform === p);
        return (
          <Col xs={24} md={12} key={p}>
            <Card size="small" title={platformLabel(p)} data-testid={`publish-shops-${p}`}>
              {list.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={LL('Page:NoShops', platformLabel(p))}>
                  <Link to={shopsPath(p)}>{LL('Page:ManageShops')}</Link>
                </Empty>
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {list.map((s) => (
                    <Checkbox
                      key={s.id}
                      checked={value.includes(s.id)}
                      disabled={!usable(s) || (!value.includes(s.id) && value.length >= max)}
                      onChange={(e) => toggle(s.id, e.target.checked)}
                      data-testid={`publish-shop-${s.name}`}
                    >
                      <Space size={4} wrap>
                        <span>{s.name}</span>
                        <Typography.Text type="secondary">{s.regions.join(' · ')}</Typography.Text>
                        {!usable(s) && <Tag color="warning">{LL('Page:ShopUnusable')}</Tag>}
                      </Space>
                    </Checkbox>
                  ))}
                </Space>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
