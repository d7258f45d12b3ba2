import { ClusterOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import {
  type DashboardSource,
  type DashboardTile,
  type DashboardTileDto,
  dashboardGroups,
  tileGranted,
  tilesOf,
} from '@seller/contracts/dashboard';
import { Permissions } from '@seller/contracts/permissions';
import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { useAccess, useGrantedQuery } from '../../../lib/access.tsx';
import { localize } from '../../../lib/i18n/index.ts';
import { fetchRoleCount, fetchTiles, fetchUserCount } from '../api.ts';

function FigureCard(props: { testid: string; title: string; icon: ReactNode; value: ReactNode; loading?: boolean }) {
  return (
    <Card data-testid={props.testid}>
      <Statistic title={props.title} value={props.value as string} prefix={props.icon} loading={props.loading} />
    </Card>
  );
}

/**
 * A module's tiles the user holds (`dashboardTiles`), with their answer: its endpoint is asked
 * only when at least one is granted (the gate reads the first granted tile's permissions, which
 * include one the endpoint accepts), and it computes only those.
 */
function useTiles(source: DashboardSource, held: ReadonlySet<string>) {
  const all = tilesOf(source);
  const granted = all.filter((t) => tileGranted(t, held));
  const answer = useGrantedQuery((granted[0] ?? all[0]!).needs, {
    queryKey: ['dashboard', source],
    queryFn: () => fetchTiles(source),
  });
  const byId = new Map((answer.data?.tiles ?? []).map((t) => [t.id, t]));
  return granted.map((tile) => ({ tile, answer: byId.get(tile.id), loading: answer.isLoading }));
}

/** One tile: its figure, opening the list it counts filtered the same way (the query in the URL). */
function TileCard({ tile, answer, loading }: { tile: DashboardTile; answer?: DashboardTileDto; loading: boolean }) {
  const { t } = useTranslation();
  const title = localize(`Dashboard::Tile:${tile.id}`);
  let value: ReactNode = '-';
  if (answer?.count != null) value = answer.capped ? t('dashboard.atLeast', { count: answer.count }) : answer.count;
  else if (answer?.amount != null) value = `${answer.amount} ${answer.currency ?? ''}`.trim();
  const warn = tile.alert && (answer?.count ?? 0) > 0;
  const card = (
    <Card size="small" hoverable={!!answer} data-testid={`tile-${tile.id}`}>
      <Statistic
        title={title}
        value={value as string}
        loading={loading}
        styles={warn ? { content: { color: 'var(--ant-color-warning)' } } : undefined}
      />
      {answer?.problem && (
        <Typography.Text type="warning" data-testid={`tile-${tile.id}-problem`}>
          {answer.problem}
        </Typography.Text>
      )}
    </Card>
  );
  if (!answer) return card;
  const query = new URLSearchParams(answer.query).toString();
  return (
    <Link to={query ? `${tile.page}?${query}` : tile.page} aria-label={title}>
      {card}
    </Link>
  );
}

/**
 * Home tab: each role's work (a salesman's customers, follow-ups and orders; a stockman's
 * receiving, packing, shipping and low stock; finance's arrivals, statements and profit; the
 * overview's sales), the union of the user's roles. A tile shows only when its permissions are
 * granted, and the page asks for nothing else: no tile reads "no access".
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const config = useAbp((s) => s.config);
  const user = config?.currentUser;
  const held = new Set(access.permissions);
  const users = useGrantedQuery([Permissions.Users], {
    queryKey: ['dashboard', 'user-count'],
    queryFn: fetchUserCount,
  });
  const roles = useGrantedQuery([Permissions.Roles], {
    queryKey: ['dashboard', 'role-count'],
    queryFn: fetchRoleCount,
  });
  const tiles = [...useTiles('crm', held), ...useTiles('trade', held)];

  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user?.name || user?.userName || '' })}
      </Typography.Title>
      <Row gutter={[16, 16]} data-testid="dashboard-stats">
        <Col xs={24} sm={12} lg={6}>
          <FigureCard
            testid="stat-tenant"
            title={t('dashboard.tenant')}
            icon={<ClusterOutlined />}
            value={config?.currentTenant?.name || t('common.host')}
          />
        </Col>
        {[
          { testid: 'stat-users', title: t('dashboard.users'), icon: <UserOutlined />, query: users },
          { testid: 'stat-roles', title: t('dashboard.roles'), icon: <TeamOutlined />, query: roles },
        ].map(({ query, ...card }) =>
          query.allowed ? (
            <Col key={card.testid} xs={24} sm={12} lg={6}>
              <FigureCard {...card} value={query.data ?? '-'} loading={query.isLoading} />
            </Col>
          ) : null,
        )}
      </Row>
      <div data-testid="dashboard-tiles">
        {dashboardGroups.map((group) => {
          const mine = tiles.filter((x) => x.tile.group === group);
          if (!mine.length) return null;
          return (
            <section key={group} data-testid={`tiles-${group}`} style={{ marginTop: 16 }}>
              <Typography.Title level={5}>{t(`dashboard.group.${group}`)}</Typography.Title>
              <Row gutter={[16, 16]}>
                {mine.map((x) => (
                  <Col key={x.tile.id} xs={12} md={8} lg={6}>
                    <TileCard {...x} />
                  </Col>
                ))}
              </Row>
            </section>
          );
        })}
        {tiles.length ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="dashboard-no-tiles">
            {t('dashboard.noTiles')}
          </Typography.Paragraph>
        )}
      </div>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={10}>
          <Card title={t('dashboard.currentUser')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('profile.userName')}>{user?.userName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('profile.name')}>
                {[user?.surName, user?.name].filter(Boolean).join(' ') || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.email')}>{user?.email ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.phone')}>{user?.phoneNumber ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.userRoles')}>
                {user?.roles?.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : '-'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
