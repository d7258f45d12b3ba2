import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FileImage } from '../../../../components/FileImage.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { type CartDto, cartsApi, SL, sitekitShopKeys, tradeOrderHref } from '../../api.ts';

const L = (key: string) => SL(`DisplayName:${key}`);
type Line = CartDto['lines'][number];

export const CART_STATUS_COLOR: Record<CartDto['status'], string> = {
  ACTIVE: 'processing',
  ABANDONED: 'warning',
  CONVERTED: 'success',
  RECOVERED: 'cyan',
};

const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const money = (amount: string, currency: string) => `${amount} ${currency}`;

/** The delivery address, one line after another. */
function Address({ a }: { a: NonNullable<CartDto['address']> }) {
  return (
    <div data-testid="cart-address">
      <div>
        {a.name} {a.phone}
      </div>
      <div>{[a.line1, a.line2].filter(Boolean).join(', ')}</div>
      <div>{[a.postCode, a.city, a.state, a.countryCode].filter(Boolean).join(' ')}</div>
    </div>
  );
}

/** One cart as the back-office sees it: who, its lines, the amounts, the address and its order. */
export function CartDrawer({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose(): void;
  actions(c: CartDto): ReactNode;
}) {
  const cart = useQuery({
    enabled: Boolean(id),
    queryKey: sitekitShopKeys.cart(id ?? ''),
    queryFn: () => cartsApi.get(id!),
  });
  const c = cart.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={720}
      title={c ? SL('CartOf', c.contactName || c.email || SL('UnknownShopper')) : SL('Cart')}
      extra={c && <Space>{actions(c)}</Space>}
      destroyOnHidden
    >
      {cart.isLoading || !c ? (
        <Skeleton active />
      ) : (
        <div data-testid="cart-detail">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'status',
                label: L('Status'),
                children: <Tag color={CART_STATUS_COLOR[c.status]}>{SL(`CartStatus:${c.status}`)}</Tag>,
              },
              {
                key: 'email',
                label: L('Email'),
                children: c.email ?? <Typography.Text type="secondary">{SL('NoEmail')}</Typography.Text>,
              },
              { key: 'name', label: L('Name'), children: c.contactName ?? '—' },
              {
                key: 'shopper',
                label: L('Shopper'),
                children: c.shopperId ? SL('RegisteredShopper') : SL('GuestShopper'),
              },
              { key: 'lastChangeAt', label: L('LastChangeAt'), children: at(c.lastChangeAt) },
              { key: 'creationTime', label: L('CreationTime'), children: at(c.creationTime) },
              ...(c.abandonedAt ? [{ key: 'abandonedAt', label: L('AbandonedAt'), children: at(c.abandonedAt) }] : []),
              ...(c.recoveryNoticeAt
                ? [{ key: 'recoveryNoticeAt', label: L('RecoveryNoticeAt'), children: at(c.recoveryNoticeAt) }]
                : []),
              ...(c.orderNo
                ? [
                    {
                      key: 'orderNo',
                      label: L('OrderNo'),
                      children: <Link to={tradeOrderHref({ id: c.orderId, orderNo: c.orderNo })}>{c.orderNo}</Link>,
                    },
                  ]
                : []),
            ]}
          />
          <SmallTable<Line>
            rowKey="id"
            style={{ marginTop: 16 }}
            dataSource={c.lines}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SL('CartEmpty')} /> }}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'title',
                title: L('Product'),
                render: (_v, l) => (
                  <Space>
                    {l.imageUrl?.startsWith('/api/files/') ? (
                      <FileImage url={l.imageUrl} size={40} alt={l.title} />
                    ) : (
                      l.imageUrl && <Image src={l.imageUrl} alt={l.title} width={40} height={40} />
                    )}
                    <div>
                      <div>{l.title}</div>
                      <Typography.Text type="secondary">{l.label}</Typography.Text>
                    </div>
                  </Space>
                ),
              },
              { key: 'sku', title: L('Sku'), dataIndex: 'sku' },
              { key: 'quantity', title: L('Quantity'), dataIndex: 'quantity', align: 'right' },
              {
                key: 'unitPrice',
                title: L('UnitPrice'),
                align: 'right',
                render: (_v, l) => money(l.unitPrice, c.currency),
              },
              { key: 'amount', title: L('Amount'), align: 'right', render: (_v, l) => money(l.amount, c.currency) },
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 16, maxWidth: 360, marginInlineStart: 'auto' }}
            items={[
              { key: 'subtotal', label: L('Subtotal'), children: money(c.subtotal, c.currency) },
              {
                key: 'shipping',
                label: L('Shipping'),
                children:
                  c.shippingFee === null ? (
                    <Typography.Text type="secondary">{SL('ShippingNotChosen')}</Typography.Text>
                  ) : (
                    money(c.shippingFee, c.currency)
                  ),
              },
              {
                key: 'total',
                label: L('Total'),
                children: (
                  <Typography.Text strong data-testid="cart-total">
                    {money(c.total, c.currency)}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'address',
                label: L('Address'),
                children: c.address ? (
                  <Address a={c.address} />
                ) : (
                  <Typography.Text type="secondary">{SL('NoAddress')}</Typography.Text>
                ),
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
