/**
 * What other code may use of the flowchart documents: the PDF of a flowchart (docs/documents.md).
 * Import it only where a flowchart PDF is written: it carries the PDF writer's fonts.
 */
export { flowchartPdf } from './pdf';
export type { FlowchartDocument } from './types';
