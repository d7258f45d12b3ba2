import { BellOutlined } from '@ant-design/icons';
import { Limits, NotificationReadState } from '@seller/contracts/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PagedResult } from '../../lib/abp/types.ts';
import { HttpError } from '../../lib/http/errors.ts';
import { http } from '../../lib/http/index.ts';

interface UserNotification {
  id: string;
  name: string;
  creationTime: string;
  severity?: number;
  data?: { extraProperties?: { title?: string; message?: string; description?: string } };
}

const PAGE_SIZE = Limits.defaultPageSize;
const empty: PagedResult<UserNotification> = { totalCount: 0, items: [] };

/**
 * Unread notifications, one page of 10 at a time. The notifications module is not there yet: a 404
 * reads as "nothing to show" (the live part arrives with that module).
 */
async function fetchPage(skipCount: number): Promise<PagedResult<UserNotification>> {
  try {
    const page = await http.get<PagedResult<UserNotification>>(
      '/api/my-notifilers/user-notifications',
      { skipCount, maxResultCount: PAGE_SIZE, readState: NotificationReadState.UnRead },
      { notify: (e) => e.status !== 404 && e.status !== 403 },
    );
    return page ?? empty;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 404 || e.status === 403)) return empty;
    throw e;
  }
}

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ['my-notifications', 'unread'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
    staleTime: 60_000,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.totalCount ?? 0;

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 20 && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  };

  const panel = (
    <div className="app-notify-panel" data-testid="notification-panel">
      <Tabs
        size="small"
        centered
        items={[
          {
            key: 'notifications',
            label: t('layout.notifications'),
            children: (
              <div className="app-notify-list" style={{ height: Limits.notificationPanelHeight }} onScroll={onScroll}>
                {items.length === 0 && !query.isFetching ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noNotifications')} />
                ) : (
                  <ul className="app-notify-items">
                    {items.map((n) => (
                      <li key={n.id} className="app-notify-item">
                        <Typography.Text strong ellipsis>
                          {n.data?.extraProperties?.title ?? n.name}
                        </Typography.Text>
                        <Typography.Text type="secondary" ellipsis>
                          {n.data?.extraProperties?.message ?? n.data?.extraProperties?.description ?? ''}
                        </Typography.Text>
                        <div className="app-notify-time">{dayjs(n.creationTime).format('YYYY-MM-DD HH:mm')}</div>
                      </li>
                    ))}
                  </ul>
                )}
                {query.isFetching && (
                  <div className="app-notify-loading">
                    <Spin size="small" />
                  </div>
                )}
              </div>
            ),
          },
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
      <Button type="text" data-testid="notification-bell" aria-label={t('layout.notifications')}>
        <Badge count={total} size="small" offset={[4, -2]}>
          <BellOutlined />
        </Badge>
      </Button>
    </Dropdown>
  );
}
