/**
 * The architecture rules of docs/architecture.md, read from the source text: imports and SQL writes.
 * Pure over a file list so the test can prove each rule on planted violations in a temp tree.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';

export interface SourceFile { path: string; text: string } // path relative to the project root, '/'-separated
export interface Violation { rule: string; file: string; line: number; message: string }
export interface Import { from: string; to: string; line: number; spec: string; typeOnly: boolean }

const SOURCE = /\.(ts|tsx)$/;

export function readTree(root: string, dirs: string[]): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) {
        out.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function lineAt(text: string, index: number): number {
  let n = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Relative imports resolved to project paths (packages are not the architecture's business). */
export function importsOf(files: SourceFile[]): Import[] {
  const known = new Set(files.map((f) => f.path));
  const resolveSpec = (from: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const base = resolve('/', dirname(from), spec).slice(1);
    for (const cand of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
      if (known.has(cand)) return cand;
    }
    return base.replace(/\.js$/, '.ts');
  };
  const out: Import[] = [];
  for (const f of files) {
    const text = stripComments(f.text);
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const to = resolveSpec(f.path, spec);
      const typeOnly = /^\s*[;(]?\s*(?:import|export)\s+type\s/.test(m[0]);
      if (to) out.push({ from: f.path, to, spec, typeOnly, line: lineAt(text, m.index! + m[0].search(/\S/)) });
    }
  }
  return out;
}

/** Blank out comments, keeping line numbers (a commented-out import is not an import). */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (c, pre) => pre + ' '.repeat(c.length - pre.length));
}

/** The folder an import is judged by: a feature module, or one of src's shared areas. */
export function areaOf(path: string): string | null {
  let m = /^src\/modules\/([^/]+)\//.exec(path);
  if (m) return `modules/${m[1]}`;
  m = /^src\/([^/]+)\//.exec(path);
  if (m) return m[1];
  m = /^src\/([^/]+)\.tsx?$/.exec(path);
  if (m) return 'root'; // src/app.ts, deps.ts, main.ts: the wiring
  if (path.startsWith('ui/')) return 'ui';
  return null;
}

/** Tests and their builders may read any module's insides. */
const isTest = (p: string) => /\.test\.tsx?$/.test(p) || /(^|\/)builders\.ts$/.test(p) || p.startsWith('src/test/');
const isModule = (area: string | null) => area?.startsWith('modules/') ?? false;
/** The wiring: main.ts, app.ts, deps.ts and the CLI assemble the modules and may import their insides. */
const isWiring = (area: string | null) => area === 'root' || area === 'cli';
const isFace = (p: string) => /^src\/modules\/[^/]+\/index\.ts$/.test(p);

/** Rule: a module reaches another module only through its index.ts. */
export function checkFaces(imports: Import[]): Violation[] {
  const out: Violation[] = [];
  for (const i of imports) {
    if (isTest(i.from)) continue;
    const target = /^src\/modules\/([^/]+)\//.exec(i.to);
    if (!target) continue;
    const fromArea = areaOf(i.from);
    if (!isModule(fromArea) || fromArea === `modules/${target[1]}`) continue;
    if (isFace(i.to)) continue;
    out.push({ rule: 'face', file: i.from, line: i.line,
      message: `imports ${i.to}: another module is reached through src/modules/${target[1]}/index.ts` });
  }
  return out;
}

/**
 * Rule: modules and the shared areas (contract, lib, db, http, tls) never import the wiring (a routes.ts may take
 * `import type { AppDeps }` from deps.ts: the type of what it is given), and the shared areas import no module.
 */
export function checkLayers(imports: Import[]): Violation[] {
  const out: Violation[] = [];
  for (const i of imports) {
    if (isTest(i.from) || !i.from.startsWith('src/')) continue;
    const a = areaOf(i.from), b = areaOf(i.to);
    if (isWiring(a) || a === b) continue;
    if (isWiring(b)) {
      const appDepsType = i.typeOnly && i.to === 'src/deps.ts' && /\/routes\.ts$/.test(i.from);
      if (!appDepsType) out.push({ rule: 'layer', file: i.from, line: i.line, message: `imports ${i.to}: only the wiring (main.ts, app.ts, deps.ts, cli/) imports the wiring` });
    } else if (!isModule(a) && isModule(b)) {
      out.push({ rule: 'layer', file: i.from, line: i.line, message: `imports ${i.to}: src/${a}/ is below the modules and imports none of them` });
    }
  }
  return out;
}

