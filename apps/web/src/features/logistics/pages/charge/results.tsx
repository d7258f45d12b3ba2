import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import {
  attributeLabel,
  type ExcludedChannelDto,
  type FreightEstimateDto,
  type FreightOptionDto,
  feeModeLabel,
  LF,
  LS,
  modeLabel,
  objectiveLabel,
} from '../../freight-api.ts';

/** What an estimate (or a strategy test) found: the parcel, the strategy's choice, the options, the channels left out. */

const money = (amount: string | null, currency: string) => (amount === null ? '—' : `${amount} ${currency}`);

const itemStyle: CSSProperties = {
  padding: '6px 8px',
  borderBlockEnd: '1px solid var(--ant-color-split, rgba(5, 5, 5, 0.06))',
};

/** A titled list of rows (lines separated like a small list). */
function Rows<T>(p: {
  header: ReactNode;
  items: T[];
  rowKey(item: T): string;
  row(item: T, index: number): { content: ReactNode; testid?: string; style?: CSSProperties; attrs?: object };
  empty?: ReactNode;
  testid?: string;
  style?: CSSProperties;
}) {
  return (
    <div data-testid={p.testid} style={p.style}>
      <div style={{ ...itemStyle, paddingBlock: 8 }}>{p.header}</div>
      {p.items.length === 0 && p.empty ? <div style={itemStyle}>{p.empty}</div> : null}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {p.items.map((item, index) => {
          const r = p.row(item, index);
          return (
            <li key={p.rowKey(item)} data-testid={r.testid} style={{ ...itemStyle, ...r.style }} {...r.attrs}>
              {r.content}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const transitDays = (o: Pick<FreightOptionDto, 'transitDaysMin' | 'transitDaysMax'>) =>
  o.transitDaysMin === o.transitDaysMax
    ? LF('Days', o.transitDaysMax)
    : LF('DaysRange', o.transitDaysMin, o.transitDaysMax);

export const channelLabel = (o: { carrierName: string; channelName: string }) => `${o.carrierName} / ${o.channelName}`;

/** The weight steps priced: first 500 g + 3 × 100 g, 12 × 100 g, or the flat fee. */
export function stepsText(o: Pick<FreightOptionDto, 'steps' | 'feeMode'>): string {
  const { first, units, unit } = o.steps;
  if (first !== null)
    return units > 0 && unit !== null ? LF('Steps:FirstAdditional', first, units, unit) : LF('Steps:First', first);
  if (unit !== null) return LF('Steps:Units', units, unit);
  return feeModeLabel(o.feeMode);
}

const PickedTag = ({ testid }: { testid?: string }) => (
  <Tag color="green" data-testid={testid}>
    {LF('Picked')}
  </Tag>
);

/**
 * Why the strategy picked its channel, in a sentence: the rule that matched, and what its
 * objective means for the pick (the cheapest, the fastest, or the first of a fixed order whatever
 * it costs); null when no strategy picked one.
 */
export function pickedWhy(estimate: FreightEstimateDto): string | null {
  const s = estimate.strategy;
  if (!s?.pickedChannelId) return null;
  const why = LS(`PickedWhy:${s.objective}`, s.ruleIndex + 1, s.ruleName, s.strategyName);
  return s.fallbackUsed ? `${why} ${LS('PickedWhy:Fallback')}` : why;
}

/** The parcel the channels were priced for; its weight and size summed from the SKUs when given by SKUs. */
export function ParcelSummary({ estimate }: { estimate: FreightEstimateDto }) {
  const p = estimate.parcel;
  const size =
    p.length !== null && p.width !== null && p.height !== null ? LF('Size', p.length, p.width, p.height) : '—';
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      title={
        <Flex gap={8} wrap align="center">
          {LF('ParcelUsed')}
          {p.source === 'ITEMS' && <Tag color="blue">{LF('FromSkus')}</Tag>}
        </Flex>
      }
      data-testid="estimate-parcel"
      items={[
        { key: 'weight', label: LF('Weight'), children: `${p.weight} g` },
        { key: 'size', label: LF('SizeLabel'), children: size },
        {
          key: 'destination',
          label: LF('Country'),
          children: [p.countryCode, p.postalCode].filter(Boolean).join(' '),
        },
        {
          key: 'value',
          label: LF('DeclaredValue'),
          children: money(p.declaredValue, p.currency),
        },
        {
          key: 'attributes',
          label: LF('Attributes'),
          children: p.attributes.length ? p.attributes.map((a) => <Tag key={a}>{attributeLabel(a)}</Tag>) : LF('None'),
        },
      ]}
    />
  );
}

/**
 * Which strategy rule matched and what it picked (or that none matched), then every rule tried:
 * the matched one highlighted, the skipped ones with the conditions that did not hold.
 */
export function StrategyOutcome({ estimate, testid }: { estimate: FreightEstimateDto; testid: string }) {
  const s = estimate.strategy;
  const picked = s?.pickedChannelId
    ? [...estimate.options, ...estimate.excluded].find((o) => o.channelId === s.pickedChannelId)
    : undefined;
  const strategies = new Set(estimate.trace.map((t) => t.strategyId));
  return (
    <div data-testid={testid}>
      {s ? (
        <Alert
          type="success"
          showIcon
          title={<span data-testid={`${testid}-matched`}>{LS('MatchedRule', s.ruleIndex + 1, s.ruleName)}</span>}
          description={
            <Flex vertical gap={4}>
              <span>
                {s.strategyName} · {objectiveLabel(s.objective)}
              </span>
              {pickedWhy(estimate) && <span data-testid={`${testid}-why`}>{pickedWhy(estimate)}</span>}
              <span data-testid={`${testid}-pick`}>
                {LS('PickedChannel')}:{' '}
                {picked ? channelLabel(picked) : s.pickedChannelId ? s.pickedChannelId : LS('NoPick')}
                {s.fallbackUsed && (
                  <Tag color="orange" style={{ marginInlineStart: 8 }}>
                    {LS('FallbackUsed')}
                  </Tag>
                )}
              </span>
            </Flex>
          }
        />
      ) : (
        <Alert type="info" showIcon title={<span data-testid={`${testid}-matched`}>{LS('NoRuleMatched')}</span>} />
      )}
      {estimate.trace.length > 0 && (
        <Rows
          style={{ marginTop: 8 }}
          header={<Typography.Text strong>{LS('RulesTried')}</Typography.Text>}
          items={estimate.trace}
          rowKey={(t) => `${t.strategyId}-${t.ruleIndex}`}
          row={(t, i) => ({
            testid: `${testid}-rule-${i}`,
            attrs: { 'data-matched': t.matched },
            style: t.matched ? { background: 'var(--ant-color-success-bg, #f6ffed)', borderRadius: 4 } : undefined,
            content: (
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <span>
                  {t.matched ? <Tag color="success">{LS('Matched')}</Tag> : <Tag>{LS('Skipped')}</Tag>}
                  <Typography.Text strong={t.matched}>
                    {LS('Rule', t.ruleIndex + 1)} {t.ruleName}
                  </Typography.Text>
                  {strategies.size > 1 && <Typography.Text type="secondary"> · {t.strategyName}</Typography.Text>}
                </span>
                {t.reasons.length > 0 && (
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {t.reasons.map((r) => (
                      <li key={r.code}>
                        <Typography.Text type="secondary">{r.message}</Typography.Text>
                      </li>
                    ))}
                  </ul>
                )}
              </Flex>
            ),
          })}
        />
      )}
    </div>
  );
}

/** The price's parts: freight by its steps, fuel surcharge, registration, subtotal, minimum, total, exchange. */
export function Breakdown({ option: o }: { option: FreightOptionDto }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ maxWidth: 560 }}
      data-testid={`estimate-breakdown-${o.channelCode}`}
      items={[
        {
          key: 'freight',
          label: LF('FreightPart'),
          children: (
            <>
              {money(o.freight, o.currency)}{' '}
              <Typography.Text type="secondary">
                ({feeModeLabel(o.feeMode)}: {stepsText(o)})
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'fuel',
          label: LF('FuelSurcharge', o.fuelSurchargePct),
          children: money(o.fuelSurcharge, o.currency),
        },
        { key: 'registration', label: LF('RegistrationFee'), children: money(o.registrationFee, o.currency) },
        { key: 'subtotal', label: LF('Subtotal'), children: money(o.subtotal, o.currency) },
        {
          key: 'minimum',
          label: LF('MinimumCharge'),
          children:
            o.minimumCharge === null ? (
              '—'
            ) : (
              <>
                {money(o.minimumCharge, o.currency)}{' '}
                {o.minimumApplied ? (
                  <Tag color="orange">{LF('MinimumApplied')}</Tag>
                ) : (
                  <Tag>{LF('MinimumNotApplied')}</Tag>
                )}
              </>
            ),
        },
        { key: 'total', label: LF('Total'), children: <strong>{money(o.total, o.currency)}</strong> },
        {
          key: 'rate',
          label: LF('ExchangeRate'),
          children: LF('ExchangeRateValue', o.currency, o.exchangeRate, o.tenantCurrency),
        },
        {
          key: 'converted',
          label: LF('TotalIn', o.tenantCurrency),
          children: <strong>{money(o.totalInTenantCurrency, o.tenantCurrency)}</strong>,
        },
      ]}
    />
  );
}

/** The priced channels (in the order the server sorted them), each with its breakdown on expanding. */
export function OptionsTable({ estimate }: { estimate: FreightEstimateDto }) {
  const columns: ColumnsType<FreightOptionDto> = [
    {
      key: 'channel',
      title: LF('Channel'),
      width: 200,
      render: (_v, o) => (
        <Flex vertical gap={2}>
          <span>
            {channelLabel(o)} {o.picked && <PickedTag testid="estimate-picked" />}
          </span>
          {o.picked && pickedWhy(estimate) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="estimate-picked-why">
              {pickedWhy(estimate)}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.channelCode}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'mode', title: LF('TransportMode'), width: 80, render: (_v, o) => modeLabel(o.mode) },
    { key: 'zone', title: LF('Zone'), dataIndex: 'zoneName', width: 110 },
    { key: 'transit', title: LF('TransitDays'), width: 100, render: (_v, o) => transitDays(o) },
    {
      key: 'weight',
      title: LF('ChargeableWeight'),
      width: 150,
      render: (_v, o) => (
        <Flex vertical gap={2}>
          <span>{o.chargeableWeight} g</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.volumetricWeight === null
              ? LF('ActualWeight', o.actualWeight)
              : LF('ActualAndVolumetric', o.actualWeight, o.volumetricWeight)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'total', title: LF('Total'), width: 110, align: 'right', render: (_v, o) => money(o.total, o.currency) },
    {
      key: 'totalTenant',
      title: LF('TotalIn', estimate.tenantCurrency),
      width: 120,
      align: 'right',
      render: (_v, o) => <strong>{money(o.totalInTenantCurrency, o.tenantCurrency)}</strong>,
    },
  ];
  return (
    <SmallTable<FreightOptionDto>
      data-testid="estimate-options"
      rowKey="channelId"
      columns={columns}
      dataSource={estimate.options}
      // the columns and the expand button; narrower screens scroll the table, not the page
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 48) }}
      tableLayout="fixed"
      locale={{ emptyText: LF('NoOptions') }}
      onRow={(o) => ({ 'data-testid': `estimate-option-${o.channelCode}` }) as HTMLAttributes<HTMLElement>}
      expandable={{ expandedRowRender: (o) => <Breakdown option={o} /> }}
    />
  );
}

/** The channels that cannot carry the parcel, each with why. */
export function ExcludedList({ excluded, testid }: { excluded: ExcludedChannelDto[]; testid: string }) {
  if (excluded.length === 0) return null;
  return (
    <Rows
      testid={testid}
      header={<Typography.Text strong>{LF('Excluded', excluded.length)}</Typography.Text>}
      items={excluded}
      rowKey={(e) => e.channelId}
      row={(e) => ({
        testid: `${testid}-${e.channelCode}`,
        content: (
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <span>
              {channelLabel(e)} <Typography.Text type="secondary">{e.channelCode}</Typography.Text>
            </span>
            <Flex wrap gap={4}>
              {e.reasons.map((r) => (
                <Tag key={r.code} color="warning" style={{ whiteSpace: 'normal' }}>
                  {r.message}
                </Tag>
              ))}
            </Flex>
          </Flex>
        ),
      })}
    />
  );
}

/** The options in short: channel, transit days and the total in the tenant's currency, the pick tagged. */
export function OptionsBrief({ estimate, testid }: { estimate: FreightEstimateDto; testid: string }) {
  return (
    <Rows
      testid={testid}
      header={<Typography.Text strong>{LF('Options', estimate.options.length)}</Typography.Text>}
      empty={LF('NoOptions')}
      items={estimate.options}
      rowKey={(o) => o.channelId}
      row={(o) => ({
        testid: `${testid}-${o.channelCode}`,
        content: (
          <Flex wrap gap={8} justify="space-between">
            <span>
              {channelLabel(o)} {o.picked && <PickedTag />}
            </span>
            <span>
              {transitDays(o)} · <strong>{money(o.totalInTenantCurrency, o.tenantCurrency)}</strong>
            </span>
          </Flex>
        ),
      })}
    />
  );
}
