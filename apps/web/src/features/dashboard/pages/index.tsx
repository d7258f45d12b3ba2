import { ClusterOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { GUEST, Permissions } from '@seller/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbp } from '../../../lib/abp/config-store.ts';
import { useAccess } from '../../../lib/access.tsx';
import { hasText, localize } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session/store.ts';
import { type Figure, fetchRoleCount, fetchUserCount } from '../api.ts';

const PermissionChart = lazy(() => import('../components/PermissionChart.tsx'));

/** Permission name → its group's name (the registry's groups, not the name's first segment). */

function FigureCard({
  testid,
  title,
  icon,
  figure,
  loading,
}: {
  testid: string;
  title: string;
  icon: ReactNode;
  figure: Figure | string | number | undefined;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  let value: ReactNode;
  if (typeof figure === 'object' && figure) {
    value = figure.kind === 'value' ? figure.value : figure.kind === 'forbidden' ? t('dashboard.noAccess') : '-';
  } else value = figure ?? '-';
  return (
    <Card data-testid={testid}>
      <Statistic title={title} value={value as string | number} prefix={icon} loading={loading} />
    </Card>
  );
}

/** Home tab: real figures the platform already serves (users, roles, tenant, identity, grants). */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const access = useAccess();
  const config = useAbp((s) => s.config);
  const theme = useSession((s) => s.settings.theme);
  const user = config?.currentUser;
  const canUsers = access.can(Permissions.Users);
  const canRoles = access.can(Permissions.Roles);
  const users = useQuery({ queryKey: ['dashboard', 'user-count'], queryFn: fetchUserCount, enabled: canUsers });
  const roles = useQuery({ queryKey: ['dashboard', 'role-count'], queryFn: fetchRoleCount, enabled: canRoles });
  const granted = access.permissions.filter((p) => p !== GUEST);

  // the groups' display names come with the server's texts (resource `Permissions`), in the UI's language
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the language
  const byGroup = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of granted) {
      // a permission's group is the first part of its name (AbpIdentity.Users → AbpIdentity)
      const group = p.split('.')[0];
      counts.set(group, (counts.get(group) ?? 0) + 1);
    }
    return [...counts]
      .map(([group, value]) => {
        const key = `Permissions::PermissionGroup:${group}`;
        return { name: hasText(key) ? localize(key) : group, value };
      })
      .sort((a, b) => b.value - a.value);
  }, [granted, i18n.language, config]);

  const forbidden: Figure = { kind: 'forbidden' };
  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user?.name || user?.userName || '' })}
      </Typography.Title>
      <Row gutter={[16, 16]} data-testid="dashboard-stats">
        <Col xs={24} sm={12} lg={6}>
          <FigureCard
            testid="stat-users"
            title={t('dashboard.users')}
            icon={<UserOutlined />}
            figure={canUsers ? users.data : forbidden}
            loading={canUsers && users.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <FigureCard
            testid="stat-roles"
            title={t('dashboard.roles')}
            icon={<TeamOutlined />}
            figure={canRoles ? roles.data : forbidden}
            loading={canRoles && roles.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <FigureCard
            testid="stat-tenant"
            title={t('dashboard.tenant')}
            icon={<ClusterOutlined />}
            figure={config?.currentTenant?.name || t('common.host')}
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <FigureCard
            testid="stat-permissions"
            title={t('dashboard.permissions')}
            icon={<SafetyOutlined />}
            figure={granted.length}
          />
        </Col>
      </Row>
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
        <Col xs={24} lg={14}>
          <Card title={t('dashboard.permissionsByGroup')}>
            {byGroup.length ? (
              <Suspense fallback={<Skeleton active />}>
                <PermissionChart data={byGroup} color={theme} />
              </Suspense>
            ) : (
              <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
