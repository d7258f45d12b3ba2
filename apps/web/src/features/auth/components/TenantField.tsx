import { TeamOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenantFromHost } from '../../../lib/tenant.ts';

/** Tenant name input, hidden when the host name already names the tenant. */
export function TenantField({ testid }: { testid: string }) {
  const { t } = useTranslation();
  if (tenantFromHost(location.hostname)) return null;
  return (
    <Form.Item name="tenant">
      <Input prefix={<TeamOutlined />} placeholder={t('login.tenantPlaceholder')} data-testid={testid} allowClear />
    </Form.Item>
  );
}

export const chosenTenant = (value: string | undefined) =>
  tenantFromHost(location.hostname) ?? (value?.trim() || undefined);
