import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_TYPES } from '@server/shared/company-logo';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { companyLogoQuery } from '../../../lib/company-logo';
import { useDeleteCompanyLogo, useSaveCompanyLogo } from '../api/logo-api';
import { logoBase64, logoRefusal } from '../model/logo-file';

/** The logo as the top bar shows it, in its box; "no logo" when there is none. */
function LogoPreview({ logo, name }: { logo?: { ContentType: string; Data: string } | null; name: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        width: 200,
        height: 64,
        display: 'flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        p: 1,
      }}
    >
      {logo ? (
        <Box
          component="img"
          src={`data:${logo.ContentType};base64,${logo.Data}`}
          alt={name}
          data-testid="company-logo-preview"
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('configurations.logo.none')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The company's logo, shown in every user's top bar (Admin only: the card is not shown to others,
 * and the API refuses them): upload a PNG or JPEG of at most 200 KB, replace it, remove it. A file
 * the API would refuse is refused here first, in the same words.
 */
export function CompanyLogoCard() {
  const { t } = useTranslation();
  const name = useSession()?.profile.Company?.Name ?? '';
  const { show } = useSnackbar();
  const showError = useApiError();
  const confirm = useConfirm();
  const logo = useQuery(companyLogoQuery()).data?.Logo;
  const save = useSaveCompanyLogo();
  const remove = useDeleteCompanyLogo();
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = save.isPending || remove.isPending;

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setRefusal(null);
    const why = await logoRefusal(file, t);
    if (why) return setRefusal(why);
    try {
      await save.mutateAsync(await logoBase64(file));
      show({ message: t('snackbar.saved') });
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
    }
  };
  const onRemove = async () => {
    const ok = await confirm({
      title: t('configurations.logo.removeTitle'),
      message: t('configurations.logo.removeMessage'),
      confirmLabel: t('configurations.logo.remove'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync();
      show({ message: t('snackbar.deleted') });
    } catch (err) {
      showError(err, { fallback: t('snackbar.deleteFailed') });
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mb: 2 }} component="section" aria-labelledby="company-logo-title">
      <Typography variant="h6" component="h2" id="company-logo-title" sx={{ mb: 1.5 }}>
        {t('configurations.logo.title')}
      </Typography>
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {refusal}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <LogoPreview logo={logo} name={name} />
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('configurations.logo.hint')}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={LOGO_TYPES.join(',')}
          hidden
          onChange={pick}
          data-testid="company-logo-file"
          aria-label={t(logo ? 'configurations.logo.replace' : 'configurations.logo.upload')}
        />
        <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
          {t(logo ? 'configurations.logo.replace' : 'configurations.logo.upload')}
        </Button>
        {logo && (
          <Button color="error" disabled={busy} onClick={onRemove}>
            {t('configurations.logo.remove')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
