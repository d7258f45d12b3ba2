import {
  BugOutlined,
  CloudDownloadOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  RollbackOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Modal, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from '../../components/IconButton.tsx';
import { backToImpersonator } from '../../components/impersonation/impersonation.ts';
import { settingValue, useAbp } from '../../lib/abp/config-store.ts';
import { SettingNames } from '../../lib/abp/types.ts';
import { useErrorLog } from '../../lib/error-log.ts';
import { logout } from '../../lib/session/lifecycle.ts';
import { useUi } from '../../lib/ui-bridge.ts';
import { loginWithRedirect } from '../guard.ts';

/**
 * Opens setting `App.PluginDownloadUrl`: a path of this app (the collector page by default) in
 * the app, an http(s) address in a new tab.
 */
export function PluginButton() {
  const { t } = useTranslation();
  const { message } = useUi();
  const navigate = useNavigate();
  const url = useAbp((s) => settingValue(s.config, SettingNames.pluginDownloadUrl));
  const open = () => {
    if (!url) message.info(t('layout.pluginUnavailable'));
    else if (/^\/(?!\/)/.test(url)) navigate(url);
    else window.open(url, '_blank', 'noopener');
  };
  return (
    <IconButton
      title={t('layout.pluginDownload')}
      type="text"
      icon={<CloudDownloadOutlined />}
      data-testid="plugin-download"
      onClick={open}
    />
  );
}

export function FullscreenButton() {
  const { t } = useTranslation();
  const { message } = useUi();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      message.warning(t('layout.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      message.warning(t('layout.fullscreenUnsupported'));
    }
  };
  return (
    <IconButton
      title={t('layout.fullscreen')}
      type="text"
      data-testid="fullscreen"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => void toggle()}
    />
  );
}

export function ErrorLogButton() {
  const { t } = useTranslation();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Tooltip title={t('layout.errorLog')}>
        <Badge count={logs.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            danger
            icon={<BugOutlined />}
            data-testid="error-log"
            aria-label={t('layout.errorLog')}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('layout.errorLog')}
        width={860}
        onCancel={() => setOpen(false)}
        footer={[
          <Button
            key="clear"
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('layout.errorLogClear')}
          </Button>,
          <Button key="ok" type="primary" onClick={() => setOpen(false)}>
            {t('common.ok')}
          </Button>,
        ]}
      >
        <Table
          size="small"
          rowKey="id"
          dataSource={logs}
          pagination={{ pageSize: 8 }}
          locale={{ emptyText: t('layout.errorLogEmpty') }}
          expandable={{ expandedRowRender: (r) => <pre className="app-error-stack">{r.stack}</pre> }}
          columns={[
            {
              title: t('layout.errorLogTime'),
              dataIndex: 'time',
              width: 170,
              render: (v: string) => new Date(v).toLocaleString(),
            },
            { title: t('layout.errorLogMessage'), dataIndex: 'message', ellipsis: true },
            { title: t('layout.errorLogUrl'), dataIndex: 'url', ellipsis: true, width: 240 },
          ]}
        />
      </Modal>
    </>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAbp((s) => s.config?.currentUser);
  const impersonator = user?.impersonatorUserId;
  const display = user?.name || user?.userName || '';
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          ...(impersonator
            ? [
                {
                  key: 'back',
                  icon: <RollbackOutlined />,
                  label: <span data-testid="back-to-impersonator">{t('layout.backToImpersonator')}</span>,
                },
              ]
            : []),
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: <span data-testid="menu-profile">{t('layout.personalInfo')}</span>,
          },
          {
            key: 'setting',
            icon: <SettingOutlined />,
            label: <span data-testid="menu-setting">{t('layout.personalSettings')}</span>,
          },
          { type: 'divider' as const },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('layout.logout')}</span> },
        ],
        onClick: async ({ key }) => {
          if (key === 'profile') navigate('/profile/index');
          else if (key === 'setting') navigate('/profile/setting');
          else if (key === 'back' && impersonator)
            await backToImpersonator(impersonator).catch(() => {}); // notified
          else if (key === 'logout') {
            const here = location.pathname + location.search;
            await logout();
            navigate(loginWithRedirect(here), { replace: true });
          }
        },
      }}
    >
      <Button type="text" className="app-user-menu" data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="app-user-name">{display}</span>
      </Button>
    </Dropdown>
  );
}
