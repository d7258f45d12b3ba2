import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Switch,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { type FeatureDto, featuresApi, LT, type TenantDto } from '../api.ts';

interface Props {
  tenant: TenantDto | null;
  onClose(): void;
}

/** Form field names cannot contain dots (antd reads them as paths): features are keyed by index. */
const fieldOf = (i: number) => `f${i}`;

function FeatureInput({
  feature,
  ...field
}: {
  feature: FeatureDto;
  value?: never;
  onChange?: never;
  checked?: never;
}) {
  // value/checked and onChange come from the enclosing Form.Item
  const vt = feature.valueType;
  const testid = `feature-${feature.name}`;
  if (vt.name === 'ToggleStringValueType') return <Switch {...field} data-testid={testid} />;
  if (vt.name === 'SelectionStringValueType') {
    return (
      <Select
        {...field}
        data-testid={testid}
        options={(vt.itemSource?.items ?? []).map((i) => ({
          value: i.value,
          label: localize(`${i.displayText.resourceName}::${i.displayText.name}`),
        }))}
      />
    );
  }
  if (vt.validator?.name === 'NUMERIC') {
    const p = vt.validator.properties ?? {};
    return (
      <InputNumber
        {...field}
        data-testid={testid}
        style={{ width: 200 }}
        min={Number(p.MinValue ?? Number.MIN_SAFE_INTEGER)}
        max={Number(p.MaxValue ?? Number.MAX_SAFE_INTEGER)}
        precision={0}
      />
    );
  }
  const max = Number(vt.validator?.properties?.MaxLength ?? 0) || undefined;
  return <Input {...field} data-testid={testid} maxLength={max} allowClear />;
}

const toFormValue = (f: FeatureDto): unknown =>
  f.valueType.name === 'ToggleStringValueType'
    ? f.value === 'true'
    : f.valueType.validator?.name === 'NUMERIC'
      ? Number(f.value)
      : f.value;

const toWire = (f: FeatureDto, v: unknown): string =>
  f.valueType.name === 'ToggleStringValueType' ? String(!!v) : v === null || v === undefined ? '' : String(v);

/**
 * The features of one tenant, rendered by value type (toggle, selection, number, text),
 * including the sidebar's logo (App.Logo, with a preview) and site name (App.SiteName).
 */
export function FeaturesDialog({ tenant, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const id = tenant?.id ?? '';
  const query = useQuery({
    queryKey: ['tenants', id, 'features'],
    queryFn: () => featuresApi.get(id),
    enabled: !!tenant,
  });
  const features = (query.data?.groups ?? []).flatMap((g) => g.features);
  const logoIndex = features.findIndex((f) => f.name === 'App.Logo');
  const logo = Form.useWatch(logoIndex >= 0 ? fieldOf(logoIndex) : '__none', form) as string | undefined;

  // initialise once per loaded answer (keep-alive re-runs effects)
  useEffect(() => {
    if (!query.data) return;
    const list = query.data.groups.flatMap((g) => g.features);
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(list.map((f, i) => [fieldOf(i), toFormValue(f)])));
  }, [query.data, form]);

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const changed = features
      .map((f, i) => ({ f, value: toWire(f, values[fieldOf(i)]) }))
      .filter(({ f, value }) => value !== f.value);
    if (!changed.length) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await featuresApi.update(
        id,
        changed.map(({ f, value }) => ({ name: f.name, value })),
      );
      message.success(LT('Saved'));
      await queryClient.invalidateQueries({ queryKey: ['tenants', id, 'features'] });
      onClose();
    } catch (e) {
      if (e instanceof HttpError) {
        // members are `features.<index of the sent item>.value`
        form.setFields(
          e.validationErrors.flatMap((v) =>
            (v.members ?? []).flatMap((m) => {
              const sent = changed[Number(/^features\.(\d+)/.exec(m)?.[1] ?? -1)];
              return sent ? [{ name: fieldOf(features.indexOf(sent.f)), errors: [v.message] }] : [];
            }),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!tenant}
      title={LT('FeaturesOf', tenant?.name ?? '')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Popconfirm
            title={LT('ResetFeaturesConfirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              await featuresApi.reset(id);
              message.success(LT('Saved'));
              await queryClient.invalidateQueries({ queryKey: ['tenants', id, 'features'] });
            }}
          >
            <Button data-testid="features-reset">{LT('ResetFeatures')}</Button>
          </Popconfirm>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="features-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={query.isLoading}>
        <Form form={form} layout="vertical" data-testid="features-dialog" onFinish={() => void save()}>
          {(query.data?.groups ?? []).map((g) => (
            <div key={g.name}>
              <Divider titlePlacement="start">{g.displayName}</Divider>
              {g.features.map((f) => {
                const i = features.indexOf(f);
                return (
                  <Form.Item
                    key={f.name}
                    name={fieldOf(i)}
                    label={f.displayName}
                    extra={f.description}
                    valuePropName={f.valueType.name === 'ToggleStringValueType' ? 'checked' : 'value'}
                    style={{ marginLeft: f.depth * 24 }}
                  >
                    <FeatureInput feature={f} />
                  </Form.Item>
                );
              })}
              {g.name === 'App' && logoIndex >= 0 && (
                <Space style={{ marginBottom: 16 }}>
                  <span>{LT('LogoPreview')}:</span>
                  <Avatar shape="square" size={40} src={logo || undefined} icon={<AppstoreOutlined />} />
                </Space>
              )}
            </div>
          ))}
          <button type="submit" hidden aria-hidden />
        </Form>
      </Spin>
    </Modal>
  );
}
