import { siteSettingsInput } from '@seller/contracts/sitekit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, InputNumber, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyServerErrors, FormSection, parseForm, zodRule } from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { paymentTypeOptions, type SiteSettings, SL, sitekitKeys, sitesApi } from '../../api.ts';

type Field = Exclude<keyof SiteSettings, 'siteId' | 'concurrencyStamp'> & string;

const NUMBERS: { name: Field; min: number; max: number }[] = [
  { name: 'cancelUnpaidAfterMinutes', min: 0, max: 10_080 },
  { name: 'abandonCartAfterHours', min: 1, max: 720 },
  { name: 'expireEmptyCartsAfterHours', min: 1, max: 720 },
  { name: 'expireAnonymousCartsAfterDays', min: 1, max: 365 },
  { name: 'expireContactCartsAfterDays', min: 1, max: 365 },
];
const SWITCHES: Field[] = [
  'reviewsMustBeApproved',
  'reviewsOnlyAfterPurchase',
  'oneReviewPerProduct',
  'notifyOwnerOfReviews',
];

/** A number field of the settings, checked by the shared schema. */
const numberField = ({ name, min, max }: (typeof NUMBERS)[number]) => (
  <Col xs={24} sm={12} key={name}>
    <Form.Item name={name} label={SL(`Setting:${name}`)} rules={[zodRule(siteSettingsInput, name)]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} data-testid={`site-setting-${name}`} />
    </Form.Item>
  </Col>
);

/** The settings form of one site: loaded, edited, saved whole with the site's stamp. */
function SettingsForm({ siteId, siteName }: { siteId: string; siteName: string }) {
  const [form] = Form.useForm();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const canEdit = useAccess().can('Sitekit.Sites.Update');
  const settings = useQuery({ queryKey: sitekitKeys.settings(siteId), queryFn: () => sitesApi.settings(siteId) });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  if (settings.isLoading) return <Skeleton active />;
  const save = async () => {
    const values = parseForm(siteSettingsInput, form.getFieldsValue(true), form);
    if (!values || !settings.data) return;
    setSaving(true);
    try {
      const fresh = await sitesApi.saveSettings(siteId, {
        ...values,
        concurrencyStamp: settings.data.concurrencyStamp,
      });
      queryClient.setQueryData(sitekitKeys.settings(siteId), fresh);
      void queryClient.invalidateQueries({ queryKey: sitekitKeys.sites });
      message.success(SL('SavedSettings', siteName));
    } catch (e) {
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" disabled={!canEdit} data-testid="site-settings" style={{ maxWidth: 760 }}>
      <FormSection title={SL('SectionCheckout')} />
      <Form.Item
        name="paymentTypes"
        label={SL('Setting:paymentTypes')}
        rules={[zodRule(siteSettingsInput, 'paymentTypes')]}
      >
        <Select mode="multiple" options={paymentTypeOptions()} data-testid="site-setting-paymentTypes" />
      </Form.Item>
      <Row gutter={12}>{NUMBERS.slice(0, 1).map(numberField)}</Row>
      <FormSection title={SL('SectionCarts')} />
      <Row gutter={12}>{NUMBERS.slice(1).map(numberField)}</Row>
      <FormSection title={SL('SectionReviews')} />
      <Row gutter={12}>
        {SWITCHES.map((name) => (
          <Col xs={24} sm={12} key={name}>
            <Form.Item name={name} label={SL(`Setting:${name}`)} valuePropName="checked">
              <Switch data-testid={`site-setting-${name}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {canEdit && (
        <Button type="primary" loading={saving} onClick={save} data-testid="site-settings-save">
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}

/** /publishingPlatform/site/Setting (站点设置): one site's checkout, cart and review rules; the site chosen is kept in the URL. */
export default function SiteSettingPage() {
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: sitekitKeys.siteOptions, queryFn: () => sitesApi.all() });
  const items = sites.data?.items ?? [];
  const chosen = items.find((s) => s.id === params.get('siteId')) ?? items[0];
  return (
    <Card
      title={SL('Settings')}
      extra={
        <Select
          style={{ minWidth: 200 }}
          loading={sites.isLoading}
          value={chosen?.id}
          onChange={(siteId: string) => setParams({ siteId })}
          options={items.map((s) => ({ value: s.id, label: s.name }))}
          aria-label={SL('ChooseSite')}
          data-testid="site-settings-site"
        />
      }
    >
      {sites.isLoading ? (
        <Skeleton active />
      ) : chosen ? (
        <SettingsForm key={chosen.id} siteId={chosen.id} siteName={chosen.name} />
      ) : (
        <Empty description={SL('NoSites')} />
      )}
    </Card>
  );
}
