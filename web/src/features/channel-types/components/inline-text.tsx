import Edit from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A text cell edited in place: the pencil (or a double click) opens a field; Enter or leaving it
 * saves when the text changed, Escape puts it back. `validate` answers an error text or null.
 */
export function InlineText({
  value,
  label,
  disabled,
  validate,
  onSave,
}: {
  value: string;
  label: string;
  disabled?: boolean;
  validate: (v: string) => string | null;
  onSave: (v: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = async () => {
    if (draft === null) return;
    const next = draft.trim();
    if (next === value) {
      setDraft(null);
      return;
    }
    const err = validate(next);
    setError(err);
    if (err) return;
    try {
      await onSave(next);
      setDraft(null);
    } catch {
      /* the screen showed the error; leave the field open */
    }
  };

  if (draft === null) {
    return (
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center' }}
        onDoubleClick={() => !disabled && setDraft(value)}
      >
        <span>{value}</span>
        {!disabled && (
          <IconButton size="small" aria-label={label} title={label} onClick={() => setDraft(value)}>
            <Edit fontSize="inherit" />
          </IconButton>
        )}
      </Stack>
    );
  }
  return (
    <TextField
      size="small"
      variant="standard"
      autoFocus
      value={draft}
      error={!!error}
      helperText={error ?? undefined}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      onChange={(e) => {
        setDraft(e.target.value);
        if (error) setError(validate(e.target.value.trim()));
      }}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        }
        if (e.key === 'Escape') {
          setDraft(null);
          setError(null);
        }
      }}
    />
  );
}
