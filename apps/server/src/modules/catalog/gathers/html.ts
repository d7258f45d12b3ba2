/**
 * Small readers of product pages: meta tags, embedded JSON after a marker, element text by id.
 * Product pages carry their data as script JSON and meta tags; reading those does not need a
 * DOM, and the readers are bounded by the page (at most the fetcher's size limit).
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}

/** Visible text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i'))
    ?.slice(2, 4)
    .find((v) => v !== undefined);

/** `<meta property|name="…" content="…">`, decoded; the first one found. */
export function meta(html: string, key: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attr(tag, 'property') === key || attr(tag, 'name') === key) {
      const content = attr(tag, 'content');
      if (content !== undefined) return decodeEntities(content).trim() || null;
    }
  }
  return null;
}

/** The inner HTML of the first element with this id (same-tag nesting counted). */
export function innerById(html: string, id: string): string | null {
  const open = html.match(new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sid\\s*=\\s*["']${id}["'][^>]*>`, 'i'));
  if (!open || open.index === undefined) return null;
  const tag = open[1].toLowerCase();
  const start = open.index + open[0].length;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  re.lastIndex = start;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  return null;
}

/** The opening tag of the first element with this id. */
export function tagById(html: string, id: string): string | null {
  return html.match(new RegExp(`<[a-z][a-z0-9]*\\b[^>]*\\sid\\s*=\\s*["']${id}["'][^>]*>`, 'i'))?.[0] ?? null;
}

export const attribute = (tag: string, name: string): string | null => {
  const v = attr(tag, name);
  return v === undefined ? null : decodeEntities(v);
};

/**
 * The JSON value (object or array) starting at the first `{` or `[` after `marker`, read to its
 * matching close (strings and escapes respected) and parsed; null when absent or not JSON.
 */
export function jsonAfter(html: string, marker: string | RegExp): unknown {
  const found = typeof marker === 'string' ? { index: html.indexOf(marker), length: marker.length } : marker.exec(html);
  if (!found || found.index < 0) return null;
  const at = found.index + (typeof marker === 'string' ? marker.length : (found as RegExpExecArray)[0].length);
  const from = html.slice(at).search(/[{[]/);
  if (from < 0) return null;
  return balancedJson(html, at + from);
}

function balancedJson(s: string, start: number): unknown {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"') quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        try {
          return JSON.parse(s.slice(start, i + 1));
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}

/** Every `<script type="application/ld+json">` block, parsed (bad ones skipped). */
export function jsonLd(html: string): unknown[] {
  const out: unknown[] = [];
  for (const m of html.matchAll(/<script\b[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      const v = JSON.parse(m[1]);
      out.push(...(Array.isArray(v) ? v : [v]));
    } catch {
      // a broken block is the page's problem, not a reason to give up on the others
    }
  }
  return out;
}

/** `//host/x` → `https://host/x`; relative paths against `base`; anything else unchanged. */
export function absoluteUrl(url: string, base: string): string {
  const u = url.trim();
  if (u.startsWith('//')) return `https:${u}`;
  try {
    return new URL(u, base).toString();
  } catch {
    return u;
  }
}
