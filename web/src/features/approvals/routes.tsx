import { ApprovalInboxScreen } from './components/approval-inbox-screen';
import { MyPlansScreen } from './components/my-plans-screen';
import { areaCatalogues } from '../../locales/areas';

/** /approvals/inbox */
export function ApprovalInboxRoute() {
  return <ApprovalInboxScreen />;
}

/** /approvals/my-plans */
export function MyPlansRoute() {
  return <MyPlansScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('approvals');
