import { claimGatherInput, claimOptions } from '@seller/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, InputNumber, Row, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudField, FormOverlay, TextField } from '../../../../components/crud/index.ts';
import { brandsApi, categoriesApi, categoryTreeOptions, LC, suppliersApi } from '../../api.ts';
import { type BulkResult, type ClaimResult, type GatherRow, gathersApi } from '../../gathers-api.ts';
import { regionOptions } from '../../products-api.ts';

const T = (key: string, ...args: unknown[]) => LC(`GatherPage:${key}`, ...args);
const L = (key: string) => LC(`DisplayName:${key}`);

/** One claim of an item whose source states no weight: the weight is required. */
const claimNeedingWeight = claimGatherInput.safeExtend({
  weightG: z
    .number({ error: 'Catalog::Gather:WeightRequired' })
    .int('Catalog::Gather:WeightRequired')
    .min(1, 'Catalog::Gather:WeightRequired')
    .max(10_000_000),
});

const blank = { categoryIds: [] as string[], region: 'GLOBAL' as const, skuPrefix: 'G' };

export type ClaimTarget = { kind: 'one'; row: Pick<GatherRow, 'id' | 'title'> } | { kind: 'bulk'; rows: GatherRow[] };

/**
 * Claim one gathered item or several into the catalogue: what the source does not say (categories,
 * brand, region, the SKU's prefix or the SKU itself, an existing supplier). One claim answers the
 * product made; a bulk claim answers per-row results.
 */
export function ClaimDialog({
  target,
  onClose,
  onClaimed,
  onBulkClaimed,
}: {
  target: ClaimTarget | null;
  onClose(): void;
  onClaimed(result: ClaimResult, row: Pick<GatherRow, 'id' | 'title'>): unknown;
  onBulkClaimed(result: BulkResult, rows: GatherRow[]): unknown;
}) {
  const { i18n } = useTranslation();
  const open = !!target;
  const categories = useQuery({
    queryKey: ['catalog', 'categories', 'all'],
    queryFn: () => categoriesApi.all(),
    enabled: open,
  });
  const brands = useQuery({ queryKey: ['catalog', 'brands', 'all'], queryFn: () => brandsApi.all(), enabled: open });
  const suppliers = useQuery({
    queryKey: ['catalog', 'suppliers', 'all'],
    queryFn: () => suppliersApi.all(),
    enabled: open,
  });
  // the one item's detail says whether its source states a weight; else the claim asks for one
  const oneId = target?.kind === 'one' ? target.row.id : null;
  const detail = useQuery({
    queryKey: ['catalog', 'gathers', 'detail', oneId],
    queryFn: () => gathersApi.get(oneId!),
    enabled: !!oneId,
  });
  const sourceWeight = oneId ? (detail.data?.sourceWeightG ?? null) : null;
  const treeData = useMemo(() => categoryTreeOptions(categories.data?.items ?? []), [categories.data]);
  const bulk = target?.kind === 'bulk';
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const schema = useMemo(
    () => (bulk ? claimOptions : sourceWeight === null ? claimNeedingWeight : claimGatherInput),
    [bulk, sourceWeight, i18n.language],
  );

  return (
    <FormOverlay
      open={open}
      mode="modal"
      width={640}
      title={target?.kind === 'bulk' ? T('BulkClaimTitle', target.rows.length) : T('ClaimTitle')}
      schema={schema}
      initialValues={blank}
      testid="gather-claim-form"
      onClose={onClose}
      onSubmit={async (values) => {
        if (!target) return;
        if (target.kind === 'one') onClaimed(await gathersApi.claim(target.row.id, values), target.row);
        else
          onBulkClaimed(
            await gathersApi.bulkClaim(
              target.rows.map((r) => r.id),
              values,
            ),
            target.rows,
          );
      }}
    >
      <Alert type="info" showIcon title={T('ClaimHint')} style={{ marginBottom: 16 }} />
      {target?.kind === 'one' && (
        <div style={{ marginBottom: 12 }} data-testid="gather-claim-title">
          {target.row.title}
        </div>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <CrudField name="categoryIds" label={L('Categories')}>
            <TreeSelect multiple treeDefaultExpandAll treeData={treeData} data-testid="gather-claim-categories" />
          </CrudField>
        </Col>
        <Col xs={24} md={12}>
          <CrudField name="brandId" label={L('Brand')}>
            <Select allowClear options={(brands.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))} />
          </CrudField>
        </Col>
        <Col xs={24} md={12}>
          <CrudField name="region" label={L('Region')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={regionOptions().map((o) => ({ ...o, label: `${o.label} (${o.value})` }))}
              data-testid="gather-claim-region"
            />
          </CrudField>
        </Col>
        <Col xs={24} md={12}>
          <CrudField name="supplierId" label={T('Supplier')} extra={T('SupplierHint')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.fullName} (${s.code})` }))}
            />
          </CrudField>
        </Col>
        <Col xs={24} md={12}>
          {sourceWeight === null ? (
            <CrudField name="weightG" label={T('Weight')} extra={T(bulk ? 'WeightBulkHint' : 'WeightHint')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="gather-claim-weight" />
            </CrudField>
          ) : (
            <Alert type="success" title={T('SourceWeight', sourceWeight)} data-testid="gather-claim-source-weight" />
          )}
        </Col>
        <Col xs={24} md={12}>
          <TextField
            name="skuPrefix"
            label={T('SkuPrefix')}
            extra={T('SkuPrefixHint')}
            maxLength={20}
            data-testid="gather-claim-prefix"
          />
        </Col>
        {target?.kind === 'one' && (
          <>
            <Col xs={24} md={12}>
              <TextField name="sku" label={L('Sku')} extra={T('SkuHint')} data-testid="gather-claim-sku" />
            </Col>
            <Col xs={24}>
              <TextField
                name="name"
                label={L('ProductName')}
                extra={T('NameHint')}
                placeholder={target.row.title}
                maxLength={255}
              />
            </Col>
          </>
        )}
      </Row>
    </FormOverlay>
  );
}
