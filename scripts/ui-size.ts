// Gzipped size of what the browser loads first: the entry script, its preloaded chunks and the CSS.
//   bun scripts/ui-size.ts        (after `vite build ui`)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = join(import.meta.dir, '..', 'ui/dist')
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const refs = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!)
const js = [...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)]
const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)

const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0)
const raw = (files: string[]) => files.reduce((n, f) => n + readFileSync(join(dist, f)).length, 0)
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

const jsGz = gz(js)
console.log(`initial JS  ${js.length} file(s): ${kb(raw(js))} raw, ${kb(jsGz)} gzipped`)
console.log(`initial CSS ${css.length} file(s): ${kb(raw(css))} raw, ${kb(gz(css))} gzipped`)
const login = [...new Bun.Glob('assets/{LoginPage,validation}-*.js').scanSync({ cwd: dist })]
if (login.length) console.log(`/login page chunks (lazy): ${kb(gz(login))} gzipped`)
const budget = 150 * 1024
if (jsGz > budget) {
  console.error(`initial JS is over the ${kb(budget)} budget`)
  process.exit(1)
}
