import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { ActivityView } from '../api/media-plan-api';

/** The activity's name, and its dates and budget once read. */
export function ActivityHeading({
  a,
  currency,
  locale,
}: {
  a: ActivityView | undefined;
  currency: 1 | 2;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="h5" component="h1" data-testid="activity-name">
        {a?.Name ?? t('titles.mediaPlan')}
      </Typography>
      {a && (
        <Typography variant="body2" color="text.secondary">
          {t('mediaPlan.activityLine', {
            from: formatDate(a.StartDate, locale),
            to: formatDate(a.EndDate, locale),
            budget: formatCurrency(a.Budget, currency, locale),
          })}
        </Typography>
      )}
    </Stack>
  );
}

/** No version yet: said (staff see that there is none, others that none is approved), and Create plan when allowed. */
export function NoPlan({
  staff,
  canCreate,
  creating,
  onCreate,
}: {
  staff: boolean;
  canCreate: boolean;
  creating: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 2, textAlign: 'center' }} data-testid="no-plan">
      <Typography color="text.secondary" sx={{ mb: canCreate ? 2 : 0 }}>
        {t(staff ? 'mediaPlan.noPlan' : 'mediaPlan.noApprovedPlan')}
      </Typography>
      {canCreate && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={onCreate}
          disabled={creating}
          data-testid="create-plan"
        >
          {t('mediaPlan.actions.createPlan')}
        </Button>
      )}
    </Box>
  );
}
