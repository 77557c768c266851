// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { enum as oneOf, object, optional, type output } from 'zod/mini';
import { EXPORT_LANGUAGES } from '../../shared/export-language';
import { id } from '../../shared/schema-fields';

/** The flowchart's columns, as the console's toggle: calendar months or weeks. */
export const FLOW_GRAINS = ['month', 'week'] as const;

/** ExportMediaMixFlowchart: the version, the language (default en), months or weeks, the grouping (vendor: staff only). */
export const versionFlowchartInput = object({
  mediaMixId: id(),
  language: optional(oneOf(EXPORT_LANGUAGES)),
  grain: optional(oneOf(FLOW_GRAINS)),
  groupBy: optional(oneOf(['channelGroup', 'channelType', 'vendor'])),
});

/** ExportOrderFlowchart: the order (one vendor: grouped by channel group or type). */
export const orderFlowchartInput = object({
  orderId: id(),
  language: optional(oneOf(EXPORT_LANGUAGES)),
  grain: optional(oneOf(FLOW_GRAINS)),
  groupBy: optional(oneOf(['channelGroup', 'channelType'])),
});

export type VersionFlowchartInput = output<typeof versionFlowchartInput>;
export type OrderFlowchartInput = output<typeof orderFlowchartInput>;
