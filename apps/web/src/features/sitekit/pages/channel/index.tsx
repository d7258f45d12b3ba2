import { siteCompanyInput, siteInput } from '@seller/contracts/sitekit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Form, Input, Modal, Row, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  Access,
  activeColumn,
  ConfirmButton,
  CrudField,
  creationTimeColumn,
  FormSection,
  ResourcePage,
  resourceTitles,
  TextField,
  zodValueRule,
} from '../../../../components/crud/index.ts';
import { settingValue, useAbp } from '../../../../lib/abp/config-store.ts';
import {
  type SiteDto,
  type SiteSecret,
  SL,
  sitekitKeys,
  siteLanguageName,
  siteLanguageOptions,
  sitePickersApi,
  sitesApi,
  timeZoneOptions,
} from '../../api.ts';

const schema = () => siteInput;
const L = (key: string) => SL(`DisplayName:${key}`);
const P = 'Sitekit.Sites';

const when = (v: string | null) => (v ? new Date(v).toLocaleString() : null);

/** Rotating asks first, saying until when the current secret keeps working (the grace setting). */
function RotateSecret({ site, onRotated }: { site: SiteDto; onRotated(secret: SiteSecret): void }) {
  const graceHours = Number(useAbp((s) => settingValue(s.config, 'Sitekit.SecretGraceHours')) ?? 24);
  const first = !site.secretHint;
  const until = new Date(Date.now() + graceHours * 3_600_000).toLocaleString();
  const question = first
    ? SL('IssueSecretConfirm', site.name)
    : graceHours > 0
      ? SL('RotateSecretConfirm', site.name, until)
      : SL('RotateSecretNoGrace', site.name);
  return (
    <Access permission={`${P}.RefreshToken`}>
      <ConfirmButton
        title={question}
        danger={!first && graceHours === 0}
        onConfirm={async () => onRotated(await sitesApi.rotateSecret(site.id))}
        testid={`sites-rotate-${site.code}`}
      >
        {first ? SL('IssueSecret') : SL('RotateSecret')}
      </ConfirmButton>
    </Access>
  );
}

