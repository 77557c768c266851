import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OUTSIDE_STATE_KEYS, recipientsOf, type ScheduleForm } from './schedule-form';

/**
 * The schedule's recipients as chips: the company's active users offered, any address typed; a
 * chip in error is marked, an outside recipient shows its state.
 */
export function ScheduleRecipientsField({
  control,
  errors,
  emails,
  outside,
  label,
}: {
  control: Control<ScheduleForm>;
  errors: FieldErrors<ScheduleForm>;
  emails: string[];
  outside: ScheduleForm['Outside'];
  label: string;
}) {
  const { t } = useTranslation();
  // The chips' errors: one per address (its index), or the list's own (none, too many).
  const recipientErrors = errors.Recipients as unknown as
    | ({ message?: string } & Record<number, { message?: string } | undefined>)
    | undefined;
  const itemError = (i: number) => recipientErrors?.[i]?.message;
  const firstItemError = initialIndexes(recipientErrors).map(itemError).find(Boolean);
  const recipientsMessage = firstItemError ?? recipientErrors?.message;

  return (
    <Controller
      control={control}
      name="Recipients"
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          options={emails}
          value={field.value}
          filterSelectedOptions
          onChange={(_e, v) => field.onChange(recipientsOf(v))}
          renderValue={(value, getItemProps) =>
            value.map((email, index) => {
              const { key, ...item } = getItemProps({ index });
              const problem = itemError(index);
              const state = outside?.[email.toLowerCase()];
              return (
                <Chip
                  key={key}
                  {...item}
                  size="small"
                  label={state ? `${email} · ${t(OUTSIDE_STATE_KEYS[state])}` : email}
                  color={problem ? 'error' : state === 'pending' ? 'warning' : 'default'}
                  variant={problem ? 'filled' : 'outlined'}
                  title={problem}
                  data-testid="schedule-recipient"
                  data-address={email}
                  data-state={state}
                  data-invalid={problem ? 'true' : undefined}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              name="Recipients"
              label={label}
              required
              inputRef={field.ref}
              onBlur={field.onBlur}
              error={!!recipientsMessage}
              helperText={
                recipientsMessage ??
                t(emails.length ? 'reports.schedule.recipientsHintUsers' : 'reports.schedule.recipientsHint')
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  'data-testid': 'schedule-recipients-input',
                  dir: 'ltr',
                },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** The indexes an array's errors hold (react-hook-form keeps a sparse array). */
function initialIndexes(errs: object | undefined): number[] {
  return errs
    ? Object.keys(errs)
        .filter((k) => /^\d+$/.test(k))
        .map(Number)
    : [];
}
