import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slide, { type SlideProps } from '@mui/material/Slide';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS, type SnackbarMessage } from './snackbar';

function SlideRight(props: SlideProps) {
  return <Slide {...props} direction="right" />;
}

/** SPEC §9: bottom-left, filled alert, slide transition; loaded with the first message. */
export default function SnackbarView({ current, open, onClose }: { current: (SnackbarMessage & { key: number }) | null; open: boolean; onClose: () => void }) {
  return (
    <Snackbar
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
        action={current?.action ? (
          <Button color="inherit" size="small" onClick={() => { onClose(); current.action?.onClick(); }}>{current.action.label}</Button>
        ) : undefined}
      >
        {current?.message}
      </Alert>
    </Snackbar>
  );
}
