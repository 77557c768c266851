import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slide, { type SlideProps } from '@mui/material/Slide';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_AUTO_HIDE_MS, type SnackbarMessage } from './snackbar-message';

function SlideRight(props: SlideProps) {
  return <Slide {...props} direction="right" />;
}

/** MUI's own distance from the screen's edge for a bottom-left snackbar at sm and up. */
const EDGE_PX = 24;

/**
 * Bottom-left (bottom-right in Hebrew: the theme's RTL styles mirror it), filled alert,
 * slide transition; loaded with the first message. `inset` is the width kept clear at that side
 * (the open side drawer, which is on the same side in both directions): the message sits past it.
 */
export default function SnackbarView({
  current,
  open,
  onClose,
  inset = 0,
}: {
  current: (SnackbarMessage & { key: number }) | null;
  open: boolean;
  onClose: () => void;
  inset?: number;
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  // An inline style is not mirrored by the RTL styles, so it names the side itself.
  const side = theme.direction === 'rtl' ? 'right' : 'left';
  return (
    <Snackbar
      style={inset > 0 ? { [side]: inset + EDGE_PX } : undefined}
      data-testid="snackbar"
      key={current?.key}
      open={open}
      autoHideDuration={current?.action ? SNACKBAR_AUTO_HIDE_MS * 6 : SNACKBAR_AUTO_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slots={{ transition: SlideRight }}
    >
      <Alert
        variant="filled"
        severity={current?.severity ?? 'success'}
        onClose={onClose}
        role="alert"
        action={
          current?.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                onClose();
                current.action?.onClick();
              }}
            >
              {current.action.label}
            </Button>
          ) : undefined
        }
      >
        {current?.message ?? t('snackbar.archived')}
      </Alert>
    </Snackbar>
  );
}
