import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONNECTOR_TYPE_NAMES, type ConnectorTypeName } from '@server/shared/connectors';

const PAGE = 50;

/** A positive whole number from the URL, or undefined. */
const idParam = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The campaigns list's filter: platform and mapped (first from the link), the account and the asked
 * campaign (from the URL), and the page tokens; a changed filter starts again at the first page.
 */
export function useCampaignsFilter() {
  const [params, setParams] = useSearchParams();
  const [platform, setPlatform] = useState<'' | ConnectorTypeName>(
    () => CONNECTOR_TYPE_NAMES.find((p) => p === params.get('platform')) ?? '',
  );
  const [mapped, setMapped] = useState<'' | 'yes' | 'no'>(
    () => (['yes', 'no'] as const).find((m) => m === params.get('mapped')) ?? '',
  );
  const account = idParam(params.get('account'));
  const askedCampaign = idParam(params.get('campaign'));
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const filter = {
    ...(account ? { accountId: account } : {}),
    ...(platform ? { connectorType: platform } : {}),
    ...(mapped ? { mapped: mapped === 'yes' } : {}),
    pageSize: PAGE,
    nextToken: tokens[tokens.length - 1],
  };
  const restart = () => setTokens([null]);
  const choosePlatform = (v: '' | ConnectorTypeName) => {
    setPlatform(v);
    restart();
  };
  const chooseMapped = (v: '' | 'yes' | 'no') => {
    setMapped(v);
    restart();
  };
  const allAccounts = () => {
    setParams(
      (p) => {
        p.delete('account');
        p.delete('campaign');
        return p;
      },
      { replace: true },
    );
    restart();
  };
  return {
    platform,
    mapped,
    account,
    askedCampaign,
    tokens,
    setTokens,
    filter,
    choosePlatform,
    chooseMapped,
    allAccounts,
  };
}
