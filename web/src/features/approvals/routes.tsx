import approvalsEn from '../../locales/approvals.en.json';
import approvalsHe from '../../locales/approvals.he.json';
import { ApprovalInboxScreen } from './components/approval-inbox-screen';
import { MyPlansScreen } from './components/my-plans-screen';

/** /approvals/inbox */
export function ApprovalInboxRoute() {
  return <ApprovalInboxScreen />;
}

/** /approvals/my-plans */
export function MyPlansRoute() {
  return <MyPlansScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { approvals: { he: approvalsHe, en: approvalsEn } };
