import {
  CheckCircleOutlined,
  DownOutlined,
  EyeOutlined,
  LinkOutlined,
  PlusOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { gatherList } from '@seller/contracts/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Popconfirm, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, DeleteAction, useRunAndRefresh } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { LC } from '../../api.ts';
import {
  type GatherDetail,
  type GatherRow,
  gathersApi,
  platformLabel,
  priceRange,
  statusColor,
  statusLabel,
} from '../../gathers-api.ts';
import { GatherByUrls } from './by-urls.tsx';
import { ClaimDialog, type ClaimTarget } from './claim.tsx';
import { GatherDrawer } from './detail.tsx';
import { GatherImage } from './GatherImage.tsx';
import { type BulkOutcome, BulkResults } from './results.tsx';
import { GatherUpload } from './upload.tsx';

const P = 'Catalog.Gathers';
/** A claim writes a product: the server asks for this as well as the claim permission. */
const CLAIM_ALSO_NEEDS = ['Catalog.Products.Create'];
const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);
const _DATE_TIME = 'YYYY-MM-DD HH:mm';
const queryKey = ['catalog', 'gathers'];

/**
 * /product/gather-list (采集箱): products gathered from source platforms. Status tabs with counts,
 * filters, gather by URLs (a background job, per-URL results), upload, the detail drawer with the
 * log, claim into the catalogue (one or many, per-row results), mark claimed, ignore, delete.
 */
