import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { ThemeColors } from '@seller/contracts/constants';
import { Button, Divider, Drawer, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { type LayoutSettings, type UiSize, useSession } from '../../lib/session/store.ts';
import { useUi } from '../../lib/ui-bridge.ts';

const toggles: Array<{ key: Exclude<keyof LayoutSettings, 'theme'>; label: string; testid: string }> = [
  { key: 'tagsView', label: 'layout.tagsView', testid: 'setting-tags-view' },
  { key: 'sidebarLogo', label: 'layout.sidebarLogo', testid: 'setting-sidebar-logo' },
  { key: 'fixedHeader', label: 'layout.fixedHeader', testid: 'setting-fixed-header' },
  { key: 'sidebarTextTheme', label: 'layout.sidebarTextTheme', testid: 'setting-sidebar-text-theme' },
];

/**
 * The right-hand settings panel (spec §2): theme colour, tags view, logo, fixed header, text theme.
 * Opened by a button in the top bar at every width (a button floating at the right edge covered
 * page content, such as a table's last column).
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = useUi();
  const [open, setOpen] = useState(false);
  const settings = useSession((s) => s.settings);
  const size = useSession((s) => s.size);
  const { setSettings, setSize } = useSession.getState();

  const pickTheme = (color: string) => {
    if (color === settings.theme) return;
    // antd recolours through the colorPrimary token: no stylesheet to fetch, the message is brief
    message.loading({ content: t('layout.compilingTheme'), key: 'theme', duration: 0.8 });
    setSettings({ theme: color });
  };

  return (
    <>
      <Button
        type="text"
        icon={<SettingOutlined />}
        data-testid="settings-button"
        aria-label={t('layout.settings')}
        onClick={() => setOpen(true)}
      />
      <Drawer open={open} onClose={() => setOpen(false)} title={t('layout.settings')} size={280} placement="right">
        <div data-testid="settings-drawer" className="app-settings">
          <div className="app-settings-row">
            <span>{t('layout.themeColor')}</span>
          </div>
          <div className="app-theme-swatches">
            {ThemeColors.map((c) => (
              <button
                type="button"
                key={c}
                title={c}
                className="app-theme-swatch"
                data-testid={`theme-color-${c.slice(1)}`}
                aria-pressed={c.toLowerCase() === settings.theme.toLowerCase()}
                style={{ background: c }}
                onClick={() => pickTheme(c)}
              >
                {c.toLowerCase() === settings.theme.toLowerCase() && <CheckOutlined />}
              </button>
            ))}
          </div>
          <Divider />
          {toggles.map((x) => (
            <div className="app-settings-row" key={x.key}>
              <span>{t(x.label)}</span>
              <Switch
                size="small"
                data-testid={x.testid}
                checked={settings[x.key]}
                onChange={(v) => setSettings({ [x.key]: v })}
              />
            </div>
          ))}
          <Divider />
          <div className="app-settings-row">
            <span>{t('layout.size')}</span>
            <Radio.Group
              size="small"
              value={size}
              onChange={(e) => setSize(e.target.value as UiSize)}
              optionType="button"
              options={[
                { value: 'small', label: t('layout.sizeSmall') },
                { value: 'medium', label: t('layout.sizeMedium') },
                { value: 'large', label: t('layout.sizeLarge') },
              ]}
            />
          </div>
          <div className="app-settings-row">
            <span>{t('common.language')}</span>
            <LanguageSwitch showLabel />
          </div>
        </div>
      </Drawer>
    </>
  );
}
