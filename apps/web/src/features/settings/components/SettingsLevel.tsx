import { UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplicationConfiguration } from '../../../lib/abp/api.ts';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { LS, type SettingDto, type SettingGroup, type SettingLevel, SettingValueType, settingsApi } from '../api.ts';

const fieldOf = (i: number) => `s${i}`;

let timeZones: string[] | undefined;
function allTimeZones(): string[] {
  timeZones ??= (() => {
    try {
      return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
    } catch {
      return ['UTC', 'Asia/Shanghai'];
    }
  })();
  return timeZones;
}

const toForm = (s: SettingDto): unknown =>
  s.valueType === SettingValueType.Boolean
    ? s.value === 'true'
    : s.valueType === SettingValueType.Number
      ? Number(s.value)
      : s.value;

const toWire = (s: SettingDto, v: unknown): string =>
  s.valueType === SettingValueType.Boolean ? String(!!v) : v === null || v === undefined ? '' : String(v);

/** One setting, rendered by its value type: text, number, boolean or option. */
function SettingInput({
  setting,
  ...field
}: {
  setting: SettingDto;
  value?: never;
  onChange?: never;
  checked?: never;
}) {
  // value/checked and onChange come from the enclosing Form.Item
  const testid = `setting-${setting.name}`;
  switch (setting.valueType) {
    case SettingValueType.Boolean:
      return <Switch {...field} data-testid={testid} />;
    case SettingValueType.Number:
      return <InputNumber {...field} precision={0} style={{ width: 200, maxWidth: '100%' }} data-testid={testid} />;
    case SettingValueType.Option:
      return (
        <Select
          {...field}
          options={setting.options.map((o) => ({ value: o.value, label: o.name }))}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid={testid}
        />
      );
    default:
      if (setting.name === 'Abp.Timing.TimeZone') {
        return (
          <Select
            {...field}
            showSearch
            style={{ width: 240, maxWidth: '100%' }}
            options={allTimeZones().map((z) => ({ value: z, label: z }))}
            data-testid={testid}
          />
        );
      }
      return <Input {...field} allowClear style={{ width: 320, maxWidth: '100%' }} data-testid={testid} />;
  }
}

/** One group of settings with its own save button; only changed values are sent. */
function GroupCard({ level, group }: { level: SettingLevel; group: SettingGroup }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const initialValues = useMemo(
    () => Object.fromEntries(group.settings.map((s, i) => [fieldOf(i), toForm(s)])),
    [group],
  );
  // a fresh answer (after saving or reloading) re-initialises the fields
  useEffect(() => {
    form.setFieldsValue(initialValues);
  }, [initialValues, form]);

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const changed = group.settings
      .map((s, i) => ({ s, i, value: toWire(s, values[fieldOf(i)]) }))
      .filter(({ s, value }) => value !== s.value);
    if (!changed.length) {
      message.info(LS('NothingChanged'));
      return;
    }
    setSaving(true);
    try {
      const fresh = await settingsApi.change(
        level,
        changed.map(({ s, value }) => ({ name: s.name, value })),
      );
      queryClient.setQueryData(['settings', level], fresh);
      message.success(LS('SettingsSaved'));
      // site name, theme colour, language … come from the configuration: reload it
      fetchApplicationConfiguration()
        .then((config) => useAbp.getState().setConfig(config))
        .catch(() => undefined);
    } catch (e) {
      if (e instanceof HttpError) {
        form.setFields(
          e.validationErrors.flatMap((v) =>
            (v.members ?? []).flatMap((m) => {
              const sent = changed[Number(/^settings\.(\d+)/.exec(m)?.[1] ?? -1)];
              return sent ? [{ name: fieldOf(sent.i), errors: [v.message] }] : [];
            }),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={group.displayName}
      size="small"
      data-testid={`settings-group-${level}-${group.name}`}
      extra={
        <Button
          type="primary"
          size="small"
          loading={saving}
          onClick={() => void save()}
          data-testid={`settings-save-${level}-${group.name}`}
        >
          {LS('SaveGroup')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={() => void save()}>
        {group.settings.map((s, i) => (
          <Form.Item key={s.name} label={s.displayName} extra={s.description} style={{ marginBottom: 12 }}>
            {/* a flex row whose input may shrink: wide inputs must not push a phone's page sideways */}
            <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
              <div style={{ minWidth: 0 }}>
                <Form.Item
                  noStyle
                  name={fieldOf(i)}
                  valuePropName={s.valueType === SettingValueType.Boolean ? 'checked' : 'value'}
                >
                  <SettingInput setting={s} />
                </Form.Item>
              </div>
              <Tooltip title={`${LS('ResetHint')} · ${LS('DefaultValue', s.defaultValue || '""')}`}>
                <Button
                  size="small"
                  type="text"
                  icon={<UndoOutlined />}
                  aria-label={LS('ResetToDefault')}
                  onClick={() => form.setFieldValue(fieldOf(i), toForm({ ...s, value: s.defaultValue }))}
                />
              </Tooltip>
            </div>
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden />
        {!group.settings.length && <Empty description={t('crud.empty')} />}
      </Form>
    </Card>
  );
}

/** The settings of one level (global, current tenant or current user), grouped. */
export function SettingsLevel({ level }: { level: SettingLevel }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['settings', level], queryFn: () => settingsApi.get(level) });
  const groups = useMemo(() => query.data?.items ?? [], [query.data]);
  if (query.isLoading) return <Skeleton active />;
  if (!groups.length) return <Empty description={t('crud.empty')} />;
  return (
    <Row gutter={[16, 16]} data-testid={`settings-level-${level}`}>
      {groups.map((g) => (
        <Col key={g.name} xs={24} xl={12}>
          <GroupCard level={level} group={g} />
        </Col>
      ))}
    </Row>
  );
}
