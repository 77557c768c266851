import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CableOutlined from '@mui/icons-material/CableOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';

/**
 * The side menu's icons, which features name in their menu entries (lib/feature.ts). A feature
 * names its icon instead of importing it because every feature's index.ts is in the start-up
 * bundle (the router reads them), and these SVGs (~2.7 kB gzip) belong to the signed-in layout's
 * chunk, not to the sign-in route's budget. A new icon is one line here.
 */
export const MENU_ICONS = {
  AccountTreeOutlined,
  AssessmentOutlined,
  AssignmentIndOutlined,
  CableOutlined,
  CurrencyExchangeOutlined,
  DashboardOutlined,
  FactCheckOutlined,
  GroupOutlined,
  HubOutlined,
  MonitorHeartOutlined,
  PsychologyOutlined,
  TableChartOutlined,
  TuneOutlined,
  ViewListOutlined,
  ViewQuiltOutlined,
};

export type MenuIconName = keyof typeof MENU_ICONS;
