import { PlusOutlined } from '@ant-design/icons';
import { stockAdjustmentInput, stockTransferInput } from '@seller/contracts/trade';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, parseForm, RemoveRowButton } from '../../../../components/crud/index.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { invalidateStock, SL, type StockWarehouse, stockApi } from '../../api/stock.ts';
import { SkuPicker, WarehouseSelect } from './parts.tsx';

export type VoucherKind = 'adjust' | 'transfer';

/**
 * The adjustment (or stock count) and transfer forms: a warehouse (two for a transfer), the
 * reason, lines of SKU and quantity. Checked with the shared schema, confirmed, then posted; the
 * server's refusals show under the fields it names (a line going negative under its quantity).
 */
export function VoucherDrawer(props: { kind: VoucherKind | null; warehouses: StockWarehouse[]; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [confirming, setConfirming] = useState<object | null>(null);
  const [posting, setPosting] = useState(false);
  const kind = props.kind;
  const mode = Form.useWatch('mode', form) ?? 'adjust';
  const source = Form.useWatch(kind === 'transfer' ? 'fromWarehouseId' : 'warehouseId', form) as string | undefined;
  const lines = (Form.useWatch('lines', form) as unknown[] | undefined) ?? [];
  const defaultWarehouse = props.warehouses.find((w) => w.isDefault)?.id ?? props.warehouses[0]?.id;

  useEffect(() => {
    if (!kind) return;
    form.resetFields();
    setConfirming(null);
    form.setFieldsValue(
      kind === 'adjust'
        ? { mode: 'adjust', warehouseId: defaultWarehouse, reason: '', lines: [{}] }
        : {
            fromWarehouseId: defaultWarehouse,
            toWarehouseId: props.warehouses.find((w) => w.id !== defaultWarehouse)?.id,
            reason: '',
            lines: [{}],
          },
    );
  }, [kind, form, defaultWarehouse, props.warehouses]);

  const check = () => {
    if (!kind) return;
    const values = form.getFieldsValue(true);
    const parsed = parseForm(kind === 'adjust' ? stockAdjustmentInput : stockTransferInput, values, form);
    if (parsed) setConfirming(parsed);
  };

  const post = async () => {
    if (!kind || !confirming) return;
    setPosting(true);
    try {
      const voucher =
        kind === 'adjust'
          ? await stockApi.adjust(confirming as Parameters<typeof stockApi.adjust>[0])
          : await stockApi.transfer(confirming as Parameters<typeof stockApi.transfer>[0]);
      message.success(SL('Posted', voucher.voucherNo));
      await invalidateStock(client);
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form, e) && e instanceof HttpError && e.status === 409) {
        const member = e.error?.data?.member;
        if (typeof member === 'string')
          form.setFields([
            {
              name: member.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
              errors: [e.error?.message ?? ''],
            },
          ]);
      }
    } finally {
      setPosting(false);
      setConfirming(null);
    }
  };

  const name = (id: string | undefined) => props.warehouses.find((w) => w.id === id)?.code ?? '';
  const question =
    kind === 'transfer'
      ? SL(
          'ConfirmTransfer',
          lines.length,
          name(form.getFieldValue('fromWarehouseId')),
          name(form.getFieldValue('toWarehouseId')),
        )
      : SL('ConfirmAdjust', lines.length);
  const quantityField = kind === 'adjust' && mode === 'count' ? 'countedQty' : 'quantity';

  return (
    <Drawer
      open={!!kind}
      title={kind === 'transfer' ? SL('TransferTitle') : SL('AdjustTitle')}
      size={720}
      onClose={props.onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Popconfirm
            open={!!confirming}
            title={question}
            okText={SL('Post')}
            cancelText={t('common.cancel')}
            okButtonProps={{ loading: posting, 'data-testid': 'stock-voucher-confirm' } as ButtonProps}
            onConfirm={post}
            onCancel={() => setConfirming(null)}
          >
            <Button type="primary" onClick={check} loading={posting} data-testid="stock-voucher-post">
              {SL('Post')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="stock-voucher-form">
        {kind === 'adjust' ? (
          <>
            <Form.Item name="mode" label={SL('Mode')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'adjust', label: SL('Mode:adjust') },
                  { value: 'count', label: SL('Mode:count') },
                ]}
                data-testid="stock-voucher-mode"
              />
            </Form.Item>
            <Form.Item name="warehouseId" label={SL('Warehouse')} required>
              <WarehouseSelect
                warehouses={props.warehouses}
                testid="stock-voucher-warehouse"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </>
        ) : (
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item name="fromWarehouseId" label={SL('FromWarehouse')} required style={{ flex: 1 }}>
              <WarehouseSelect warehouses={props.warehouses} testid="stock-voucher-from" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="toWarehouseId" label={SL('ToWarehouse')} required style={{ flex: 1 }}>
              <WarehouseSelect warehouses={props.warehouses} testid="stock-voucher-to" style={{ width: '100%' }} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item name="reason" label={SL('Reason')} required>
          <Input maxLength={256} data-testid="stock-voucher-reason" />
        </Form.Item>
        <div style={{ marginBottom: 8 }}>{SL('Lines')}</div>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
                  <Form.Item name={[field.name, 'variantId']} style={{ flex: 3 }}>
                    <SkuPicker warehouseId={source} testid={`stock-line-${i}-sku`} />
                  </Form.Item>
                  <Form.Item name={[field.name, quantityField]} style={{ flex: 1 }}>
                    <InputNumber
                      precision={0}
                      style={{ width: '100%' }}
                      placeholder={quantityField === 'countedQty' ? SL('CountedQty') : SL('QuantityHint')}
                      data-testid={`stock-line-${i}-qty`}
                    />
                  </Form.Item>
                  <RemoveRowButton
                    label={SL('RemoveLine')}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})} data-testid="stock-line-add">
                {SL('AddLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
