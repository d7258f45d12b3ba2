import { TradePermissions } from '@seller/contracts';
import { defineList, filter } from '@seller/contracts/lists';
import { type SalesOrderStatus, salesOrderList } from '@seller/contracts/trade';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../../components/list/index.ts';
import { localize } from '../../../../lib/i18n/index.ts';
import { type SiteDto, type SiteOrderRow, SL, siteOrdersUrl, tradeOrderHref } from '../../api.ts';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';

const P = TradePermissions.Orders;

/**
 * Trade's sales order list as a site's online orders: the same columns, tabs and texts, without
 * what only a marketplace order has (its shop, platform and the platform's order number), and with
 * the site as a member of the list (fixed by the page, so kept in the URL beside the list's own).
 */
const { shopId: _shop, platform: _platform, ...orderFilters } = salesOrderList.spec.filters;
const siteOrderList = defineList({
  ...salesOrderList.spec,
  filters: { ...orderFilters, siteId: filter.ref('Site') },
});

/** Trade's colours of the order statuses. */
const STATUS_COLOR: Record<SalesOrderStatus, string> = {
  Pending: 'default',
  Paid: 'blue',
  Processing: 'processing',
  Outofstock: 'error',
  Packaged: 'cyan',
  PartiallyShipped: 'geekblue',
  Shipped: 'geekblue',
  Delivered: 'green',
  Completed: 'success',
  Cancel: 'default',
  PartiallyRefunded: 'orange',
  Refunded: 'warning',
};

/** One site's orders: the list kit over trade's orders of source SITE; an order opens on trade's page. */
function SiteOrders({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const navigate = useNavigate();
  const open = (r: SiteOrderRow) => navigate(tradeOrderHref(r));
  return (
    <ListPage<SiteOrderRow>
      list={siteOrderList}
      url={siteOrdersUrl}
      testid="site-orders"
      title={SL('SiteOrders')}
      hint={<Typography.Paragraph type="secondary">{SL('SiteOrdersHint')}</Typography.Paragraph>}
      fixed={{ source: 'SITE', siteId: site.id }}
      omit={['shopName', 'platformOrderId', 'platformStatus']}
      exportPermission={`${P}.Export`}
      toolbar={picker}
      render={{
        orderNo: (r) => (
          <Typography.Link
            href={tradeOrderHref(r)}
            onClick={(e) => {
              e.preventDefault();
              open(r);
            }}
            data-testid={`site-order-open-${r.orderNo}`}
          >
            {r.orderNo}
          </Typography.Link>
        ),
        status: (r) => <Tag color={STATUS_COLOR[r.status]}>{localize(`SalesOrders::Status:${r.status}`)}</Tag>,
      }}
    />
  );
}

/**
 * /publishingPlatform/site/order (在线订单): the orders shoppers placed on one site (the site kept
 * in the URL): trade's sales orders of source SITE with their status tabs and counts, filters,
 * search, sort and export; an order opens on trade's sales orders page, where it is handled.
 */
export default function SiteOrderPage() {
  const scope = useSiteScope('site-orders');
  return (
    <SiteScoped scope={scope} title={SL('SiteOrders')}>
      {(site) => <SiteOrders key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
