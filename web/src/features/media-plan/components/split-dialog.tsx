import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanLine } from '../model/line-form';
import { amountText, checkSplit, proRataOf, splitOf, type MonthlySplit, type SplitMonth } from '../model/monthly-split';
import { day, money } from '../model/plan-figures';
import { SplitMonthField } from './split-month-field';
import { SplitSummary } from './split-summary';

export interface SplitDialogProps {
  line: PlanLine;
  currency: 1 | 2;
  locale: string;
  /** Shows the months without inputs to change them (approved versions, client users). */
  readOnly: boolean;
  /** Saves the line with this split (null: pro rata by days); resolves when saved (the dialog closes), rejects to keep it open (the error was shown). */
  onSave: (split: MonthlySplit | null) => Promise<void>;
  onClose: () => void;
}

const textsOf = (months: readonly SplitMonth[]) =>
  Object.fromEntries(months.map((m) => [m.month, amountText(m.amount)]));

/**
 * A plan line's monthly split: one amount per calendar month of its dates, prefilled with its split
 * or the pro-rata split by days, checked live through the money module's monthlyPlan (as
 * SaveMediaChannel checks it): Save only when the months add up to the budget exactly.
 */
export function SplitDialog({ line, currency, locale, readOnly, onSave, onClose }: SplitDialogProps) {
  const { t } = useTranslation();
  const initial = useMemo(() => splitOf(line), [line]);
  const months = useMemo(() => initial.map((m) => m.month), [initial]);
  const days = useMemo(() => new Map(initial.map((m) => [m.month, m.days])), [initial]);
  const [texts, setTexts] = useState<Record<string, string>>(() => textsOf(initial));
  const { busy, save } = useSplitSave(onSave);
  const check = useMemo(() => checkSplit(line, months, texts), [line, months, texts]);
  const m = (minor: number) => money(minor, currency, locale);
  const hasSplit = !!line.MonthlySplit;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly && !busy && check.split) void save(check.split);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="split-dialog-title">
      <form onSubmit={submit} noValidate data-testid="split-dialog" data-read-only={readOnly ? 'true' : 'false'}>
        <DialogTitle id="split-dialog-title">
          {t('mediaPlan.split.title', { name: line.Name || line.ChannelTypeName })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="split-mode">
            {t('mediaPlan.split.dates', { from: day(line.StartDate, locale), to: day(line.EndDate, locale) })}{' '}
            {t(hasSplit ? 'mediaPlan.split.custom' : 'mediaPlan.split.proRata')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
            {months.map((month) => (
              <SplitMonthField
                key={month}
                month={month}
                value={texts[month] ?? ''}
                days={days.get(month)}
                invalid={check.invalid.has(month)}
                disabled={readOnly || busy}
                currency={currency}
                locale={locale}
                onChange={(text) => setTexts((s) => ({ ...s, [month]: text }))}
              />
            ))}
          </Box>
          {!readOnly && (
            <Button
              size="small"
              sx={{ mt: 1 }}
              disabled={busy}
              onClick={() => setTexts(textsOf(proRataOf(line)))}
              data-testid="split-even"
            >
              {t('mediaPlan.split.even')}
            </Button>
          )}
          <SplitSummary check={check} m={m} />
          {!readOnly && check.reason && (
            <Typography variant="body2" color="error" role="status" sx={{ mt: 1.5 }} data-testid="split-reason">
              {t(check.reason)}
            </Typography>
          )}
        </DialogContent>
        <SplitActions
          readOnly={readOnly}
          busy={busy}
          canClear={hasSplit}
          canSave={!!check.split}
          onClear={() => void save(null)}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}

/** Saves through the editor, busy meanwhile; a refusal keeps the dialog open. */
function useSplitSave(onSave: (split: MonthlySplit | null) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const save = async (split: MonthlySplit | null) => {
    setBusy(true);
    try {
      await onSave(split);
    } catch {
      /* the editor showed the error; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}

/** Close when read-only; else Clear (back to pro rata), Cancel and Save. */
function SplitActions({
  readOnly,
  busy,
  canClear,
  canSave,
  onClear,
  onClose,
}: {
  readOnly: boolean;
  busy: boolean;
  canClear: boolean;
  canSave: boolean;
  onClear: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      {readOnly ? (
        <Button onClick={onClose}>{t('mediaPlan.split.close')}</Button>
      ) : (
        <>
          <Button color="warning" disabled={busy || !canClear} onClick={onClear} data-testid="split-clear">
            {t('mediaPlan.split.clear')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !canSave} data-testid="split-save">
            {t('common.save')}
          </Button>
        </>
      )}
    </DialogActions>
  );
}
