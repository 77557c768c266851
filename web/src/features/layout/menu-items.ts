import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CableOutlined from '@mui/icons-material/CableOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import { ACCESS, type Permission, type Requirement } from '../../lib/authorization';

/** A side-menu entry (SPEC §3 "Menu item"); `requeredPermission` is spelled as the spec spells it. */
export interface MenuItem {
  id: string;
  /** i18n key of the title. */
  title: string;
  caption?: string;
  type: 'group' | 'collapse' | 'item' | (string & {});
  url?: string;
  icon?: SvgIconComponent;
  chip?: { label: string; color?: 'default' | 'primary' | 'secondary' };
  external?: boolean;
  target?: boolean;
  disabled?: boolean;
  locked?: boolean;
  systemAdminOnly?: boolean;
  requeredPermission?: readonly Permission[];
  children?: MenuItem[];
}

const item = (id: string, url: string, icon: SvgIconComponent, access: Requirement): MenuItem => ({
  id, title: `menu.${id}`, type: 'item', url, icon,
  ...(access.anyOf ? { requeredPermission: access.anyOf } : {}),
  ...(access.systemAdmin ? { systemAdminOnly: true } : {}),
});

/** The menu of SPEC §1/§6, with the permission each item needs. */
export const MENU_ITEMS: MenuItem[] = [
  {
    id: 'campaignManagement', title: 'menu.campaignManagement', type: 'group',
    children: [
      item('managerDashboard', '/dashboard/managerdashboard', DashboardOutlined, ACCESS.managerDashboard),
      item('systemMonitoring', '/systemMonitoring', MonitorHeartOutlined, ACCESS.operationalReports),
      item('accounts', '/accounts/list', AccountTreeOutlined, ACCESS.none),
      item('aiAnalytics', '/ai_analytics', PsychologyOutlined, ACCESS.systemAdmin),
      item('reports', '/performance/list', AssessmentOutlined, ACCESS.operationalReports),
    ],
  },
  {
    id: 'settings', title: 'menu.settings', type: 'group',
    children: [
      item('configurations', '/agentSettings/configurations', TuneOutlined, ACCESS.generalSettings),
      item('agentConnectors', '/agentSettings/connectors/list', CableOutlined, ACCESS.generalSettings),
      item('customColumns', '/customColumns/list', TableChartOutlined, ACCESS.generalSettings),
      item('templates', '/templates/list', ViewQuiltOutlined, ACCESS.generalSettings),
      item('users', '/Users/list', GroupOutlined, ACCESS.generalSettings),
    ],
  },
  {
    id: 'globalSettings', title: 'menu.globalSettings', type: 'group', systemAdminOnly: true,
    children: [
      item('channelTypes', '/globalSettings/channelTypes/list', ViewListOutlined, ACCESS.systemAdmin),
      item('globalConnectors', '/globalSettings/connectors/list', HubOutlined, ACCESS.systemAdmin),
    ],
  },
];