/** Rule: no cycle between folders (modules and src's shared areas; the wiring sits on top), tests left out. */
export function checkCycles(imports: Import[]): Violation[] {
  const edges = new Map<string, Map<string, Import>>();
  for (const i of imports) {
    if (isTest(i.from)) continue;
    const a = areaOf(i.from), b = areaOf(i.to);
    if (!a || !b || a === b || a === 'ui' || b === 'ui' || isWiring(a) || isWiring(b)) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, i);
  }
  // Tarjan's strongly connected components: every component of more than one folder is a cycle.
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), on = new Set<string>();
  const stack: string[] = [];
  const comps: string[][] = [];
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  const visit = (v: string) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1) comps.push(comp.sort());
    }
  };
  for (const n of [...nodes].sort()) if (!idx.has(n)) visit(n);
  const out: Violation[] = [];
  for (const comp of comps) {
    const members = new Set(comp);
    const links = comp.flatMap((a) => [...(edges.get(a) ?? [])]
      .filter(([b]) => members.has(b)).map(([b, i]) => `${a} → ${b} (${i.from}:${i.line})`));
    const first = edges.get(comp[0])!;
    const at = [...first].find(([b]) => members.has(b))![1];
    out.push({ rule: 'cycle', file: at.from, line: at.line,
      message: `folder cycle ${comp.join(' ⇄ ')}: ${links.join('; ')}` });
  }
  return out;
}

/** Rule: the contract imports nothing outside itself; ui/ reaches server code only through src/contract/. */
export function checkBoundaries(imports: Import[]): Violation[] {
  const out: Violation[] = [];
  for (const i of imports) {
    if (i.from.startsWith('src/contract/') && !i.to.startsWith('src/contract/')) {
      out.push({ rule: 'contract', file: i.from, line: i.line, message: `imports ${i.to}: the contract imports nothing outside src/contract/` });
    }
    if (i.from.startsWith('ui/') && i.to.startsWith('src/') && !i.to.startsWith('src/contract/')) {
      out.push({ rule: 'ui', file: i.from, line: i.line, message: `imports ${i.to}: the UI reaches the server only through src/contract/` });
    }
    const page = /^ui\/src\/pages\/([^/]+)\//.exec(i.from);
    const other = /^ui\/src\/pages\/([^/]+)\//.exec(i.to);
    if (page && other && page[1] !== other[1]) {
      out.push({ rule: 'page', file: i.from, line: i.line, message: `imports ${i.to}: a page does not import another page's folder (move the shared part to ui/src/components or ui/src/lib)` });
    }
  }
  return out;
}

const WRITE_RE = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(?:main\.|temp\.)?([A-Za-z_][A-Za-z0-9_]*)/g;

/** Rule: INSERT/UPDATE/DELETE on a table only inside the module that owns it (owners: table → area). */
export function checkWriters(files: SourceFile[], owners: Record<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const f of files) {
    if (isTest(f.path) || !f.path.startsWith('src/')) continue;
    const area = areaOf(f.path);
    const text = stripComments(f.text);
    for (const m of text.matchAll(WRITE_RE)) {
      const table = m[1];
      if (/^(SET|OF|ON|INTO|FROM)$/i.test(table)) continue;
      // UPDATE is also a word in prose and in "ON CONFLICT … DO UPDATE SET": only an UPDATE followed by SET is a write.
      if (/^UPDATE/i.test(m[0])) {
        const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 40);
        if (!/^\s+(?:AS\s+\w+\s+)?SET\b/i.test(after) || /DO\s+$/i.test(text.slice(Math.max(0, m.index! - 4), m.index!))) continue;
      }
      const owner = owners[table];
      const line = lineAt(text, m.index!);
      if (!owner) {
        out.push({ rule: 'writer', file: f.path, line, message: `writes table ${table}, which has no owner in the architecture test's table map` });
      } else if (owner !== area) {
        out.push({ rule: 'writer', file: f.path, line, message: `writes ${table}, owned by ${owner}: call ${owner}'s index.ts` });
      }
    }
  }
  return out;
}

export function checkAll(files: SourceFile[], owners: Record<string, string>): Violation[] {
  const imports = importsOf(files);
  return [...checkFaces(imports), ...checkLayers(imports), ...checkCycles(imports), ...checkBoundaries(imports), ...checkWriters(files, owners)];
}

export const describeViolation = (v: Violation) => `${v.file}:${v.line} [${v.rule}] ${v.message}`;
