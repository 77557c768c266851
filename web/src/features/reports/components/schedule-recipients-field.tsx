import Autocomplete from '@mui/material/Autocomplete';
import Chip, { type ChipProps } from '@mui/material/Chip';
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
              return (
                <RecipientChip
                  key={key}
                  chipProps={item}
                  email={email}
                  problem={itemError(index)}
                  state={outside?.[email.toLowerCase()]}
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

/** One recipient: red when its address is in error, an outside recipient's state (pending: amber) after it. */
function RecipientChip({
  chipProps,
  email,
  problem,
  state,
}: {
  chipProps: ChipProps;
  email: string;
  problem: string | undefined;
  state: NonNullable<ScheduleForm['Outside']>[string] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Chip
      {...chipProps}
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
}

/** The indexes an array's errors hold (react-hook-form keeps a sparse array). */
function initialIndexes(errs: object | undefined): number[] {
  return errs
    ? Object.keys(errs)
        .filter((k) => /^\d+$/.test(k))
        .map(Number)
    : [];
}