export default function GathersPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<ClaimTarget | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [byUrls, setByUrls] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  /** Clears the list's selection once a bulk claim is done. */
  const clearSelection = useRef<() => void>(() => {});

  /** The list, its counts and an open detail are all under `queryKey`. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: [gathersApi.url] }),
    ]);
  const act = useRunAndRefresh(refresh);
  const titles = (rows: GatherRow[]) => Object.fromEntries(rows.map((r) => [r.id, r.title]));
  const bulkDelete = async (selected: GatherRow[], done: () => void) => {
    setBulkBusy(true);
    try {
      const result = await gathersApi.bulkDelete(selected.map((r) => r.id));
      setOutcome({ action: 'Delete', result, titles: titles(selected) });
      done();
      await refresh();
    } catch {
      // the HTTP client has notified
    } finally {
      setBulkBusy(false);
    }
  };

  const render = {
    mainImage: (r: GatherRow) => <GatherImage src={r.mainImage} size={48} alt={r.title} />,
    title: (r: GatherRow) => (
      <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
        <LinkButton
          style={{ padding: 0, height: 'auto', maxWidth: '100%' }}
          onClick={() => setDetailId(r.id)}
          title={r.title}
          data-testid={`gather-title-${r.sourceItemId ?? r.id}`}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.title}</span>
        </LinkButton>
        <a href={r.sourceUrl} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
          <LinkOutlined /> {r.sourceItemId ?? T('Source')}
        </a>
      </Space>
    ),
    sourcePlatform: (r: GatherRow) => <Tag>{platformLabel(r.sourcePlatform)}</Tag>,
    priceMin: (r: GatherRow) => priceRange(r.priceMin, r.priceMax, r.currency),
    supplierName: (r: GatherRow) =>
      r.supplierShopUrl ? (
        <a href={r.supplierShopUrl} target="_blank" rel="noopener noreferrer">
          {r.supplierName ?? r.supplierShopUrl}
        </a>
      ) : (
        r.supplierName
      ),
    status: (r: GatherRow) => (
      <Tag color={statusColor[r.status]} data-testid={`gather-status-${r.sourceItemId ?? r.id}`}>
        {statusLabel(r.status)}
      </Tag>
    ),
  };

  /** Actions on one item, shared by the row and the detail drawer. */
  const itemActions = (r: GatherRow | GatherDetail, inDrawer = false) => {
    // a row's buttons are named by the item; the drawer's (one at a time) by the drawer
    const key = inDrawer ? 'drawer' : (r.sourceItemId ?? r.id);
    const more = [
      ...(access.can(`${P}.Update`) && r.status !== 'CLAIMED'
        ? [{ key: 'mark', icon: <CheckCircleOutlined />, label: T('MarkClaimed') }]
        : []),
      ...(access.can(`${P}.Update`) && r.status !== 'IGNORED'
        ? [{ key: 'ignore', icon: <StopOutlined />, label: T('Ignore') }]
        : []),
      ...(access.can(`${P}.Update`) && r.status === 'IGNORED'
        ? [{ key: 'restore', icon: <UndoOutlined />, label: T('Restore') }]
        : []),
    ];
    return (
      <Space size={0}>
        {!inDrawer && (
          <LinkButton icon={<EyeOutlined />} onClick={() => setDetailId(r.id)} data-testid={`gather-detail-${key}`}>
            {T('Detail')}
          </LinkButton>
        )}
        <Access permission={`${P}.Claim`} anyOf={CLAIM_ALSO_NEEDS}>
          <LinkButton
            icon={<ShoppingCartOutlined />}
            onClick={() => {
              // the claim dialog takes the drawer's place (a dialog opened over a drawer would sit under it)
              if (inDrawer) setDetailId(null);
              setClaiming({ kind: 'one', row: r });
            }}
            data-testid={`gather-claim-${key}`}
          >
            {T('Claim')}
          </LinkButton>
        </Access>
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: more,
              onClick: ({ key: action }) => {
                if (action === 'mark') void act(() => gathersApi.setAsClaimed(r.id));
                else if (action === 'ignore') void act(() => gathersApi.setStatus(r.id, 'IGNORED'));
                else if (action === 'restore') void act(() => gathersApi.setStatus(r.id, 'NEW'));
              },
            }}
          >
            <LinkButton data-testid={`gather-more-${key}`}>
              {T('More')} <DownOutlined />
            </LinkButton>
          </Dropdown>
        )}
        <DeleteAction
          permission={`${P}.Delete`}
          testid={`gather-delete-${key}`}
          onConfirm={async () => {
            await gathersApi.remove(r.id);
            if (inDrawer) setDetailId(null);
            await refresh();
          }}
        />
      </Space>
    );
  };

  const toolbar = (
    <>
      <Access permission={`${P}.Create`}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setByUrls(true)} data-testid="gathers-by-urls">
          {T('ByUrls')}
        </Button>
      </Access>
      <GatherUpload onUploaded={refresh} />
    </>
  );

  const bulkActions = (selected: GatherRow[], done: () => void) => (
    <>
      <Access permission={`${P}.Claim`} anyOf={CLAIM_ALSO_NEEDS}>
        <Button
          icon={<ShoppingCartOutlined />}
          onClick={() => {
            clearSelection.current = done;
            setClaiming({ kind: 'bulk', rows: selected });
          }}
          data-testid="gathers-bulk-claim"
        >
          {T('BulkClaim')}
        </Button>
      </Access>
      <Access permission={`${P}.Delete`}>
        <Popconfirm
          title={T('BulkDeleteConfirm', selected.length)}
          description={t('crud.deleteWarning')}
          okText={t('crud.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: bulkBusy }}
          onConfirm={() => bulkDelete(selected, done)}
        >
          <Button danger loading={bulkBusy} data-testid="gathers-bulk-delete">
            {T('BulkDelete')}
          </Button>
        </Popconfirm>
      </Access>
    </>
  );

  return (
    <>
      <ListPage<GatherRow>
        list={gatherList}
        url={gathersApi.url}
        testid="gathers"
        render={render}
        toolbar={toolbar}
        bulkActions={bulkActions}
        rowActions={(r) => itemActions(r)}
      />
      <GatherDrawer id={detailId} onClose={() => setDetailId(null)} actions={(item) => itemActions(item, true)} />
      <ClaimDialog
        target={claiming}
        onClose={() => setClaiming(null)}
        onClaimed={async (result, row) => {
          setOutcome({
            action: 'Claim',
            result: {
              items: [{ id: row.id, ok: true, error: null, productId: result.productId, sku: result.sku }],
              succeeded: 1,
              failed: 0,
            },
            titles: { [row.id]: row.title },
          });
          await refresh();
        }}
        onBulkClaimed={async (result, rows) => {
          setOutcome({ action: 'Claim', result, titles: titles(rows) });
          clearSelection.current();
          await refresh();
        }}
      />
      <BulkResults outcome={outcome} onClose={() => setOutcome(null)} />
      <GatherByUrls
        open={byUrls}
        onClose={() => setByUrls(false)}
        onProgress={refresh}
        onOpen={(id) => {
          // the dialog keeps its batch while hidden: opened again, it shows it
          setByUrls(false);
          setDetailId(id);
        }}
      />
    </>
  );
}
