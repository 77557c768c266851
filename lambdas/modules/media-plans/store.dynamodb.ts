import type { MediaPlanStore } from './store';
import { getAccount } from '../tenancy';
import { companyDefaultVendors, listAccountChannelTypes } from '../channel-types';
import { getVendor, platformVendorOf } from '../vendors';
import { getActivity } from '../activities';
import {
  getLine,
  getLineVersionId,
  getLineWithHeader,
  getVersionHeader,
  getActivityPlan,
  getVersionWithLines,
  listVersionHeadersOfActivity,
} from './store/reads';
import {
  answerAsClient,
  applyTemplate,
  approveVersion,
  copyVersion,
  createPlan,
  rejectVersion,
  renameDraft,
  saveLineEdit,
  submitVersion,
} from './store/operations';
import { lockPlanLines, updateLineInOneWrite } from './store/line-writes';
import { nextIds } from '../../aws/dynamodb/write-helpers';

/**
 * The media plan store on DynamoDB (store.ts; keys and items in docs/table-design.md), built from its
 * parts in store/: the reads, the named writes (store/operations.ts, one transaction each, staged past
 * 100 items) and the one-write line change (store/line-writes.ts). Every plan rule takes this ONE
 * object by default, so every Lambda that uses the plans carries every plan write: measured, that
 * costs under 5 ms of cold init (docs/benchmarks.md), not worth a store in parts.
 */
export const planStore: MediaPlanStore = {
  header: getVersionHeader,
  versionWithLines: getVersionWithLines,
  versions: listVersionHeadersOfActivity,
  plan: getActivityPlan,
  line: getLine,
  lineVersionId: getLineVersionId,
  lineWithHeader: getLineWithHeader,
  activity: getActivity,
  account: getAccount,
  channelTypeCopies: listAccountChannelTypes,
  vendor: (companyId, vendorId) => getVendor(companyId, vendorId, true),
  companyDefaultVendor: async (companyId, channelTypeId) => (await companyDefaultVendors(companyId)).get(channelTypeId),
  platformVendor: platformVendorOf,
  newIds: nextIds,
  createPlan,
  copyVersion,
  renameDraft,
  submitVersion,
  approveVersion,
  rejectVersion,
  answerAsClient,
  lockLines: lockPlanLines,
  saveLineEdit,
  updateLineInOneWrite,
  applyTemplate,
};
