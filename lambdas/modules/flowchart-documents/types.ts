import type { ExportLanguage } from '../../shared/export-language';
import type { Flowchart, FlowLine } from '../../shared/flowchart';

/**
 * What a flowchart PDF shows (docs/documents.md): plain data, the flowchart already computed
 * (shared/flowchart.ts) and the facts of its header already read; pdf.ts only lays it out.
 */
export interface FlowchartDocument {
  /** he is written right to left; the PDF writes zh in English (its font has no CJK). */
  language: ExportLanguage;
  agency: { name: string; logo?: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } };
  /** The plan's name and version, or the order's number. */
  title: string;
  /** Label–value pairs under the title (account, activity, vendor, currency…), in the document's language. */
  facts: [string, string][];
  chart: Flowchart<FlowLine>;
}
