import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import type { Device } from '../../lib/device.ts';
import type { RouteMatch } from '../routes/route-table.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { ErrorLogButton, FullscreenButton, PluginButton, UserMenu } from './TopBarWidgets.tsx';

/**
 * Top bar: sidebar toggle, breadcrumbs, and the right menu (mobile hides plugin, fullscreen and
 * bell). The settings button sits here at every width: floating over the page it covered content.
 */
export function TopBar({
  match,
  device,
  sidebarOpen,
  onToggle,
}: {
  match?: RouteMatch;
  device: Device;
  sidebarOpen: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const mobile = device === 'mobile';
  return (
    <div className="app-navbar">
      <Button
        type="text"
        className="app-hamburger"
        data-testid="sidebar-toggle"
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={sidebarOpen}
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggle}
      />
      <Breadcrumbs match={match} />
      <div className="app-right-menu">
        {!mobile && <PluginButton />}
        {!mobile && <FullscreenButton />}
        {!mobile && <NotificationBell />}
        <ErrorLogButton />
        <LanguageSwitch />
        <SettingsDrawer />
        <UserMenu />
      </div>
    </div>
  );
}
