import { UserSwitchOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbp } from '../../lib/abp/config-store.ts';
import { localize } from '../../lib/i18n/index.ts';
import { Access } from '../Access.tsx';
import { startImpersonation } from './impersonation.ts';

export interface ImpersonateButtonProps {
  /** The user to act as. A host administrator may leave it out and give `tenantId`: the tenant's admin. */
  userId?: string;
  /** Host only: the tenant of the user (or whose admin) to act as. */
  tenantId?: string | null;
  /** Shown in the confirmation ("Sign in as …?"). */
  userName?: string;
  /** Button look: a table-row link (default) or a regular button. */
  type?: 'link' | 'default';
  testid?: string;
}

/**
 * "Impersonate": confirms, then signs out and signs in as the user (spec §4, §7). Hidden without
 * `AbpIdentity.Users.Impersonation`, for the current user, and while already impersonating.
 */
export function ImpersonateButton({ userId, tenantId, userName, type = 'link', testid }: ImpersonateButtonProps) {
  useTranslation(); // re-render on language change
  const user = useAbp((s) => s.config?.currentUser);
  const [busy, setBusy] = useState(false);
  if (user?.impersonatorUserId) return null;
  if (userId && userId === user?.id && !tenantId) return null;
  const who = userName ?? localize('AbpIdentity::ImpersonateThisUser');
  return (
    <Access permission="AbpIdentity.Users.Impersonation">
      <Popconfirm
        title={localize('AbpIdentity::Impersonate')}
        description={localize('AbpIdentity::ImpersonateConfirm', who)}
        okButtonProps={{ loading: busy, 'data-testid': 'impersonate-confirm' } as never}
        onConfirm={async () => {
          setBusy(true);
          try {
            await startImpersonation(userId, tenantId);
          } catch {
            // the HTTP client has shown the error (refused, not found…)
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button
          type={type}
          size={type === 'link' ? 'small' : undefined}
          icon={<UserSwitchOutlined />}
          data-testid={testid ?? 'impersonate'}
        >
          {localize('AbpIdentity::Impersonate')}
        </Button>
      </Popconfirm>
    </Access>
  );
}
