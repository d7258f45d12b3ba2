import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu `meta.icon` names → antd icons: antd's own names without `Outlined` (what the seeded menus
 * use, `ToolOutlined` → `tool`), vue-element-admin svg names and a few obvious synonyms. Icons are
 * imported one by one (the whole icon set would weigh on every page); MenuIcon.test.tsx checks that
 * every name the seeded menus use is here.
 */
const icons: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  home: DashboardOutlined,
  user: UserOutlined,
  users: UserOutlined,
  peoples: TeamOutlined,
  people: TeamOutlined,
  team: TeamOutlined,
  idcard: IdcardOutlined,
  profile: IdcardOutlined,
  role: SafetyOutlined,
  safety: SafetyOutlined,
  roles: SafetyOutlined,
  lock: LockOutlined,
  permission: LockOutlined,
  setting: SettingOutlined,
  settings: SettingOutlined,
  tool: ToolOutlined,
  tenant: ClusterOutlined,
  cluster: ClusterOutlined,
  apartment: ApartmentOutlined,
  organization: ApartmentOutlined,
  tree: ClusterOutlined,
  'tree-table': ClusterOutlined,
  chart: BarChartOutlined,
  charts: BarChartOutlined,
  table: TableOutlined,
  list: TableOutlined,
  product: ShoppingOutlined,
  goods: ShoppingOutlined,
  shopping: ShoppingCartOutlined,
  order: ShoppingCartOutlined,
  shop: ShopOutlined,
  site: GlobalOutlined,
  international: GlobalOutlined,
  logistics: CarOutlined,
  physical: CarOutlined,
  guide: CarOutlined,
  money: AccountBookOutlined,
  finance: AccountBookOutlined,
  api: ApiOutlined,
  gateway: ApiOutlined,
  audit: AuditOutlined,
  log: FileTextOutlined,
  filesearch: FileSearchOutlined,
  search: FileSearchOutlined,
  documentation: FileTextOutlined,
  message: MessageOutlined,
  notification: BellOutlined,
  email: MessageOutlined,
  tab: TagsOutlined,
  tag: TagsOutlined,
  tags: TagsOutlined,
  component: AppstoreOutlined,
  appstore: AppstoreOutlined,
  example: AppstoreOutlined,
  nested: MenuOutlined,
  menu: MenuOutlined,
  layout: ContainerOutlined,
  container: ContainerOutlined,
  database: DatabaseOutlined,
  link: LinkOutlined,
};

/** The icon for a menu's `meta.icon`: an antd name (`ToolOutlined`) or a short one (`tool`); undefined if unknown. */
export const menuIconFor = (name: string): ComponentType | undefined =>
  icons[name.toLowerCase().replace(/outlined$/, '')];

export function MenuIcon({ name }: { name?: string | null }) {
  if (!name) return null;
  const Icon = menuIconFor(name) ?? AppstoreOutlined;
  return <Icon />;
}
