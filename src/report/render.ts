// Vega-Lite specifications to SVG text, in Node and without a browser: vega-lite compiles each to a
// Vega specification, a headless Vega view renders it with its SVG string renderer. Loaded only when a
// report is asked for (the libraries take ~0.3 s to load).
import type { TopLevelSpec } from 'vega-lite';

/** The SVG of each specification, in order. */
export async function renderSvg(specs: TopLevelSpec[]): Promise<string[]> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const out: string[] = [];
  for (const spec of specs) {
    const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
    out.push(await view.toSVG());
    view.finalize();
  }
  return out;
}
