import { fitIn, imageSize } from './image-size';
import { xmlText } from './xlsx-cells';

/**
 * A picture floating over the first sheet of a workbook (the company's logo): the package parts it
 * needs (the image under xl/media, a drawing that anchors it to one cell, their relationships and
 * content types) for the writer of shared/xlsx-package.ts. The picture is anchored, not in a cell,
 * so no row or column moves: a file read back (the plan import) sees the same cells.
 */
export interface XlsxImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
  /** The picture's description (what a screen reader says of it). */
  description?: string;
}

/** An image and where it floats: its top-left cell (0-based) and its size in pixels. */
export interface PlacedImage extends XlsxImage {
  col: number;
  row: number;
  width: number;
  height: number;
}

/** The box a logo is drawn in at most (pixels): about two and a half default rows high. */
export const LOGO_BOX = { width: 160, height: 48 };
/** A default row's height in pixels (15 points), to know which rows the picture lies over. */
const ROW_PX = 20;
/** EMUs (the drawing's unit) per pixel at 96 dpi. */
const EMU_PER_PX = 9525;

const filledLength = (row: readonly unknown[] | undefined) => {
  let n = row?.length ?? 0;
  while (n > 0 && (row![n - 1] === null || row![n - 1] === undefined || row![n - 1] === '')) n -= 1;
  return n;
};

/**
 * The image at the top of a sheet whose first rows are `rows`, sized to fit LOGO_BOX: one empty
 * column past the widest of the rows it lies over, so it covers no value (in a right-to-left
 * sheet that is to their left, as the columns run).
 */
export function placeAtTop(image: XlsxImage, rows: readonly (readonly unknown[])[]): PlacedImage {
  const size = fitIn(imageSize(image.bytes, image.contentType), LOGO_BOX);
  const spanned = rows.slice(0, Math.ceil(size.height / ROW_PX));
  const col = Math.max(0, ...spanned.map(filledLength)) + 1;
  return { ...image, col, row: 0, ...size };
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const extensionOf = (image: XlsxImage) => (image.contentType === 'image/png' ? 'png' : 'jpeg');

function drawingXml(p: PlacedImage): string {
  const description = p.description ? ` descr="${xmlText(p.description)}"` : '';
  return (
    `${XML}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL_NS}">` +
    `<xdr:oneCellAnchor><xdr:from><xdr:col>${p.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${p.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
    `<xdr:ext cx="${p.width * EMU_PER_PX}" cy="${p.height * EMU_PER_PX}"/>` +
    `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="1" name="Logo"${description}/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>` +
    '<xdr:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>' +
    `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${p.width * EMU_PER_PX}" cy="${p.height * EMU_PER_PX}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr>` +
    '</xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>'
  );
}

const relationships = (type: string, target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${REL_NS}/${type}" Target="${target}"/></Relationships>`;

/** What the package gains for a picture on its first sheet. */
export interface DrawingParts {
  /** The entries to add to the zip. */
  files: { name: string; data: string | Uint8Array }[];
  /** [Content_Types].xml's entries for them. */
  contentTypes: string;
  /** The first sheet's element that names its drawing (after sheetData). */
  sheetElement: string;
}

export function drawingParts(p: PlacedImage): DrawingParts {
  const ext = extensionOf(p);
  return {
    files: [
      { name: 'xl/worksheets/_rels/sheet1.xml.rels', data: relationships('drawing', '../drawings/drawing1.xml') },
      { name: 'xl/drawings/drawing1.xml', data: drawingXml(p) },
      { name: 'xl/drawings/_rels/drawing1.xml.rels', data: relationships('image', `../media/image1.${ext}`) },
      { name: `xl/media/image1.${ext}`, data: p.bytes },
    ],
    contentTypes:
      `<Default Extension="${ext}" ContentType="${p.contentType}"/>` +
      '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>',
    sheetElement: '<drawing r:id="rId1"/>',
  };
}
