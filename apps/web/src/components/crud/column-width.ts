import type { ReactNode } from 'react';

/**
 * Column widths of the shared table from what the cells must show whole: the header in the current
 * language (with the sorter's arrows) and any texts the column declares (`fit`).
 */

/** antd's table cell padding, the sorter's arrows and a Tag's padding and border, rounded up. */
const CELL_PADDING = 34;
const SORTER = 26;
const TAG_CHROME = 18;
/** A column without a width of its own takes the room the others leave, but not less than this. */
const FLEXIBLE_MIN = 120;
export const SELECTION_WIDTH = 48;

/**
 * Texts a cell shows that must stay whole (status tags, a date format): the column is at least as
 * wide as the widest, in the current language. `tag`: shown in a Tag; `extra`: pixels shown beside
 * the text (an icon).
 */
export interface ColumnFit {
  texts: string[];
  tag?: boolean;
  extra?: number;
}

export interface TableFonts {
  header: string;
  cell: string;
}

/** CSS fonts of header and body cells, from antd's design token. */
export function tableFonts(token: { fontSize: number; fontFamily: string; fontWeightStrong: number }): TableFonts {
  return {
    header: `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`,
    cell: `${token.fontSize}px ${token.fontFamily}`,
  };
}

let context: CanvasRenderingContext2D | null | undefined;

/** The width of `text` drawn in `font` (a CSS font); estimated where there is no canvas (tests). */
export function textWidth(text: string, font: string): number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (context) {
    context.font = font;
    return context.measureText(text).width;
  }
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 14);
  // CJK characters are square, Latin ones about 0.6 em (a generous guess for a bold header)
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? size : size * 0.62;
  return width;
}

/**
 * The width of a column: its declared width, raised to fit its header and `fit` texts. A column
 * without a declared width is `flexible` (left without a width, so it takes the room the others
 * leave) and counts with a minimum in the table's scroll width.
 */
export function columnWidth(
  column: { title?: ReactNode | unknown; width?: number | string },
  options: { sortable?: boolean; fit?: ColumnFit; fonts: TableFonts },
): { width: number; flexible: boolean } {
  const declared = typeof column.width === 'number' ? column.width : undefined;
  const header =
    typeof column.title === 'string'
      ? textWidth(column.title, options.fonts.header) + CELL_PADDING + (options.sortable ? SORTER : 0)
      : 0;
  const fit = options.fit?.texts.length
    ? Math.max(...options.fit.texts.map((text) => textWidth(text, options.fonts.cell))) +
      (options.fit.tag ? TAG_CHROME : 0) +
      (options.fit.extra ?? 0) +
      CELL_PADDING
    : 0;
  const needed = Math.ceil(Math.max(header, fit));
  if (declared === undefined && needed <= FLEXIBLE_MIN) return { width: FLEXIBLE_MIN, flexible: true };
  return { width: Math.max(declared ?? 0, needed), flexible: false };
}
