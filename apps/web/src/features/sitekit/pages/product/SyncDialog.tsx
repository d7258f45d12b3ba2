import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { catalogPickersApi, type SiteDto, SL, sitekitShopKeys, siteProductsApi } from '../../api.ts';

/** Most products one sync names (the contract's bound). */
const SYNC_MAX = 1000;

/** A searchable multiple choice of the catalogue's products (by SKU or name), 20 matches at a time. */
function CatalogProductPicker({ value, onChange }: { value: string[]; onChange(ids: string[]): void }) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery({
    queryKey: sitekitShopKeys.catalogProducts(debounced),
    queryFn: ({ signal }) => catalogPickersApi.products(debounced, signal),
  });
  const options = useMemo(() => {
    const listed = (found.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.sku} ${p.name}` }));
    const shown = new Set(listed.map((o) => o.value));
    // chosen products stay named when a later search no longer lists them
    const kept = value.filter((id) => !shown.has(id)).map((id) => ({ value: id, label: labels.get(id) ?? id }));
    return [...kept, ...listed];
  }, [found.data, value, labels]);
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      style={{ width: '100%' }}
      placeholder={SL('SyncAllPlaceholder')}
      loading={found.isFetching}
      options={options}
      value={value}
      maxCount={SYNC_MAX}
      notFoundContent={found.isError ? SL('CatalogProductsUnavailable') : undefined}
      onChange={(ids: string[], chosen) => {
        const next = new Map(labels);
        for (const o of [chosen].flat()) if (o?.value) next.set(String(o.value), String(o.label));
        setLabels(next);
        onChange(ids);
      }}
      aria-label={SL('SyncProducts')}
      data-testid="site-products-sync-products"
    />
  );
}

/**
 * "从商品库同步": the chosen catalogue products, or with none chosen every live product of the
 * catalogue categories the site's categories map, into the site (new ones published when asked);
 * what was added and updated is said once done.
 */
export function SyncDialog({
  site,
  open,
  onClose,
  onSynced,
}: {
  site: SiteDto;
  open: boolean;
  onClose(): void;
  onSynced(): void;
}) {
  const { message } = useUi();
  const [productIds, setProductIds] = useState<string[]>([]);
  const [publish, setPublish] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setProductIds([]);
    setPublish(false);
    onClose();
  };
  const start = async () => {
    setBusy(true);
    try {
      const r = await siteProductsApi.sync({ siteId: site.id, productIds, publish });
      message.success(SL('SyncDone', r.created, r.updated));
      onSynced();
      close();
    } catch {
      // the HTTP client has notified (no mapped category, nothing to sync…)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={SL('SyncFromCatalogTo', site.name)}
      onCancel={close}
      onOk={() => void start()}
      okText={SL('StartSync')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'site-products-sync-start' } as never}
      destroyOnHidden
      width={600}
    >
      <Form layout="vertical" onFinish={() => void start()}>
        <Form.Item label={SL('SyncProducts')} extra={SL('SyncAllHint')}>
          <CatalogProductPicker value={productIds} onChange={setProductIds} />
        </Form.Item>
        <Form.Item extra={SL('SyncPublishHint')}>
          <Checkbox
            checked={publish}
            onChange={(e) => setPublish(e.target.checked)}
            data-testid="site-products-sync-publish"
          >
            {SL('SyncPublish')}
          </Checkbox>
        </Form.Item>
        {productIds.length > 0 && (
          <Typography.Text type="secondary">{SL('SyncChosen', productIds.length)}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
