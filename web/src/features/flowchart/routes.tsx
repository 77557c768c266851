import { useParams } from 'react-router';
import { areaCatalogues } from '../../locales/areas';
import { FlowchartScreen } from './components/flowchart-screen';
import { OrderFlowchartScreen } from './components/order-flowchart-screen';

const positive = (s: string | undefined) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /accounts/{accountId}/activities/{activityId}/mediaMix/{mediaMixId}/flowchart; the key resets the screen per version. */
export function FlowchartRoute() {
  const p = useParams();
  const accountId = positive(p.accountId);
  const activityId = positive(p.activityId);
  const versionId = positive(p.mediaMixId);
  if (!accountId || !activityId || !versionId) return null;
  return (
    <FlowchartScreen
      key={`${accountId}:${versionId}`}
      accountId={accountId}
      activityId={activityId}
      versionId={versionId}
    />
  );
}

/** /orders/{accountId}/{orderId}/flowchart: an order's flowchart, opened from the order screen. */
export function OrderFlowchartRoute() {
  const p = useParams();
  const accountId = positive(p.accountId);
  const orderId = positive(p.orderId);
  if (!accountId || !orderId) return null;
  return <OrderFlowchartScreen key={`${accountId}:${orderId}`} accountId={accountId} orderId={orderId} />;
}

/**
 * The feature's strings (Feature.catalogues): loaded per language, with the first route. They are
 * the `flowchart` part of the media plan's files: a catalogue of its own would add its five loaders
 * to the catalogue index every signed-in screen loads (/accounts/list's budget, docs/flowchart.md).
 */
export const catalogues = areaCatalogues('media-plan');
