import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A phone-sized window: below MUI's `sm` (600 px). The plan version shows as cards (its grid needs a
 * wide screen) and dialogs fill the screen. A tablet or a half-width desktop window keeps the grid,
 * where lines can still be edited.
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/** Below MUI's `md` (900 px), where the drawer is temporary: wide tables of many columns become cards. */
export function useNarrow(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}
