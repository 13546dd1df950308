// Build step: Radix Themes ships its component and utility rules as two whole files (components.css,
// utilities.css). This PostCSS plugin keeps only the rules of the components the app imports from
// '@radix-ui/themes' and of the props those components take, found from the package's own modules:
// each used component's file and everything it imports, read for the `rt-…` class names it sets.
import fs from 'node:fs';
import path from 'node:path';

/** What the app's Radix components can put in a class attribute. */
export interface RadixUsage {
  /** Component classes, e.g. rt-Badge, rt-BaseMenuItem. */
  components: Set<string>;
  /** Responsive prop classes' stems, e.g. rt-r-size (rt-r-size-2, md:rt-r-size-2). */
  propStems: Set<string>;
  /** The components imported by the app, e.g. Badge, DropdownMenu. */
  imported: string[];
  /**
   * Breakpoint classes the app's responsive props can produce, as `stem@breakpoint` (rt-r-p@sm for
   * `p={{ initial: '3', sm: '5' }}`); undefined when a responsive value was found that could not be read.
   */
  responsive?: Set<string>;
  /** Radix colour names written as strings in the app (color="red", accentColor="indigo"). */
  colors: Set<string>;
}

const IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@radix-ui\/themes['"]/gu;
const OTHER_IMPORT =
  /from\s*['"]@radix-ui\/themes\/components\/|import\s*\*\s*as\s+\w+\s+from\s*['"]@radix-ui\/themes['"]/u;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/u.test(e.name) && !/\.test\.tsx?$/u.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

// A prop given a responsive object right in the JSX: columns={{ initial: '1', md: '2' }}.
const RESPONSIVE_PROP = /\b(\w+)=\{\{([^{}]*)\}\}/gu;
const BREAKPOINT_KEY = /(?<![\w.-])['"]?(xs|sm|md|lg|xl)['"]?\s*:/gu;

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/gu, '$1-$2').toLowerCase();

/** The Radix classes the app's source (`srcDir`) can produce, from the package in `themesDir`. */
export function radixUsage(srcDir: string, themesDir: string): RadixUsage {
  const imported = new Set<string>();
  const palette = fs.readdirSync(path.join(themesDir, 'tokens', 'colors')).map((file) => file.replace(/\.css$/u, ''));
  const colorLiteral = new RegExp(`['"](${palette.join('|')})['"]`, 'gu');
  const colors = new Set<string>();
  const responsiveProps = new Set<string>();
  let responsiveReadable = true;
  for (const file of sourceFiles(srcDir)) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, color] of code.matchAll(colorLiteral)) colors.add(color!);
    let keys = [...code.matchAll(BREAKPOINT_KEY)].length;
    for (const [, prop, object] of code.matchAll(RESPONSIVE_PROP)) {
      for (const [, breakpoint] of object!.matchAll(BREAKPOINT_KEY)) {
        responsiveProps.add(`${prop}@${breakpoint}`);
        keys--;
      }
    }
    // A breakpoint key elsewhere (a responsive object in a variable): keep every breakpoint class.
    if (keys > 0) responsiveReadable = false;
    // A namespace or deep import would hide what is used: refuse rather than drop styles silently.
    if (OTHER_IMPORT.test(code))
      throw new Error(`radix-css-trim: ${file} imports Radix Themes in a way it cannot read`);
    for (const match of code.matchAll(IMPORT)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',').map((p) => p.trim())) {
        if (part && !part.startsWith('type ')) imported.add(part.split(/\s+as\s+/u)[0]!);
      }
    }
  }
  const esm = path.join(themesDir, 'dist', 'esm');
  const queue = [...imported].map((name) => {
    const file = path.join(esm, 'components', `${kebab(name)}.js`);
    if (!fs.existsSync(file)) throw new Error(`radix-css-trim: no module for Radix component ${name} (${file})`);
    return file;
  });
  const seen = new Set<string>();
  const components = new Set<string>();
  const propStems = new Set<string>();
  const stemsOfProp = new Map<string, Set<string>>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // Anywhere in the code, not only whole string literals: "rt-reset rt-TextFieldInput".
    for (const [name] of code.matchAll(/(?<![\w-])rt-[A-Za-z][\w-]*/gu)) {
      if (/^rt-[A-Z]/u.test(name)) components.add(name);
      else if (name.startsWith('rt-r-')) propStems.add(name.replace(/-$/u, ''));
    }
    // Prop definitions: p:{type:"enum | string",className:"rt-r-p",…,responsive:!0}
    for (const [, prop, body] of code.matchAll(/(\w+):\{([^{}]*className:"rt-r-[\w-]+"[^{}]*)\}/gu)) {
      const stem = /className:"(rt-r-[\w-]+)"/u.exec(body!)![1]!;
      stemsOfProp.set(prop!, (stemsOfProp.get(prop!) ?? new Set()).add(stem));
    }
    for (const [, relative] of code.matchAll(/from\s*"(\.{1,2}\/[^"]+\.js)"/gu)) {
      queue.push(path.resolve(path.dirname(file), relative!));
    }
  }
  let responsive: Set<string> | undefined = new Set<string>();
  for (const use of responsiveProps) {
    const [prop, breakpoint] = use.split('@') as [string, string];
    const stems = stemsOfProp.get(prop);
    // A responsive prop whose definition was not found: keep every breakpoint class.
    if (!stems) responsive = undefined;
    for (const stem of stems ?? []) responsive?.add(`${stem}@${breakpoint}`);
  }
  if (!responsiveReadable) responsive = undefined;
  return { components, propStems, imported: [...imported].sort(), responsive, colors };
}

