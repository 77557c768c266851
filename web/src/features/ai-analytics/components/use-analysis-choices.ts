import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isLocale, type Locale } from '@server/shared/locales';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { activitiesQuery, mainAccountsQuery, versionsQuery, type ChannelGroup } from '../api/ai-analytics-api';

export type Lang = Locale;
/** VersionStatus.Approved (lambdas/shared/version-status.ts). */
const APPROVED = 3;

/** The version analysed unless another is chosen: the newest approved one (what runs), else the newest. */
const defaultVersion = (items: readonly { ID: number; Status: number }[] | undefined): number | undefined =>
  (items?.find((v) => v.Status === APPROVED) ?? items?.[0])?.ID;

/**
 * What the analysis runs on: account, then one of its activities, then a version of its plan
 * (choosing one clears those after it), the channel group and the answer's language, with the
 * lists each choice is made from.
 */
export function useAnalysisChoices() {
  const { locale } = useLocaleAndDirection();
  const [accountId, setAccountId] = useState<number>(0);
  const [activityId, setActivityId] = useState<number>(0);
  const [chosenVersion, setChosenVersion] = useState<number>(0);
  const [group, setGroup] = useState<ChannelGroup | ''>('');
  const [chosenLang, setChosenLang] = useState<Lang | null>(null);
  const lang: Lang = chosenLang ?? (isLocale(locale) ? locale : 'en');

  const accounts = useQuery(mainAccountsQuery());
  const activities = useQuery({ ...activitiesQuery(accountId), enabled: accountId > 0 });
  const versions = useQuery({ ...versionsQuery(accountId, activityId), enabled: accountId > 0 && activityId > 0 });
  const versionItems = activityId > 0 ? versions.data?.Items : undefined;
  const versionId = chosenVersion || defaultVersion(versionItems) || 0;

  const chooseAccount = (id: number) => {
    setAccountId(id);
    setActivityId(0);
    setChosenVersion(0);
  };
  const chooseActivity = (id: number) => {
    setActivityId(id);
    setChosenVersion(0);
  };
  const activityItems = accountId > 0 ? (activities.data?.Items ?? []) : [];
  const noVersions = activityId > 0 && versions.isSuccess && versions.data.Items.length === 0;

  return {
    accounts,
    activities,
    versions,
    accountId,
    activityId,
    mediaMixId: versionId,
    group,
    lang,
    activityItems,
    versionItems,
    noVersions,
    chooseAccount,
    chooseActivity,
    setChosenVersion,
    setGroup,
    setChosenLang,
  };
}

export type AnalysisChoices = ReturnType<typeof useAnalysisChoices>;