/** The new secret, shown this once with a copy button. */
function NewSecret({ secret, onClose }: { secret: SiteSecret | null; onClose(): void }) {
  return (
    <Modal
      open={!!secret}
      title={SL('NewSecretTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {secret && (
        <>
          <Alert type="warning" showIcon title={SL('NewSecretOnce')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph
            code
            copyable={{ text: secret.secret, tooltips: [SL('Copy'), SL('Copied')] }}
            data-testid="site-new-secret"
            style={{ wordBreak: 'break-all' }}
          >
            {secret.secret}
          </Typography.Paragraph>
          {secret.previousSecretExpiresAt && (
            <Typography.Text type="secondary">
              {SL('PreviousSecretUntil', when(secret.previousSecretExpiresAt))}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}

const tags = (values: string[]) =>
  values.length ? values.map((v) => <Tag key={v}>{v}</Tag>) : <Typography.Text type="secondary">—</Typography.Text>;

/** /publishingPlatform/site/channel (站群管理): the seller's storefronts, their keys, status and last use. */
export default function SiteChannelPage() {
  const [secret, setSecret] = useState<SiteSecret | null>(null);
  const queryClient = useQueryClient();
  const rotated = (s: SiteSecret) => {
    setSecret(s);
    void queryClient.invalidateQueries({ queryKey: sitekitKeys.sites });
  };
  const warehouses = useQuery({ queryKey: sitekitKeys.warehouses, queryFn: sitePickersApi.warehouses });
  const rules = useQuery({ queryKey: sitekitKeys.priceRules, queryFn: sitePickersApi.priceRules });
  return (
    <>
      <ResourcePage<SiteDto, ReturnType<typeof schema>>
        testid="sites"
        queryKey={sitekitKeys.sites}
        {...resourceTitles(SL, 'Sites', 'New:Site', 'Edit:Site')}
        permission={P}
        api={sitesApi}
        defaultSorting="code asc"
        exportName={SL('Sites')}
        label={(r) => r.code}
        formWidth={720}
        columns={[
          {
            key: 'name',
            title: L('Name'),
            dataIndex: 'name',
            sortField: 'name',
            render: (v: string, r) => (
              <>
                <div>{v}</div>
                <Typography.Text type="secondary">{r.code}</Typography.Text>
              </>
            ),
          },
          { key: 'hosts', title: L('Hosts'), dataIndex: 'hosts', render: tags },
          {
            key: 'publishableKey',
            title: L('PublishableKey'),
            dataIndex: 'publishableKey',
            ellipsis: true,
            render: (v: string) => (
              <Typography.Text copyable={{ text: v, tooltips: [SL('Copy'), SL('Copied')] }} style={{ fontSize: 12 }}>
                {`${v.slice(0, 14)}…`}
              </Typography.Text>
            ),
          },
          {
            key: 'secretHint',
            title: L('Secret'),
            dataIndex: 'secretHint',
            render: (v: string, r) =>
              v ? (
                <>
                  <Typography.Text code>{v}</Typography.Text>
                  {r.previousSecretExpiresAt && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {SL('PreviousSecretUntil', when(r.previousSecretExpiresAt))}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ) : (
                <Typography.Text type="secondary">{SL('NoSecret')}</Typography.Text>
              ),
          },
          {
            key: 'languages',
            title: L('Languages'),
            dataIndex: 'languages',
            render: (v: string[]) => v.map(siteLanguageName).join(' / '),
          },
          {
            key: 'currencies',
            title: L('Currencies'),
            dataIndex: 'currencies',
            render: (v: string[]) => v.join(' / '),
          },
          { key: 'warehouseName', title: L('Warehouse'), dataIndex: 'warehouseName', defaultHidden: true },
          { key: 'priceRuleName', title: L('PriceRule'), dataIndex: 'priceRuleName', defaultHidden: true },
          activeColumn(L('IsActive'), { active: SL('Active'), inactive: SL('Inactive') }),
          {
            key: 'lastUsedAt',
            title: L('LastUsedAt'),
            dataIndex: 'lastUsedAt',
            sortField: 'lastUsedAt',
            render: (v: string | null) =>
              when(v) ?? <Typography.Text type="secondary">{SL('NeverUsed')}</Typography.Text>,
          },
          creationTimeColumn(L('CreationTime')),
        ]}
        moreRowActions={(r) => <RotateSecret site={r} onRotated={rotated} />}
        schema={schema}
        blank={{
          name: '',
          code: '',
          hosts: [],
          defaultLanguage: 'zh-Hans',
          languages: ['zh-Hans', 'en'],
          defaultCurrency: 'CNY',
          currencies: ['CNY'],
          timeZone: 'Asia/Shanghai',
          allowedOrigins: [],
          isActive: true,
        }}
        toForm={(r) => r}
        fields={
          <>
            <FormSection title={SL('SectionBasics')} />
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <TextField name="name" label={L('Name')} autoFocus data-testid="site-name" />
              </Col>
              <Col xs={24} sm={12}>
                <TextField name="code" label={L('Code')} data-testid="site-code" />
              </Col>
            </Row>
            <CrudField name="hosts" label={L('Hosts')} extra={SL('HostsHint')}>
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="site-hosts" />
            </CrudField>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <CrudField name="languages" label={L('Languages')}>
                  <Select mode="multiple" options={siteLanguageOptions()} data-testid="site-languages" />
                </CrudField>
              </Col>
              <Col xs={24} sm={12}>
                <CrudField name="defaultLanguage" label={L('DefaultLanguage')}>
                  <Select options={siteLanguageOptions()} data-testid="site-default-language" />
                </CrudField>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <CrudField name="currencies" label={L('Currencies')}>
                  <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="site-currencies" />
                </CrudField>
              </Col>
              <Col xs={24} sm={12}>
                <TextField
                  name="defaultCurrency"
                  label={L('DefaultCurrency')}
                  maxLength={3}
                  data-testid="site-default-currency"
                />
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <CrudField name="timeZone" label={L('TimeZone')}>
                  <Select showSearch options={timeZoneOptions()} data-testid="site-time-zone" />
                </CrudField>
              </Col>
              <Col xs={24} sm={12}>
                <TextField name="logoUrl" label={L('LogoUrl')} data-testid="site-logo" />
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <CrudField name="warehouseId" label={L('Warehouse')}>
                  <Select
                    allowClear
                    loading={warehouses.isLoading}
                    options={(warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
                    data-testid="site-warehouse"
                  />
                </CrudField>
              </Col>
              <Col xs={24} sm={12}>
                <CrudField name="priceRuleId" label={L('PriceRule')}>
                  <Select
                    allowClear
                    loading={rules.isLoading}
                    options={(rules.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    data-testid="site-price-rule"
                  />
                </CrudField>
              </Col>
            </Row>
            <CrudField name="isActive" label={L('IsActive')} valuePropName="checked">
              <Switch data-testid="site-active" />
            </CrudField>

            <FormSection title={SL('SectionConnection')} />
            <CrudField name="allowedOrigins" label={L('AllowedOrigins')} extra={SL('OriginsHint')}>
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="site-origins" />
            </CrudField>

            <FormSection title={SL('SectionCompany')} />
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name={['company', 'name']} label={L('CompanyName')}>
                  <Input data-testid="site-company-name" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name={['company', 'vat']} label={L('CompanyVat')}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name={['company', 'address']} label={L('CompanyAddress')}>
              <Input />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name={['company', 'phone']} label={L('CompanyPhone')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name={['company', 'email']}
                  label={L('CompanyEmail')}
                  rules={[zodValueRule(siteCompanyInput.shape.email)]}
                >
                  <Input data-testid="site-company-email" />
                </Form.Item>
              </Col>
            </Row>

            <FormSection title={SL('SectionSeo')} />
            <Form.Item name={['seo', 'title']} label={L('SeoTitle')}>
              <Input />
            </Form.Item>
            <Form.Item name={['seo', 'description']} label={L('SeoDescription')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name={['seo', 'keywords']} label={L('SeoKeywords')}>
              <Input />
            </Form.Item>
          </>
        }
      />
      <NewSecret secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
