import { SitekitPermissions } from '@seller/contracts';
import { shopperList } from '@seller/contracts/sitekit';
import { useQueryClient } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Access, ConfirmButton, RowAction, useRunAndRefresh } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { type ShopperDto, type SiteDto, SL, shoppersApi } from '../../api.ts';
import { SiteScoped, useSiteScope } from '../../components/SiteScope.tsx';

const P = SitekitPermissions.Shoppers;

/** One site's shoppers: the list kit's page with their status tabs; disabled after asking, enabled at once. */
function Shoppers({ site, picker }: { site: SiteDto; picker: ReactNode }) {
  const queryClient = useQueryClient();
  const act = useRunAndRefresh(() => queryClient.invalidateQueries({ queryKey: [shoppersApi.url] }));
  return (
    <ListPage<ShopperDto>
      list={shopperList}
      url={shoppersApi.url}
      testid="shoppers"
      title={SL('Shoppers')}
      fixed={{ siteId: site.id }}
      exportPermission={P}
      toolbar={picker}
      render={{
        name: (r) => r.name || <Typography.Text type="secondary">—</Typography.Text>,
        status: (r) => <Tag color={r.status === 'ACTIVE' ? 'success' : 'error'}>{SL(`ShopperStatus:${r.status}`)}</Tag>,
      }}
      rowActions={(r) =>
        r.status === 'ACTIVE' ? (
          <Access permission={`${P}.Update`}>
            <ConfirmButton
              danger
              title={SL('DisableShopperConfirm', r.email)}
              onConfirm={() => act(() => shoppersApi.act(r.id, 'disable'), SL('ShopperDisabled', r.email))}
              testid={`shopper-disable-${r.email}`}
            >
              {SL('DisableShopper')}
            </ConfirmButton>
          </Access>
        ) : (
          <RowAction
            permission={`${P}.Update`}
            onClick={() => void act(() => shoppersApi.act(r.id, 'enable'), SL('ShopperEnabled', r.email))}
            testid={`shopper-enable-${r.email}`}
          >
            {SL('EnableShopper')}
          </RowAction>
        )
      }
    />
  );
}

/**
 * /publishingPlatform/site/userList (会员): the shoppers registered on one site (the site kept in
 * the URL), active and disabled tabs with their counts, search, sort and export; a shopper is
 * disabled (no more sign-ins on the storefront) after asking, and enabled again.
 */
export default function SiteUserListPage() {
  const scope = useSiteScope('shoppers');
  return (
    <SiteScoped scope={scope} title={SL('Shoppers')}>
      {(site) => <Shoppers key={site.id} site={site} picker={scope.picker} />}
    </SiteScoped>
  );
}
