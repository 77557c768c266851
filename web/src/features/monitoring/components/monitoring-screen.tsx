import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataHealthTab } from './data-health-tab';
import { PacingAlertsTab } from './pacing-alerts-tab';
import { SyncRunsTab } from './sync-runs-tab';
import { UnmappedTab } from './unmapped-tab';

/**
 * The tabs, in order; the one shown is in the URL (`?tab=`), so a breadcrumb back from a screen
 * opened here returns to it.
 */
const TABS = ['health', 'runs', 'alerts', 'unmapped'] as const;
type TabId = (typeof TABS)[number];
const isTab = (v: string | null): v is TabId => TABS.includes(v as TabId);

const PANELS: Record<TabId, () => React.JSX.Element> = {
  health: DataHealthTab,
  runs: SyncRunsTab,
  alerts: PacingAlertsTab,
  unmapped: UnmappedTab,
};

/**
 * /systemMonitoring (OperationalReports): can the company trust its data? Each tab
 * reads again every 30 s while the browser tab is shown (monitoring-queries.ts).
 */
export function MonitoringScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = isTab(asked) ? asked : 'health';
  const Panel = PANELS[tab];
  return (
    <Paper sx={{ p: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, v: TabId) =>
          setParams(
            (p) => {
              p.set('tab', v);
              return p;
            },
            { replace: true },
          )
        }
        aria-label={t('menu.systemMonitoring')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`monitoring.tabs.${id}`)}
            id={`monitoring-tab-${id}`}
            aria-controls={`monitoring-panel-${id}`}
            data-testid={`tab-${id}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`monitoring-panel-${tab}`}
        aria-labelledby={`monitoring-tab-${tab}`}
        data-testid={`panel-${tab}`}
      >
        <Panel />
      </Box>
    </Paper>
  );
}
