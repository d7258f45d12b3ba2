import {
  PricingPermissions,
  priceRuleInput,
  retailPriceRuleInput,
  tierPriceRuleInput,
} from '@seller/contracts/pricing';
import { Card, Col, Empty, InputNumber, Row } from 'antd';
import {
  activeColumn,
  CrudField,
  creationTimeColumn,
  DecimalField,
  ResourcePage,
  resourceTitles,
  SelectRowButton,
  TextField,
  useChosenRow,
} from '../../../../components/crud/index.ts';
import {
  freightSourceLabel,
  modeLabel,
  PL,
  type PriceRuleDto,
  platformLabel,
  priceRulesApi,
  pricingKeys,
  type RetailRuleDto,
  retailRulesApi,
  roundingLabel,
  type TierRuleDto,
  tierRulesApi,
} from '../../api.ts';
import { Calculator } from './Calculator.tsx';
import { ChildRules } from './ChildRules.tsx';
import { RuleFields } from './RuleFields.tsx';

const schema = () => priceRuleInput;

const blank = {
  name: '',
  platform: null,
  siteCode: '',
  categoryId: null,
  priority: 0,
  currencyFrom: 'CNY',
  currencyTo: '',
  exchangeRate: '',
  fxBufferPct: '0',
  mode: 'COST_PLUS' as const,
  markupPct: '0',
  targetMarginPct: '0',
  commissionPct: '0',
  paymentPct: '0',
  withdrawalPct: '0',
  promotionPct: '0',
  fixedFee: '0',
  packagingFee: '0',
  domesticFreight: '0',
  freightSource: 'FIXED' as const,
  internationalFreight: '0',
  freightStrategyId: null,
  rounding: 'NONE' as const,
  minPrice: '',
  maxPrice: '',
  isActive: true,
};

/** A rule's percentage as read: "30.00" → "30 %". */
const pct = (v: string) => `${Number(v)} %`;

/**
 * /product/price-rules: the price rules; the chosen rule's retail-price rules (cost bands) and
 * tier-price rules (quantities); the calculator that explains a price step by step.
 */
