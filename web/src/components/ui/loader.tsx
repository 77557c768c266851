import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';

/** The page loader hides itself after 5000 ms at most. */
export const LOADER_AUTO_HIDE_MS = 5000;

/** A thin progress bar at the top of the page (route chunks loading, start-up). */
export function Loader() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setVisible(false), LOADER_AUTO_HIDE_MS);
    return () => clearTimeout(id);
  }, []);
  if (!visible) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1301 }} data-testid="page-loader">
      <ProgressBar label={t('common.loading')} />
    </Box>
  );
}
