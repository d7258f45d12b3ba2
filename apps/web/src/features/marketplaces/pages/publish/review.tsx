import { LISTING_PRICE_PATTERN } from '@seller/contracts/marketplaces';
import { Checkbox, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { FileImage } from '../../../../components/FileImage.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { categoryMappingPath, LL, type PreviewRow, platformLabel } from '../../api.ts';

/** What the user changed on one product × shop: whether it is published, attribute values, a price. */
export interface Fix {
  included: boolean;
  attributes: Record<string, string | string[]>;
  price?: string;
}

export const rowKey = (r: Pick<PreviewRow, 'productId' | 'shopId'>) => `${r.productId}|${r.shopId}`;

const filled = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length > 0 : !!v?.trim());
const priceOk = (v: string | undefined) => !!v && LISTING_PRICE_PATTERN.test(v.trim()) && Number(v) > 0;

/**
 * The blocking problems of a row the user has not fixed: missing attributes until each has a
 * value, no price until one is typed; the others (no mapping, already listed, shop not authorized…)
 * only by leaving the row out.
 */
export function unresolved(row: PreviewRow, fix: Fix): string[] {
  const open: string[] = [];
  const missing = row.missingAttributes.filter((a) => !filled(fix.attributes[a.name]));
  if (missing.length > 0) open.push(LL('MissingAttributes', missing.map((a) => a.label).join(', ')));
  for (const p of row.problems) {
    if (!p.blocking || p.code === 'MISSING_ATTRIBUTES') continue;
    if (p.code === 'NO_PRICE' && priceOk(fix.price)) continue;
    open.push(p.message);
  }
  if (!row.price && !priceOk(fix.price) && !row.problems.some((p) => p.code === 'NO_PRICE'))
    open.push(LL('Page:NoPrice'));
  return open;
}

/** Step 3: one row per product × shop, as the server previews it, with the inline fixes. */
export function ReviewTable({
  rows,
  fixOf,
  onFix,
}: {
  rows: PreviewRow[];
  fixOf(r: PreviewRow): Fix;
  onFix(r: PreviewRow, fix: Fix): void;
}) {
  return (
    <SmallTable<PreviewRow>
      data-testid="publish-review"
      rowKey={rowKey}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      onRow={(r) =>
        ({
          'data-testid': `publish-row-${r.productSku}-${r.shopName}`,
          'data-blocked': fixOf(r).included && unresolved(r, fixOf(r)).length > 0 ? 'true' : 'false',
        }) as object
      }
      expandable={{
        rowExpandable: (r) => !!r.price && r.price.steps.length > 0,
        expandedRowRender: (r) => <PriceSteps row={r} />,
        columnTitle: LL('Page:PriceSteps'),
      }}
      columns={[
        {
          key: 'include',
          title: LL('Page:Include'),
          width: 70,
          render: (_v, r) => (
            <Checkbox
              checked={fixOf(r).included}
              onChange={(e) => onFix(r, { ...fixOf(r), included: e.target.checked })}
              aria-label={`${LL('Page:Include')} ${r.productSku} ${r.shopName}`}
              data-testid={`publish-include-${r.productSku}-${r.shopName}`}
            />
          ),
        },
        {
          key: 'product',
          title: LL('Page:Product'),
          render: (_v, r) => (
            <div style={{ maxWidth: 220 }}>
              <Typography.Text strong>{r.productSku}</Typography.Text>
              <Typography.Text ellipsis style={{ display: 'block' }} title={r.productName}>
                {r.productName}
              </Typography.Text>
            </div>
          ),
        },
        {
          key: 'shop',
          title: LL('Page:Shop'),
          render: (_v, r) => (
            <Space orientation="vertical" size={0}>
              <span>
                <Tag>{platformLabel(r.platform)}</Tag>
                {r.shopName}
              </span>
              <Typography.Text type="secondary">
                {r.region} · {r.currency}
              </Typography.Text>
            </Space>
          ),
        },
        // what decides a row first (price, stock, what is missing), then what fixes it
        {
          key: 'price',
          title: LL('Page:Price'),
          render: (_v, r) => {
            const fix = fixOf(r);
            if (r.price)
              return (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong data-testid={`publish-price-${r.productSku}-${r.shopName}`}>
                    {r.price.amount} {r.price.currency}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {LL('Page:PriceRule', r.price.priceRuleName)}
                  </Typography.Text>
                </Space>
              );
            return (
              <Space.Compact style={{ width: 150 }}>
                <Input
                  value={fix.price ?? ''}
                  status={fix.price && !priceOk(fix.price) ? 'error' : undefined}
                  placeholder={LL('Page:PricePlaceholder')}
                  aria-label={`${LL('Page:Price')} ${r.productSku} ${r.shopName}`}
                  onChange={(e) => onFix(r, { ...fix, price: e.target.value })}
                  data-testid={`publish-price-input-${r.productSku}-${r.shopName}`}
                />
                <Input value={r.currency} disabled style={{ width: 60 }} aria-hidden />
              </Space.Compact>
            );
          },
        },
        { key: 'stock', title: LL('Page:Stock'), dataIndex: 'stock', align: 'right' },
        {
          key: 'problems',
          title: LL('Page:Problems'),
          render: (_v, r) => {
            const fix = fixOf(r);
            const open = fix.included ? unresolved(r, fix) : [];
            const warnings = r.problems.filter((p) => !p.blocking);
            if (open.length === 0 && warnings.length === 0)
              return fix.included ? <Tag color="success">{LL('Page:Ready')}</Tag> : null;
            return (
              <Space orientation="vertical" size={2} style={{ maxWidth: 260 }}>
                {open.map((m) => (
                  <Typography.Text key={m} type="danger">
                    {m}
                  </Typography.Text>
                ))}
                {warnings.map((p) => (
                  <Typography.Text key={p.code} type="warning">
                    {p.message}
                  </Typography.Text>
                ))}
              </Space>
            );
          },
        },
        {
          key: 'category',
          title: LL('Page:Category'),
          render: (_v, r) =>
            r.category ? (
              <span data-testid={`publish-category-${r.productSku}-${r.shopName}`}>{r.category.name}</span>
            ) : (
              <Space orientation="vertical" size={0} data-testid={`publish-no-mapping-${r.productSku}-${r.shopName}`}>
                <Tag color="error">{LL('Page:NoMapping')}</Tag>
                <Link to={categoryMappingPath(r.platform)}>{LL('Page:MapCategory')}</Link>
              </Space>
            ),
        },
        {
          key: 'attributes',
          title: LL('Page:Attributes'),
          render: (_v, r) => <AttributeInputs row={r} fix={fixOf(r)} onFix={(f) => onFix(r, f)} />,
        },
        {
          key: 'images',
          title: LL('Page:Images'),
          render: (_v, r) =>
            r.images.length === 0 ? (
              '—'
            ) : (
              <Space size={4}>
                {r.images.slice(0, 3).map((src) => (
                  <FileImage key={src} url={src} size={32} alt="" />
                ))}
                {r.images.length > 3 && <Typography.Text type="secondary">+{r.images.length - 3}</Typography.Text>}
              </Space>
            ),
        },
      ]}
    />
  );
}

