import { UndoOutlined } from '@ant-design/icons';
import { productRecycleList, recycledVendorList } from '@seller/contracts/catalog';
import type { DeclaredList } from '@seller/contracts/lists';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tabs } from 'antd';
import { startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Access, DeleteAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { type ProductListItem, type RecycledVendorDto, recycleApi, vendorRecycleApi } from '../../products-api.ts';

const P = 'Catalog.Products.Delete';

/**
 * The recycle bin of products and product vendors (the list kit's `productRecycleList` and
 * `recycledVendorList`): restore (`reback`) or delete for good (`clear`, with the spec's warning).
 */
export default function RecyclePage() {
  const [tab, setTab] = useState('products');
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      // both lists keep their state in the URL: a tab starts from a clean one, and only one is drawn,
      onChange={(k) =>
        // in one transition, so the other list is never drawn once with this one's URL
        startTransition(() => {
          setParams(new URLSearchParams());
          setTab(k);
        })
      }
      destroyOnHidden
      items={[
        {
          key: 'products',
          label: <span data-testid="recycle-tab-products">{LC('RecycledProducts')}</span>,
          children: (
            <RecycledList<ProductListItem>
              list={productRecycleList}
              url="/api/catalog/recycle/products"
              testid="recycle"
              actionTestid="recycle"
              rowName={(r) => r.sku}
              listKey={['catalog', 'products']}
              api={recycleApi}
            />
          ),
        },
        {
          key: 'vendors',
          label: <span data-testid="recycle-tab-vendors">{LC('RecycledVendors')}</span>,
          children: (
            <RecycledList<RecycledVendorDto>
              list={recycledVendorList}
              url="/api/catalog/recycle/vendors"
              testid="recycle-vendors"
              actionTestid="recycle-vendor"
              rowName={(r) => `${r.productSku}-${r.supplierCode}`}
              listKey={['catalog', 'products', 'vendors']}
              api={vendorRecycleApi}
            />
          ),
        },
      ]}
    />
  );
}

interface RecycledListProps<T> {
  list: DeclaredList;
  url: string;
  testid: string;
  /** Row actions' test ids: `<actionTestid>-restore-<rowName>`, `<actionTestid>-clear-<rowName>`. */
  actionTestid: string;
  rowName(row: T): string;
  /** The live list the restored rows return to, refreshed with this one. */
  listKey: string[];
  api: { reback(id: string): Promise<unknown>; clear(id: string): Promise<void> };
}

/** One tab of the bin: the deleted rows, each restored or cleared for good (after DeleteAction's confirmation). */
function RecycledList<T extends { id: string }>(p: RecycledListProps<T>) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [p.url] });
    await queryClient.invalidateQueries({ queryKey: p.listKey });
  };

  return (
    <ListPage<T>
      list={p.list}
      url={p.url}
      testid={p.testid}
      title={LC('Recycle')}
      exportPermission={P}
      actionsWidth={220}
      rowActions={(r) => (
        <Space size={0}>
          <Access permission={P}>
            <LinkButton
              icon={<UndoOutlined />}
              data-testid={`${p.actionTestid}-restore-${p.rowName(r)}`}
              onClick={async () => {
                try {
                  await p.api.reback(r.id);
                  message.success(t('crud.saved'));
                  await refresh();
                } catch {
                  // the HTTP client has notified
                }
              }}
            >
              {LC('Restore')}
            </LinkButton>
          </Access>
          <DeleteAction
            permission={P}
            onConfirm={async () => {
              await p.api.clear(r.id);
              await refresh();
            }}
            testid={`${p.actionTestid}-clear-${p.rowName(r)}`}
          >
            {LC('ClearForGood')}
          </DeleteAction>
        </Space>
      )}
    />
  );
}
