import { orderFlowchartInput, versionFlowchartInput } from './schemas';
import type { ExportedFile } from '../media-plans/replies/plans';
import { replyOf, route } from '../../kit/route';

/**
 * The flowchart as a PDF (docs/flowchart.md, docs/documents.md): of a plan version in
 * MediaMixService, readable by whoever may read the version (GetMediaMixInfo's checks), and of an
 * order in OrdersService, for agency staff as GetOrder. Served by this module, the one beside the
 * insertion order allowed to import the PDF writer.
 */
export const exportVersionFlowchartRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ExportMediaMixFlowchart',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: versionFlowchartInput,
  reply: replyOf<ExportedFile>,
  summary:
    'One version as a flowchart PDF (FileName, ContentType, ContentDisposition, Base64) in `language` (he: right to left; zh written in English): live lines as bars by month or week, grouped (by vendor: staff only), subtotals, totals, today marked',
});

export const exportOrderFlowchartRoute = /* @__PURE__ */ route({
  service: 'OrdersService',
  method: 'ExportOrderFlowchart',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: orderFlowchartInput,
  reply: replyOf<ExportedFile>,
  summary:
    "One order as a flowchart PDF: its lines × months in the vendor's currency, by month or week, grouped by channel group or type, with totals",
});

/** The module's routes, for the manifest (a handler imports its own route only). */
export const FLOWCHART_DOCUMENT_ROUTES = [exportVersionFlowchartRoute, exportOrderFlowchartRoute] as const;