/** Inputs for the mandatory attributes the category mapping does not fill: a list when the platform has options. */
function AttributeInputs({ row, fix, onFix }: { row: PreviewRow; fix: Fix; onFix(f: Fix): void }) {
  const given = Object.entries(row.attributes);
  return (
    <Space orientation="vertical" size={4} style={{ minWidth: 200 }}>
      {row.missingAttributes.map((a) => {
        const set = (v: string | string[]) => onFix({ ...fix, attributes: { ...fix.attributes, [a.name]: v } });
        const value = fix.attributes[a.name];
        const testid = `publish-attr-${row.productSku}-${row.shopName}-${a.name}`;
        return a.options.length > 0 ? (
          <Select
            key={a.name}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={`${a.label} *`}
            aria-label={a.label}
            status={filled(value) ? undefined : 'warning'}
            value={(value as string | undefined) || undefined}
            onChange={(v: string) => set(v)}
            options={a.options.map((o) => ({ value: o.name, label: o.name }))}
            data-testid={testid}
          />
        ) : (
          <Input
            key={a.name}
            style={{ width: 200 }}
            placeholder={`${a.label} *`}
            aria-label={a.label}
            status={filled(value) ? undefined : 'warning'}
            value={(value as string | undefined) ?? ''}
            onChange={(e) => set(e.target.value)}
            data-testid={testid}
          />
        );
      })}
      {given.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis title={given.map(show).join('; ')}>
          {given.slice(0, 3).map(show).join('; ')}
          {given.length > 3 ? '…' : ''}
        </Typography.Text>
      )}
    </Space>
  );
}

const show = ([k, v]: [string, string | string[]]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`;

/** How the price rule got to the price, step by step (the pricing calculator's steps). */
function PriceSteps({ row }: { row: PreviewRow }) {
  return (
    <Table
      scroll={{ x: 'max-content' }}
      size="small"
      pagination={false}
      rowKey="key"
      style={{ maxWidth: 560 }}
      data-testid={`publish-steps-${row.productSku}-${row.shopName}`}
      dataSource={row.price?.steps ?? []}
      columns={[
        { key: 'label', title: LL('Page:Step'), dataIndex: 'label' },
        { key: 'amount', title: LL('Page:Amount'), dataIndex: 'amount', align: 'right' },
        { key: 'currency', title: '', dataIndex: 'currency' },
      ]}
    />
  );
}
