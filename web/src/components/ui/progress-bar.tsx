import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { inset-inline-start: -40%; }
  to { inset-inline-start: 100%; }
`;

/**
 * A thin indeterminate progress bar, named for screen readers: what MUI's LinearProgress draws
 * while something loads, in a few lines, so the first screens do not carry its ~2 kB. The
 * baseline's reduced-motion rule (lib/display/theme.ts) stops the slide.
 */
export function ProgressBar({ label, testId }: { label: string; testId?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      data-testid={testId}
      sx={{ position: 'relative', height: 4, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.4s ease-in-out infinite`,
        }}
      />
    </Box>
  );
}
