/**
 * The architecture of docs/architecture.md as a test: imports and SQL writes read from the source. Each rule is
 * first proved on a planted violation in a tree of its own, then held on the project.
 */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { migrate } from '../db/open'
import { checkAll, describeViolation, importsOf, readTree, type SourceFile } from './architecture/rules'
import { TABLE_OWNERS } from './architecture/owners'

const ROOT = join(import.meta.dir, '..', '..')

/** A clean little project: one module with a face, another calling it, a contract, a page. */
const clean: SourceFile[] = [
  { path: 'src/contract/stock.ts', text: "import * as v from 'valibot'\nexport const Body = v.object({})\n" },
  { path: 'src/lib/clock.ts', text: "import type { Body } from '../contract/stock'\nexport const now = () => 0\n" },
  { path: 'src/modules/stock/repo.ts', text: "export const put = (db: any) => db.run('UPDATE items SET quantity = 1 WHERE id = 2')\n" },
  { path: 'src/modules/stock/index.ts', text: "export { put } from './repo'\n" },
  { path: 'src/modules/stock/routes.ts', text: "import type { AppDeps } from '../../deps'\nexport const r = 1\n" },
  { path: 'src/modules/counts/service.ts', text: "import { put } from '../stock'\n// import { put } from '../stock/repo'\nexport const post = put\n" },
  { path: 'src/modules/counts/counts.test.ts', text: "import { put } from '../stock/repo'\n" },
  { path: 'src/deps.ts', text: "import { put } from './modules/stock/repo'\nexport type AppDeps = {}\n" },
  { path: 'ui/src/pages/counts/CountsPage.tsx', text: "import { Body } from '../../../../src/contract/stock'\nimport { Field } from '../../components/Field'\n" },
  { path: 'ui/src/components/Field.tsx', text: 'export const Field = 1\n' },
]
const owners = { items: 'modules/stock' }
const plant = (file: SourceFile) => [...clean.filter((f) => f.path !== file.path), file]
const found = (files: SourceFile[]) => checkAll(files, owners).map(describeViolation)

describe('the rules find planted violations', () => {
  test('the clean tree passes (a face import, a commented-out import, a test reading insides, the wiring)', () => {
    expect(found(clean)).toEqual([])
  })

  test('a module importing another module past its index.ts', () => {
    const v = found(plant({ path: 'src/modules/counts/service.ts', text: "import { now } from '../../lib/clock'\nimport { put } from '../stock/repo'\n" }))
    expect(v).toEqual(['src/modules/counts/service.ts:2 [face] imports src/modules/stock/repo.ts: another module is reached through src/modules/stock/index.ts'])
  })

  test('a cycle between module folders, naming each link', () => {
    const v = found(plant({ path: 'src/modules/stock/index.ts', text: "export { put } from './repo'\nexport { post } from '../counts'\n" })
      .concat({ path: 'src/modules/counts/index.ts', text: "export { post } from './service'\n" }))
    expect(v).toEqual([
      'src/modules/counts/service.ts:1 [cycle] folder cycle modules/counts ⇄ modules/stock: modules/counts → modules/stock (src/modules/counts/service.ts:1); modules/stock → modules/counts (src/modules/stock/index.ts:2)',
    ])
  })

  test('the contract importing something outside it', () => {
    const v = found(plant({ path: 'src/contract/stock.ts', text: "import * as v from 'valibot'\nimport { now } from '../lib/clock'\n" }))
    expect(v).toContain('src/contract/stock.ts:2 [contract] imports src/lib/clock.ts: the contract imports nothing outside src/contract/')
  })

  test('the UI importing server code other than the contract', () => {
    const v = found(plant({ path: 'ui/src/pages/counts/CountsPage.tsx', text: "import { put } from '../../../../src/modules/stock'\n" }))
    expect(v).toEqual(['ui/src/pages/counts/CountsPage.tsx:1 [ui] imports src/modules/stock/index.ts: the UI reaches the server only through src/contract/'])
  })

  test("a page importing another page's folder", () => {
    const v = found(plant({ path: 'ui/src/pages/counts/CountsPage.tsx', text: "import { Row } from '../stock/Row'\n" }).concat({ path: 'ui/src/pages/stock/Row.tsx', text: 'export const Row = 1\n' }))
    expect(v).toEqual(["ui/src/pages/counts/CountsPage.tsx:1 [page] imports ui/src/pages/stock/Row.tsx: a page does not import another page's folder (move the shared part to ui/src/components or ui/src/lib)"])
  })

  test('a write to a table outside the module that owns it, and to a table with no owner', () => {
    const v = found(plant({
      path: 'src/modules/counts/service.ts',
      text: "import { put } from '../stock'\nconst sql = `\n  UPDATE items\n     SET quantity = 0`\nconst other = 'INSERT OR IGNORE INTO mystery (a) VALUES (1) ON CONFLICT DO UPDATE SET a = 2'\n",
    }))
    expect(v).toEqual([
      'src/modules/counts/service.ts:3 [writer] writes items, owned by modules/stock: call modules/stock\'s index.ts',
      'src/modules/counts/service.ts:5 [writer] writes table mystery, which has no owner in the architecture test\'s table map',
    ])
  })

  test('a module or a shared area importing the wiring, and a shared area importing a module', () => {
    expect(found(plant({ path: 'src/modules/counts/service.ts', text: "import { createDeps } from '../../deps'\n" })))
      .toEqual(['src/modules/counts/service.ts:1 [layer] imports src/deps.ts: only the wiring (main.ts, app.ts, deps.ts, cli/) imports the wiring'])
    expect(found(plant({ path: 'src/lib/clock.ts', text: "import type { put } from '../modules/stock'\n" })))
      .toEqual(['src/lib/clock.ts:1 [layer] imports src/modules/stock/index.ts: src/lib/ is below the modules and imports none of them'])
  })

  test('imports are read in every form: type-only, multi-line, re-exports, dynamic', () => {
    const imports = importsOf([
      { path: 'src/a.ts', text: "import type {\n  X,\n  Y,\n} from './b'\nexport * from './b'\nconst c = await import('./b')\nimport './b'\n" },
      { path: 'src/b.ts', text: '' },
    ])
    expect(imports.map((i) => [i.line, i.typeOnly])).toEqual([[1, true], [5, false], [6, false], [7, false]])
  })
})

describe('the project keeps the rules', () => {
  const files = readTree(ROOT, ['src', 'ui/src'])

  test('no violation', () => {
    expect(checkAll(files, TABLE_OWNERS).map(describeViolation)).toEqual([])
  })

  test('every table of the schema has one owning module', () => {
    const db = new Database(':memory:')
    migrate(db)
    const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all().map((t) => t.name)
    expect(tables.filter((t) => !TABLE_OWNERS[t])).toEqual([])
  })
})
