import { RollbackOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backToImpersonator } from '../../components/impersonation/impersonation.ts';
import { useAbp } from '../../lib/abp/config-store.ts';
import { localize } from '../../lib/i18n/index.ts';

/** While impersonating: who is signed in, who acts for them, and the way back (spec §4). */
export function ImpersonationBanner() {
  useTranslation(); // re-render on language change
  const user = useAbp((s) => s.config?.currentUser);
  const tenantName = useAbp((s) => s.config?.currentTenant?.name);
  const [busy, setBusy] = useState(false);
  const impersonator = user?.impersonatorUserId;
  if (!impersonator) return null;
  const who = (name?: string | null, tenant?: string | null) => (tenant ? `${name} (${tenant})` : (name ?? ''));
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="impersonation-banner"
      title={localize(
        'AbpIdentity::ImpersonatingBanner',
        who(user.userName, tenantName),
        who(user.impersonatorUserName, user.impersonatorTenantName),
      )}
      action={
        <Button
          size="small"
          icon={<RollbackOutlined />}
          loading={busy}
          data-testid="impersonation-back"
          onClick={async () => {
            setBusy(true);
            try {
              await backToImpersonator(impersonator);
            } catch {
              // the HTTP client has shown the error
            } finally {
              setBusy(false);
            }
          }}
        >
          {localize('AbpIdentity::BackToImpersonator')}
        </Button>
      }
    />
  );
}
