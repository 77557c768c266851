import { lazy } from 'react';
import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/**
 * Where plan versions wait: "To approve" for media plan approvers, with the count of
 * waiting versions beside its menu entry, and a planner's "My plans". Rows open the media plan
 * editor on their version (a link: no feature imports another).
 */
export const approvals: Feature = {
  id: 'approvals',
  routes: [
    {
      path: '/approvals/inbox',
      screen: () => import('./routes').then((m) => m.ApprovalInboxRoute),
      access: ACCESS.mediaPlanApprover,
      menu: {
        id: 'toApprove',
        group: 'campaignManagement',
        order: 25,
        icon: 'FactCheckOutlined',
        badge: lazy(() => import('./components/inbox-badge')),
      },
    },
    {
      path: '/approvals/my-plans',
      screen: () => import('./routes').then((m) => m.MyPlansRoute),
      access: ACCESS.staff,
      menu: { id: 'myPlans', group: 'campaignManagement', order: 27, icon: 'AssignmentIndOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
