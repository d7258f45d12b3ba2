import { SitekitPermissions } from '@seller/contracts';
import { cartList } from '@seller/contracts/sitekit';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Access, ConfirmButton, useRunAndRefresh } from '../../../../components/crud/index.ts';
import { ListPage, useIdInUrl } from '../../../../components/list/index.ts';
import { type CartDto, cartsApi, type SiteDto, SL, tradeOrderHref } from '../../api.ts';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';
import { CART_STATUS_COLOR, CartDrawer } from './CartDrawer.tsx';

const P = SitekitPermissions.Carts;

/** Only an abandoned cart with an e-mail can be reminded. */
const recoverable = (c: CartDto) => c.status === 'ABANDONED' && Boolean(c.email);

/** A cart's actions (its row's, its drawer's): the recovery notice and the delete, each asking first. */
function CartActions({
  c,
  act,
  link = true,
  onDeleted,
}: {
  c: CartDto;
  act(run: () => Promise<unknown>, done?: string): Promise<void>;
  link?: boolean;
  onDeleted?(): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {recoverable(c) && (
        <Access permission={`${P}.Recover`}>
          <ConfirmButton
            link={link}
            title={SL('SendRecoveryConfirm', c.email)}
            description={c.recoveryNoticeAt ? SL('RecoveryAlreadySent') : undefined}
            onConfirm={() => act(() => cartsApi.sendRecovery(c.id), SL('RecoveryNoticeSent', c.email))}
            testid={`cart-recover-${c.id}${link ? '' : '-drawer'}`}
          >
            {SL('SendRecovery')}
          </ConfirmButton>
        </Access>
      )}
      <Access permission={`${P}.Delete`}>
        <ConfirmButton
          danger
          link={link}
          title={SL('DeleteCartConfirm', c.contactName || c.email || SL('UnknownShopper'))}
          description={t('crud.deleteWarning')}
          okText={t('crud.delete')}
          onConfirm={async () => {
            await act(() => cartsApi.remove(c.id), t('crud.deleted'));
            onDeleted?.();
          }}
          testid={`cart-delete-${c.id}${link ? '' : '-drawer'}`}
        >
          {t('crud.delete')}
        </ConfirmButton>
      </Access>
    </>
  );
}

/** One site's carts: the list kit's page with their status tabs, a cart opened in a drawer. */
function Carts({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const queryClient = useQueryClient();
  const { openId, open } = useIdInUrl(true);
  const act = useRunAndRefresh(() => queryClient.invalidateQueries({ queryKey: [cartsApi.url] }));
  return (
    <>
      <ListPage<CartDto>
        list={cartList}
        url={cartsApi.url}
        testid="carts"
        title={SL('Carts')}
        fixed={{ siteId: site.id }}
        exportPermission={P}
        toolbar={picker}
        render={{
          email: (r) => r.email ?? <Typography.Text type="secondary">{SL('NoEmail')}</Typography.Text>,
          status: (r) => <Tag color={CART_STATUS_COLOR[r.status]}>{SL(`CartStatus:${r.status}`)}</Tag>,
          orderNo: (r) =>
            r.orderNo ? <Link to={tradeOrderHref({ id: r.orderId, orderNo: r.orderNo })}>{r.orderNo}</Link> : '',
        }}
        rowActions={(r) => (
          <>
            <Button type="link" size="small" onClick={() => open(r.id)} data-testid={`cart-view-${r.id}`}>
              {SL('ViewCart')}
            </Button>
            <CartActions c={r} act={act} />
          </>
        )}
      />
      <CartDrawer
        id={openId}
        onClose={() => open(null)}
        actions={(c) => <CartActions c={c} act={act} link={false} onDeleted={() => open(null)} />}
      />
    </>
  );
}

/**
 * /publishingPlatform/site/Cart (购物车): one site's carts (the site kept in the URL), active,
 * abandoned, ordered and recovered tabs with their counts, the last-change filter, search, sort,
 * export; a cart opens in a drawer (its lines, amounts, address and order); an abandoned cart
 * with an e-mail gets a recovery notice, and a cart is deleted, each after asking.
 */
export default function SiteCartPage() {
  const scope = useSiteScope('carts');
  return (
    <SiteScoped scope={scope} title={SL('Carts')}>
      {(site) => <Carts key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
