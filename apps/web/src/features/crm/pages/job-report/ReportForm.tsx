import { reportCategories, reportInput } from '@seller/contracts/crm';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Form, Input, Segmented, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { applyServerErrors, isRequired, parseForm, TextField } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LJ, type ReportDetail, reportsApi, reportsKeys, userLabel } from '../../api/reports.ts';
import { NumberTiles } from './NumberTiles.tsx';

interface Values {
  category: number;
  date: Dayjs | null;
  title?: string | null;
  content?: string;
  plan?: string | null;
  problems?: string | null;
  recipientIds: string[];
}

const ymd = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

/**
 * Writing or editing a report: its kind and a date (the period is computed by the server and shown
 * with the numbers it would take), title, content, plan, problems and recipients. Editing shows the
 * stored numbers with a refresh button while the period is unchanged. Checked with the contract's
 * schema; the server's refusals land on their fields.
 */
export function ReportForm(props: {
  open: boolean;
  report?: ReportDetail | null;
  onClose(): void;
  onSaved(report: ReportDetail): void;
}) {
  const { open, report, onClose, onSaved } = props;
  const ui = useUi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<ReportDetail | null>(null);
  const category = Form.useWatch('category', form) ?? 1;
  const date = ymd(Form.useWatch('date', form));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setCurrent(report ?? null);
    form.setFieldsValue(
      report
        ? {
            category: report.category,
            date: dayjs(report.startDate),
            title: report.title,
            content: report.content,
            plan: report.plan,
            problems: report.problems,
            recipientIds: report.recipients.map((r) => r.id),
          }
        : { category: 1, date: dayjs(), recipientIds: [] },
    );
  }, [open, report, form]);

  const samePeriod = !!current && current.category === category && date >= current.startDate && date <= current.endDate;
  const preview = useQuery({
    queryKey: reportsKeys.numbers(category, date),
    queryFn: () => reportsApi.numbers(category, date),
    enabled: open && !!date && !samePeriod,
  });
  const users = useQuery({ queryKey: reportsKeys.recipients, queryFn: () => reportsApi.recipients(), enabled: open });

  const refresh = async () => {
    if (!current) return;
    setBusy(true);
    try {
      setCurrent(await reportsApi.refreshNumbers(current.id));
      ui.message.success(LJ('Page:Refreshed'));
    } catch {
      // the HTTP client shows the refusal
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    const input = parseForm(
      reportInput,
      {
        ...v,
        date: ymd(v.date),
        title: v.title || null,
        content: v.content ?? '',
        concurrencyStamp: current?.concurrencyStamp,
      },
      form,
    );
    if (!input) return;
    setBusy(true);
    try {
      const saved = current ? await reportsApi.update(current.id, input) : await reportsApi.create(input);
      ui.message.success(current ? LJ('Page:Saved') : LJ('Page:Sent'));
      onSaved(saved);
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const required = (name: string) => isRequired(reportInput, name);
  const shown = samePeriod ? current : preview.data;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      title={report ? LJ('Page:Edit') : LJ('Page:Write')}
      destroyOnHidden
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{LJ('Page:Cancel')}</Button>
          <Button type="primary" loading={busy} onClick={save} data-testid="report-form-submit">
            {report ? LJ('Page:Save') : LJ('Page:Submit')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="report-form">
        <Space wrap align="start">
          <Form.Item name="category" label={LJ('Field:Category')} required>
            <Segmented<number>
              data-testid="report-form-category"
              options={reportCategories.map((c) => ({
                value: c,
                label: <span data-testid={`report-form-category-${c}`}>{LJ(`Short:${c}`)}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item name="date" label={LJ('Field:Date')} required>
            <DatePicker allowClear={false} data-testid="report-form-date" />
          </Form.Item>
        </Space>
        <div style={{ marginBottom: 16 }} data-testid="report-form-period">
          {shown ? (
            <>
              <Space style={{ marginBottom: 8 }} wrap>
                <Typography.Text strong>
                  {LJ('Page:PeriodOf', shown.period, shown.startDate, shown.endDate)}
                </Typography.Text>
                {samePeriod && (
                  <Button size="small" onClick={refresh} loading={busy} data-testid="report-form-refresh">
                    {LJ('Page:Refresh')}
                  </Button>
                )}
              </Space>
              <NumberTiles numbers={shown.numbers} testid="report-form-numbers" />
            </>
          ) : preview.isError ? (
            <Alert type="warning" title={LJ('Page:NumbersPreview')} />
          ) : (
            <Spin size="small" />
          )}
        </div>
        <TextField
          name="title"
          label={LJ('Field:Title')}
          maxLength={128}
          placeholder={LJ('Field:TitlePlaceholder')}
          data-testid="report-form-title"
        />
        <Form.Item name="content" label={LJ('Field:Content')} required={required('content')}>
          <Input.TextArea rows={5} maxLength={4000} data-testid="report-form-content" />
        </Form.Item>
        <Form.Item name="plan" label={LJ('Field:Plan')}>
          <Input.TextArea rows={3} maxLength={4000} data-testid="report-form-plan" />
        </Form.Item>
        <Form.Item name="problems" label={LJ('Field:Problems')}>
          <Input.TextArea rows={3} maxLength={4000} data-testid="report-form-problems" />
        </Form.Item>
        <Form.Item name="recipientIds" label={LJ('Field:Recipients')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isFetching}
            data-testid="report-form-recipients"
            options={(users.data?.items ?? []).map((u) => ({
              value: u.id,
              label: u.name && u.name !== u.userName ? `${userLabel(u)} (${u.userName})` : u.userName,
            }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
