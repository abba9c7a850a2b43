// Vega-Lite specifications to SVG text, in Node and without a browser: vega-lite compiles each to a
// Vega specification, a headless Vega view renders it with its SVG string renderer. Loaded only when a
// report is asked for (the libraries take ~0.3 s to load). A page without scripts shows no Vega tooltip:
// each mark's description (its aria-label: the tooltip's fields, or the encoded ones) becomes an SVG
// <title>, which a browser shows on hover.
import type { TopLevelSpec } from 'vega-lite';

/** A mark drawn as one self-closing element with its description. */
const DESCRIBED = /<(path|rect|circle)(\s[^>]*?\baria-label="([^"]*)"[^>]*?\brole="graphics-symbol"[^>]*?)\/>/g;

/** The SVG with every described mark given its description as a <title> (shown on hover). */
export function withTitles(svg: string): string {
  return svg.replace(DESCRIBED, '<$1$2><title>$3</title></$1>');
}

/** The SVG of each specification, in order. */
export async function renderSvg(specs: TopLevelSpec[]): Promise<string[]> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const out: string[] = [];
  for (const spec of specs) {
    const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
    out.push(withTitles(await view.toSVG()));
    view.finalize();
  }
  return out;
}
