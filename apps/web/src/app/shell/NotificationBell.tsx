import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { Limits, NotificationReadState } from '@seller/contracts/constants';
import { Badge, Button, Dropdown, Empty, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { type UIEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconButton } from '../../components/IconButton.tsx';
import { featureValue, useAbp } from '../../lib/abp/config-store.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import {
  type NotificationStateChange,
  notificationHub,
  severityStyle,
  type UserNotification,
  useNotificationHub,
} from '../../lib/realtime.ts';
import { useUi } from '../../lib/ui-bridge.ts';
import { jobProgressToast } from './job-progress.tsx';

const PAGE_SIZE = Limits.defaultPageSize;
const FEATURE = 'Notifications.Enable';

/**
 * The unread list: the newest unread notifications the user has (a prefix of the server's list,
 * so the next page starts at `items.length`), and the unread count for the badge.
 */
interface Unread {
  items: UserNotification[];
  total: number;
  /** Recently removed here: the server's echo of the same change must not count twice. */
  gone: string[];
}

type Action =
  | { type: 'page'; skipCount: number; page: PagedResult<UserNotification> }
  | { type: 'push'; notification: UserNotification }
  | { type: 'remove'; id: string; wasUnread: boolean };

function unreadReducer(state: Unread, action: Action): Unread {
  switch (action.type) {
    case 'page': {
      const kept = state.items.slice(0, action.skipCount);
      const known = new Set(kept.map((n) => n.id));
      return {
        ...state,
        items: [...kept, ...action.page.items.filter((n) => !known.has(n.id))],
        total: action.page.totalCount,
      };
    }
    case 'push': {
      const n = action.notification;
      if (n.state !== NotificationReadState.UnRead || state.items.some((i) => i.id === n.id)) return state;
      // spec §4: on top, at most 20 kept (the oldest dropped)
      return { ...state, items: [n, ...state.items].slice(0, Limits.notificationListCap), total: state.total + 1 };
    }
    case 'remove': {
      if (state.gone.includes(action.id)) return state;
      const listed = state.items.some((i) => i.id === action.id);
      if (!listed && !action.wasUnread) return state;
      return {
        items: state.items.filter((i) => i.id !== action.id),
        total: Math.max(0, state.total - 1),
        gone: [action.id, ...state.gone].slice(0, 50),
      };
    }
  }
}

async function fetchUnread(skipCount: number): Promise<PagedResult<UserNotification>> {
  return http.get<PagedResult<UserNotification>>('/api/my-notifilers/user-notifications', {
    skipCount,
    maxResultCount: PAGE_SIZE,
    readState: NotificationReadState.UnRead,
    reverse: true,
  });
}

/** The top bar's bell; absent when the tenant has notifications turned off. */
export function NotificationBell() {
  const enabled = useAbp((s) => featureValue(s.config, FEATURE)) !== 'false';
  return enabled ? <LiveNotificationBell /> : null;
}

/**
 * Bell with the unread count; its dropdown has tabs for notifications and messages, a 200 px
 * panel that loads 10 more on scroll, and "view all". A live push adds the notification on top
 * with a toast; marking one read removes it and lowers the count (spec §2, §4).
 */
function LiveNotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = useUi();
  const [open, setOpen] = useState(false);
  const [state, dispatch] = useReducer(unreadReducer, { items: [], total: 0, gone: [] });
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);

  const load = useCallback(async (skipCount: number) => {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    try {
      dispatch({ type: 'page', skipCount, page: await fetchUnread(skipCount) });
    } catch {
      // the HTTP client has shown the error
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(0);
  }, [load]);

  const status = useNotificationHub({
    onNotification: (n) => {
      dispatch({ type: 'push', notification: n });
      const style = severityStyle(n.severity);
      const Icon = style.icon;
      notification.open({
        title: n.data.extraProperties.title || t('layout.newNotification'),
        description: n.data.extraProperties.message ?? n.data.extraProperties.description ?? '',
        icon: <Icon style={{ color: style.color }} />,
        className: 'app-notify-toast',
        // not over the bell the user is about to open
        placement: 'bottomRight',
      });
    },
    onJobProgress: (p) => {
      const toast = jobProgressToast(p, t);
      notification[toast.kind](toast.args);
    },
    onStateChange: (c: NotificationStateChange) => {
      if (c.deleted || c.state === NotificationReadState.Read) {
        dispatch({ type: 'remove', id: c.id, wasUnread: c.state === NotificationReadState.UnRead });
      } else {
        // marked unread elsewhere: it belongs somewhere in the list again
        void load(0);
      }
    },
  });

  // back after a dropped connection: what arrived meanwhile is only on the server
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current === 'waiting' && status === 'connected') void load(0);
    lastStatus.current = status;
  }, [status, load]);

  const markRead = async (id: string) => {
    dispatch({ type: 'remove', id, wasUnread: true });
    if (!(await notificationHub.changeState(id, NotificationReadState.Read))) void load(0);
  };

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 20 && state.items.length < state.total && !loading) {
      void load(state.items.length);
    }
  };

  const list = (
    <div
      className="app-notify-list"
      style={{ height: Limits.notificationPanelHeight }}
      onScroll={onScroll}
      data-testid="notification-list"
    >
      {state.items.length === 0 && !loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noNotifications')} />
      ) : (
        <ul className="app-notify-items">
          {state.items.map((n) => {
            const style = severityStyle(n.severity);
            const Icon = style.icon;
            const props = n.data.extraProperties;
            return (
              <li
                key={n.id}
                className="app-notify-item"
                data-testid="notification-item"
                data-id={n.id}
                style={{ flexDirection: 'row', gap: 8, alignItems: 'flex-start' }}
              >
                <Icon style={{ color: style.color, fontSize: 16, marginTop: 3 }} />
                <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}>
                  <Typography.Text strong ellipsis>
                    {props.title || n.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {props.message ?? props.description ?? ''}
                  </Typography.Text>
                  <div className="app-notify-time">{dayjs(n.creationTime).format('YYYY-MM-DD HH:mm')}</div>
                </div>
                <IconButton
                  title={t('layout.markAsRead')}
                  type="text"
                  size="small"
                  icon={<CheckOutlined />}
                  data-testid="notification-mark-read"
                  onClick={() => void markRead(n.id)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {loading && (
        <div className="app-notify-loading">
          <Spin size="small" />
        </div>
      )}
    </div>
  );

  const panel = (
    <div className="app-notify-panel" data-testid="notification-panel">
      <Tabs
        size="small"
        centered
        items={[
          { key: 'notifications', label: t('layout.notifications'), children: list },
          {
            key: 'messages',
            label: t('layout.messages'),
            children: (
              <div className="app-notify-list" style={{ height: Limits.notificationPanelHeight }}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noMessages')} />
              </div>
            ),
          },
        ]}
      />
      <div className="app-notify-footer">
        <Button
          type="link"
          size="small"
          data-testid="notification-view-all"
          onClick={() => {
            setOpen(false);
            navigate('/message/notification');
          }}
        >
          {t('layout.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} popupRender={() => panel} placement="bottomRight">
      <Button
        type="text"
        data-testid="notification-bell"
        data-hub={status}
        data-unread={state.total}
        aria-label={t('layout.notifications')}
      >
        <Badge count={state.total} size="small" offset={[4, -2]}>
          <BellOutlined />
        </Badge>
      </Button>
    </Dropdown>
  );
}