export default function PriceRulesPage() {
  const { selected, setSelected, api } = useChosenRow(priceRulesApi);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <ResourcePage<PriceRuleDto, ReturnType<typeof schema>>
          testid="price-rules"
          queryKey={pricingKeys.rules}
          {...resourceTitles(PL, 'PriceRules', 'New:PriceRule', 'Edit:PriceRule')}
          permission={PricingPermissions.PriceRules}
          api={api}
          defaultSorting="priority asc"
          label={(r) => r.name}
          formWidth={720}
          columns={[
            {
              key: 'name',
              title: PL('Field:Name'),
              dataIndex: 'name',
              sortField: 'name',
              width: 220,
              render: (v: string, r) => (
                <SelectRowButton
                  selected={selected?.id === r.id}
                  onSelect={() => setSelected(r)}
                  testid={`price-rule-select-${v}`}
                  // a long name wraps inside its column instead of running over the next one
                  style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left', maxWidth: '100%' }}
                >
                  {v}
                </SelectRowButton>
              ),
            },
            {
              key: 'platform',
              title: PL('Field:Platform'),
              dataIndex: 'platform',
              sortField: 'platform',
              render: (v: string | null, r) => `${platformLabel(v)}${r.siteCode ? ` · ${r.siteCode}` : ''}`,
            },
            { key: 'priority', title: PL('Field:Priority'), dataIndex: 'priority', sortField: 'priority' },
            {
              key: 'currency',
              title: PL('Field:Currencies'),
              sortField: 'currencyTo',
              render: (_v, r) => `${r.currencyFrom} → ${r.currencyTo} × ${r.exchangeRate}`,
            },
            {
              key: 'mode',
              title: PL('Field:Mode'),
              dataIndex: 'mode',
              sortField: 'mode',
              render: (_v, r) => `${modeLabel(r.mode)} ${pct(r.mode === 'MARGIN' ? r.targetMarginPct : r.markupPct)}`,
            },
            {
              key: 'freight',
              title: PL('Field:FreightSource'),
              dataIndex: 'freightSource',
              defaultHidden: true,
              render: freightSourceLabel,
            },
            { key: 'rounding', title: PL('Field:Rounding'), dataIndex: 'rounding', render: roundingLabel },
            {
              key: 'children',
              title: PL('Field:Children'),
              render: (_v, r) => `${r.retailRuleCount} / ${r.tierRuleCount}`,
            },
            activeColumn(PL('Field:IsActive'), { active: PL('Active'), inactive: PL('Inactive') }),
            creationTimeColumn(PL('Field:CreationTime')),
          ]}
          schema={schema}
          blank={blank}
          toForm={(r) => ({
            ...r,
            siteCode: r.siteCode ?? '',
            minPrice: r.minPrice ?? '',
            maxPrice: r.maxPrice ?? '',
          })}
          fields={<RuleFields />}
        />
      </Col>
      {selected ? (
        <>
          <Col xs={24} xl={12}>
            <ChildRules<RetailRuleDto, typeof retailPriceRuleInput>
              key={`retail-${selected.id}`}
              testid="retail-rules"
              title={`${PL('RetailRules')} · ${selected.name}`}
              hint={PL('RetailRulesHint')}
              ruleId={selected.id}
              queryKey={pricingKeys.retail(selected.id)}
              api={retailRulesApi}
              schema={retailPriceRuleInput}
              blank={{ costFrom: '', costTo: '', markupPct: '', targetMarginPct: '', remark: '' }}
              toForm={(r) => ({
                costFrom: r.costFrom,
                costTo: r.costTo ?? '',
                markupPct: r.markupPct ?? '',
                targetMarginPct: r.targetMarginPct ?? '',
                remark: r.remark ?? '',
              })}
              createTitle={PL('New:RetailRule')}
              editTitle={PL('Edit:RetailRule')}
              columns={[
                {
                  key: 'range',
                  title: `${PL('Field:CostFrom')} – ${PL('Field:CostTo')}`,
                  render: (_v, r) => `${r.costFrom} – ${r.costTo ?? PL('NoUpperBound')} ${selected.currencyFrom}`,
                },
                {
                  key: 'markup',
                  title: PL('Field:MarkupPct'),
                  dataIndex: 'markupPct',
                  render: (v: string | null) => (v === null ? '—' : pct(v)),
                },
                {
                  key: 'margin',
                  title: PL('Field:TargetMarginPct'),
                  dataIndex: 'targetMarginPct',
                  render: (v: string | null) => (v === null ? '—' : pct(v)),
                },
                { key: 'remark', title: PL('Field:Remark'), dataIndex: 'remark', ellipsis: true },
              ]}
              fields={
                <Row gutter={12}>
                  <Col xs={12}>
                    <DecimalField name="costFrom" label={PL('Field:CostFrom')} data-testid="retail-costFrom" />
                  </Col>
                  <Col xs={12}>
                    <DecimalField
                      name="costTo"
                      label={PL('Field:CostTo')}
                      placeholder={PL('NoUpperBound')}
                      data-testid="retail-costTo"
                    />
                  </Col>
                  <Col xs={12}>
                    <DecimalField
                      name="markupPct"
                      label={PL('Field:MarkupPct')}
                      suffix="%"
                      data-testid="retail-markupPct"
                    />
                  </Col>
                  <Col xs={12}>
                    <DecimalField
                      name="targetMarginPct"
                      label={PL('Field:TargetMarginPct')}
                      suffix="%"
                      data-testid="retail-targetMarginPct"
                    />
                  </Col>
                  <Col xs={24}>
                    <TextField name="remark" label={PL('Field:Remark')} maxLength={256} data-testid="retail-remark" />
                  </Col>
                </Row>
              }
            />
          </Col>
          <Col xs={24} xl={12}>
            <ChildRules<TierRuleDto, typeof tierPriceRuleInput>
              key={`tiers-${selected.id}`}
              testid="tier-rules"
              title={`${PL('TierRules')} · ${selected.name}`}
              hint={PL('TierRulesHint')}
              ruleId={selected.id}
              queryKey={pricingKeys.tiers(selected.id)}
              api={tierRulesApi}
              schema={tierPriceRuleInput}
              blank={{ minQuantity: undefined, maxQuantity: null, discountPct: '' }}
              toForm={(r) => ({ minQuantity: r.minQuantity, maxQuantity: r.maxQuantity, discountPct: r.discountPct })}
              createTitle={PL('New:TierRule')}
              editTitle={PL('Edit:TierRule')}
              columns={[
                {
                  key: 'range',
                  title: PL('Field:Quantity'),
                  render: (_v, r) => `${r.minQuantity} – ${r.maxQuantity ?? PL('NoUpperBound')}`,
                },
                {
                  key: 'discount',
                  title: PL('Field:DiscountPct'),
                  dataIndex: 'discountPct',
                  render: pct,
                },
              ]}
              fields={
                <Row gutter={12}>
                  <Col xs={12}>
                    <CrudField name="minQuantity" label={PL('Field:MinQuantity')}>
                      <InputNumber style={{ width: '100%' }} min={1} precision={0} data-testid="tier-minQuantity" />
                    </CrudField>
                  </Col>
                  <Col xs={12}>
                    <CrudField name="maxQuantity" label={PL('Field:MaxQuantity')}>
                      <InputNumber
                        style={{ width: '100%' }}
                        min={1}
                        precision={0}
                        placeholder={PL('NoUpperBound')}
                        data-testid="tier-maxQuantity"
                      />
                    </CrudField>
                  </Col>
                  <Col xs={12}>
                    <DecimalField
                      name="discountPct"
                      label={PL('Field:DiscountPct')}
                      suffix="%"
                      data-testid="tier-discountPct"
                    />
                  </Col>
                </Row>
              }
            />
          </Col>
        </>
      ) : (
        <Col xs={24}>
          <Card size="small" data-testid="price-rule-children-empty">
            <Empty description={PL('ChooseRule')} />
          </Card>
        </Col>
      )}
      <Col xs={24}>
        <Calculator rule={selected} />
      </Col>
    </Row>
  );
}