const BREAKPOINT = /^(xs|sm|md|lg|xl):/u;
const stemsOf = (name: string, usage: RadixUsage) =>
  [...usage.propStems].filter((stem) => name === stem || name.startsWith(`${stem}-`));

/** Whether a selector can match what the app renders (only its top level decides: `:where(…)` lists are kept). */
export function selectorUsed(selector: string, usage: RadixUsage): boolean {
  let topLevel = selector;
  // Drop parenthesized groups from the inside out.
  for (let previous = ''; previous !== topLevel;) {
    previous = topLevel;
    topLevel = topLevel.replace(/\([^()]*\)/gu, '');
  }
  for (const [, escaped] of topLevel.matchAll(/\.((?:\\.|[\w-])+)/gu)) {
    const name = escaped!.replace(/\\(.)/gu, '$1').replace(BREAKPOINT, '');
    if (/^rt-[A-Z]/u.test(name) && !usage.components.has(name)) return false;
    if (name.startsWith('rt-r-') && stemsOf(name, usage).length === 0) return false;
  }
  // Breakpoint classes, also inside :where(…): only those some responsive prop of the app can set.
  if (usage.responsive) {
    for (const [, escaped] of selector.matchAll(/\.((?:xs|sm|md|lg|xl)\\:rt-r-[\w-]+)/gu)) {
      const [, breakpoint, name] = /^(\w+)\\:(.*)$/u.exec(escaped!)!;
      const responsive = usage.responsive;
      if (!stemsOf(name!, usage).some((stem) => responsive.has(`${stem}@${breakpoint}`))) return false;
    }
  }
  return true;
}

// The few PostCSS node shapes the plugin touches (PostCSS itself comes with Vite).
interface CssNode {
  type: string;
  parent?: CssContainer;
  source?: { input?: { file?: string } };
  remove(): void;
}
interface CssContainer extends CssNode {
  nodes?: CssNode[];
}
interface CssRule extends CssContainer {
  selectors: string[];
}
interface CssRoot extends CssContainer {
  walkRules(callback: (rule: CssRule) => void): void;
}

/** The colour scales an app stylesheet (src/radix-themes.css) should import but does not. */
export function missingColors(usage: RadixUsage, stylesheet: string): string[] {
  const imported = new Set([...stylesheet.matchAll(/tokens\/colors\/([\w-]+)\.css/gu)].map((m) => m[1]!));
  return [...usage.colors].filter((color) => !imported.has(color)).sort();
}

/** The PostCSS plugin for vite.config.ts (`css.postcss.plugins`); touches only Radix Themes' own files. */
export function radixCssTrim(usage: RadixUsage, stats?: { kept: number; dropped: number }) {
  const isRadix = (node: CssNode) => /[\\/]@radix-ui[\\/]themes[\\/]/u.test(node.source?.input?.file ?? '');
  return {
    postcssPlugin: 'lexhub-radix-css-trim',
    Once(root: CssRoot) {
      root.walkRules((rule) => {
        if (!isRadix(rule)) return;
        const kept = rule.selectors.filter((selector) => selectorUsed(selector, usage));
        if (stats) {
          stats.kept += kept.length;
          stats.dropped += rule.selectors.length - kept.length;
        }
        if (kept.length === rule.selectors.length) return;
        let parent = rule.parent;
        if (kept.length) rule.selectors = kept;
        else rule.remove();
        // An @media or @supports left empty goes too.
        while (parent && parent.type === 'atrule' && parent.nodes?.length === 0) {
          const next = parent.parent;
          parent.remove();
          parent = next;
        }
      });
    },
  };
}
