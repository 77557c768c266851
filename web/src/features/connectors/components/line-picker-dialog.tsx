import Autocomplete, { createFilterOptions, type AutocompleteRenderGroupParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { CampaignView, MappableLine } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';
import { MappingKind } from './campaign-mapping-kind';

export interface LinePickerDialogProps {
  /** The campaign to map; its AccountId (the account linked to its ad account) says whose plan lines. */
  campaign: CampaignView & { AccountId: number };
  /** Saves the mapping; rejects (the screen showed why) to keep the dialog open. */
  onSave: (lineId: number) => Promise<void>;
  onClose: () => void;
}

/** Every word a person may search a line by: the activity, the line, its channel, its id. */
const filter = createFilterOptions<MappableLine>({
  stringify: (l) => `${l.ActivityName} ${l.Name} ${l.ChannelTypeName} ${l.ID} #${l.ID}`,
  ignoreAccents: false,
});

/**
 * Maps a campaign to a plan line of its account: the lines of each activity of the
 * campaign's main account — of the latest approved version, else of the latest version
 * (ConnectorsService.GetMappableLines) — grouped by activity, searched by activity, line, channel
 * or id. A combobox: type to filter, arrows to move, Enter to choose, then Save.
 */
export function LinePickerDialog({ campaign, onSave, onClose }: LinePickerDialogProps) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const lines = useQuery(connectorQueries.mappableLines(campaign.AccountId));
  const options = useMemo(() => lines.data?.Items ?? [], [lines.data]);
  const initial = campaign.MediaChannelId ?? campaign.MappedLineId;
  const [picked, setPicked] = useState<MappableLine | null>(null);
  const value = picked ?? options.find((l) => l.ID === initial) ?? null;
  const groupIds = useId();
  const dates = (l: MappableLine) => `${formatDate(l.StartDate, locale)} – ${formatDate(l.EndDate, locale)}`;
  const versionOf = (l: MappableLine) =>
    t('connectors.picker.lineVersion', {
      version: l.Version,
      status: t(`connectors.versionStatus.${l.VersionStatus}`),
    });

  return (
    <FormDialog
      id="line-picker"
      maxWidth="sm"
      title={t('connectors.picker.title', { name: campaign.Name })}
      onClose={onClose}
      submitDisabled={!value || value.ID === campaign.MediaChannelId}
      onSubmit={() => (value ? onSave(value.ID) : undefined)}
    >
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="picker-current">
        {t('connectors.picker.now')} <MappingKind c={campaign} />
      </Typography>
      <LoadError error={lines.error} onReload={() => void lines.refetch()} />
      <Autocomplete<MappableLine>
        options={options}
        value={value}
        loading={lines.isPending}
        onChange={(_e, v) => setPicked(v)}
        groupBy={(l) => `${l.ActivityName}\u2063${l.ActivityId}`}
        renderGroup={(params) => renderActivityGroup(params, `${groupIds}-${params.key}`)}
        getOptionLabel={(l) => `${l.Name} #${l.ID}`}
        isOptionEqualToValue={(a, b) => a.ID === b.ID}
        filterOptions={filter}
        autoHighlight
        openOnFocus
        noOptionsText={
          options.length || lines.isPending ? t('connectors.picker.noMatch') : t('connectors.picker.noLines')
        }
        loadingText={t('common.loading')}
        renderOption={({ key, ...props }, l) => (
          <li key={key} {...props} data-testid="line-option">
            <LineOption l={l} dates={dates(l)} version={versionOf(l)} />
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus
            label={t('connectors.picker.search')}
            helperText={t('connectors.picker.searchHint')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'line-search' },
            }}
          />
        )}
      />
      {value && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="picked-line">
          <bdi>{value.ActivityName}</bdi> › <bdi>{value.Name}</bdi> <bdi dir="ltr">#{value.ID}</bdi> ·{' '}
          <bdi>{value.ChannelTypeName}</bdi> · <bdi>{dates(value)}</bdi> · {versionOf(value)}
        </Typography>
      )}
      {campaign.MediaChannelId !== null && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('connectors.picker.clearHint')}
        </Typography>
      )}
    </FormDialog>
  );
}

/**
 * An activity's lines under its name (the group key carries the id after an invisible separator). A
 * listbox holds options and groups only: the item is a group named by its heading, and the list of
 * its options is presentation, so each option's parent is the group.
 */
function renderActivityGroup(params: AutocompleteRenderGroupParams, headingId: string) {
  return (
    <li key={params.key} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} component="div" variant="overline" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
        <bdi>{params.group.split('\u2063')[0]}</bdi>
      </Typography>
      <ul role="presentation" style={{ padding: 0 }}>
        {params.children}
      </ul>
    </li>
  );
}

/** A line as the list offers it: its name and id, then its channel, dates and version. */
function LineOption({ l, dates, version }: { l: MappableLine; dates: string; version: string }) {
  return (
    <Box>
      <Typography variant="body2">
        <bdi>{l.Name}</bdi> <bdi dir="ltr">#{l.ID}</bdi>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <bdi>{l.ChannelTypeName}</bdi> · <bdi>{dates}</bdi> · {version}
      </Typography>
    </Box>
  );
}
