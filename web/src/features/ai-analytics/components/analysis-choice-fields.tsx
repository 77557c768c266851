import { useTranslation } from 'react-i18next';
import { LOCALES } from '@server/shared/locales';
import { FilterSelect } from '../../../components/ui/filter-field';
import { CHANNEL_GROUPS } from '../api/ai-analytics-api';
import { groupText, versionStatusText } from './analysis-text';
import type { AnalysisChoices, Lang } from './use-analysis-choices';

/** The languages an analysis is written in (RunActivityAnalysis `lang`). */
const LANGS: readonly Lang[] = LOCALES;

/** The five choices before running: account, activity, plan version, channel group, language. */
export function AnalysisChoiceFields({ c }: { c: AnalysisChoices }) {
  const { t } = useTranslation();
  const { accountId, activityId, versionItems } = c;
  return (
    <>
      <FilterSelect
        label={t('aiAnalytics.fields.account')}
        name="accountId"
        testId="analysis-account"
        style={{ minWidth: 200 }}
        value={accountId}
        onChange={c.chooseAccount}
        choices={[
          { value: 0, label: t('aiAnalytics.choose') },
          ...(c.accounts.data?.Items ?? []).map((a) => ({ value: a.ID, label: a.Name })),
        ]}
      />
      <FilterSelect
        label={t('aiAnalytics.fields.activity')}
        name="activityId"
        testId="analysis-activity"
        style={{ minWidth: 220 }}
        value={activityId}
        onChange={c.chooseActivity}
        disabled={accountId === 0}
        choices={[
          { value: 0, label: t('aiAnalytics.choose') },
          ...c.activityItems.map((a) => ({
            value: a.ID,
            label: a.SubAccountName ? `${a.Name} (${a.SubAccountName})` : a.Name,
          })),
        ]}
      />
      <FilterSelect
        label={t('aiAnalytics.fields.version')}
        name="mediaMixId"
        testId="analysis-version"
        style={{ minWidth: 220 }}
        value={c.mediaMixId}
        onChange={c.setChosenVersion}
        disabled={activityId === 0 || !versionItems?.length}
        choices={
          versionItems?.length
            ? versionItems.map((v) => ({
                value: v.ID,
                label: t('aiAnalytics.versionLabel', {
                  version: v.Version,
                  name: v.Name,
                  status: versionStatusText(v.Status, v.StatusName, t),
                }),
              }))
            : [{ value: 0, label: t('aiAnalytics.choose') }]
        }
      />
      <FilterSelect
        label={t('aiAnalytics.fields.channelGroup')}
        name="channelGroup"
        testId="analysis-group"
        style={{ minWidth: 180 }}
        value={c.group}
        onChange={c.setGroup}
        choices={[
          { value: '' as const, label: t('aiAnalytics.largestGroup') },
          ...CHANNEL_GROUPS.map((g) => ({ value: g, label: groupText(g, t) })),
        ]}
      />
      <FilterSelect
        label={t('aiAnalytics.fields.lang')}
        name="lang"
        testId="analysis-lang"
        style={{ minWidth: 120 }}
        value={c.lang}
        onChange={c.setChosenLang}
        choices={LANGS.map((l) => ({ value: l, label: t(`language.names.${l}`) }))}
      />
    </>
  );
}
