import { Alert, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { LS, type SettingLevel } from '../../api.ts';
import { SettingsLevel } from '../../components/SettingsLevel.tsx';

const SETTINGS = 'AbpSettingManagement.Settings';

/**
 * /admin/settings: setting groups of the global (host), tenant and current-user levels. The
 * global level is shown on the host, the tenant level inside a tenant, both to holders of
 * the settings permission; everyone has their own level.
 */
export default function SettingsPage() {
  useTranslation(); // re-render on language change
  const { can } = useAccess();
  const inTenant = !!useAbp((s) => s.config?.currentTenant?.id);
  const levels: SettingLevel[] = [...(can(SETTINGS) ? [inTenant ? 'tenant' : 'global'] : []), 'user'] as SettingLevel[];
  const [active, setActive] = useState<SettingLevel>(levels[0]);
  const label: Record<SettingLevel, string> = {
    global: LS('Level:Global'),
    tenant: LS('Level:Tenant'),
    user: LS('Level:User'),
  };
  const hint: Record<SettingLevel, string> = {
    global: LS('LevelHint:Global'),
    tenant: LS('LevelHint:Tenant'),
    user: LS('LevelHint:User'),
  };
  return (
    <Card data-testid="settings-page">
      <Tabs
        activeKey={levels.includes(active) ? active : levels[0]}
        onChange={(k) => setActive(k as SettingLevel)}
        destroyOnHidden
        items={levels.map((level) => ({
          key: level,
          label: <span data-testid={`settings-tab-${level}`}>{label[level]}</span>,
          children: (
            <>
              <Alert type="info" showIcon title={hint[level]} style={{ marginBottom: 16 }} />
              <SettingsLevel level={level} />
            </>
          ),
        }))}
      />
    </Card>
  );
}
