import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CampaignView } from '../api/connectors-api';
import { connectorQueries } from '../api/connectors-queries';

/** The campaign a link names: its picker opens once, when the campaign is known to be mappable. */
export function useAskedCampaign(
  askedCampaign: number | undefined,
  account: number | undefined,
  open: (c: CampaignView & { AccountId: number }) => void,
) {
  const asked = useQuery({
    ...connectorQueries.campaign(askedCampaign ?? 0, account),
    enabled: askedCampaign !== undefined,
  });
  const [askedShown, setAskedShown] = useState(false);
  useEffect(() => {
    const c = asked.data;
    if (askedShown || !c) return;
    setAskedShown(true);
    if (c.AccountId !== null) open({ ...c, AccountId: c.AccountId });
  }, [asked.data, askedShown, open]);
}
