import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_TYPE_NAMES, type ConnectorTypeName } from '@server/shared/connectors';
import { FilterSelect } from '../../../components/ui/filter-field';

/** The campaigns' filters: platform, mapped or not, and "All accounts" while a link narrowed the list to one. */
export function CampaignsFilters({
  platform,
  mapped,
  narrowed,
  onPlatform,
  onMapped,
  onAllAccounts,
}: {
  platform: '' | ConnectorTypeName;
  mapped: '' | 'yes' | 'no';
  narrowed: boolean;
  onPlatform: (v: '' | ConnectorTypeName) => void;
  onMapped: (v: '' | 'yes' | 'no') => void;
  onAllAccounts: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
      <FilterSelect
        label={t('connectors.fields.Type')}
        name="platform"
        value={platform}
        style={{ minWidth: 180 }}
        testId="platform-filter"
        onChange={onPlatform}
        choices={[
          { value: '' as const, label: t('connectors.any') },
          ...CONNECTOR_TYPE_NAMES.map((p) => ({ value: p, label: t(`connectors.types.${p}`) })),
        ]}
      />
      <FilterSelect
        label={t('connectors.fields.Mapped')}
        name="mapped"
        value={mapped}
        style={{ minWidth: 180 }}
        testId="mapped-filter"
        onChange={onMapped}
        choices={[
          { value: '' as const, label: t('connectors.any') },
          { value: 'yes' as const, label: t('connectors.mappedOnly') },
          { value: 'no' as const, label: t('connectors.unmappedOnly') },
        ]}
      />
      {narrowed && (
        <Button size="small" onClick={onAllAccounts} data-testid="all-accounts">
          {t('connectors.allAccounts')}
        </Button>
      )}
    </Stack>
  );
}
