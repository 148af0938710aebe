// Issue 34's figures: receiving from the supplier's invoice, on this box.
//   bun scripts/bench/invoices.ts [--runs 7] [--port 5000]
// Runs this checkout's src/main.ts under Bun with the demo data on a fresh data dir, signed in as the demo Manager,
// with a supplier (tax id) and 80 items carrying its codes. Measured from the client, each as its own answer:
// - a 40-line text-layer PDF (layout A) → its draft: wall time per POST /api/receipts/drafts, median of the runs,
//   and the server's RSS sampled every 10 ms above its idle RSS (read before any invoice was read);
// - a layout whose headers no reader label knows (layout C): its first PDF is named once (PUT …/layout) and
//   received, which keeps the layout as the supplier's template; the next 40-line PDF is then compared line by
//   line with what was printed (code, description, quantity, price, amount);
// - UBL and CII (Factur-X) files: every field of the draft compared with the file's;
// - planted misreads: a 40-line PDF whose one line prints a wrong amount (the net printed right), once per run on a
//   different line and by a different error; caught when that line carries AMOUNT and the draft needs review.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { spawn } from 'bun'
import { DEMO_PASSWORD } from '../../src/cli/demo'
import { ciiXml, facturXPdf, layoutPdf, lineAmount, specLines, totals, ublXml, type InvoiceSpec, type SpecLine } from '../../src/test/invoice-builders'
import { cpuMs, loadAverage, login, median, ROOT, rssMb, rssPeak } from './lib'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, port: { type: 'string', default: '5000' } } })
const runs = Number(values.runs)
const port = Number(values.port)
const TAX_ID = 'ZM1002003004'
const cents = (s: string) => Math.round(Number(s) * 100)
const money = (x: number) => Math.round(x * 100)

const dataDir = mkdtempSync(join(tmpdir(), 'rims-bench-invoices-'))
const url = `http://127.0.0.1:${port}`
const proc = spawn([process.execPath, join(ROOT, 'src/main.ts'), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir, '--demo'], {
  cwd: tmpdir(),
  env: { ...process.env, RIMS_HTTPS_PORT: '0', RIMS_UI_DIR: join(ROOT, 'ui/dist') },
  stdout: 'ignore',
  stderr: 'inherit',
})
try {
  for (let t = 0; ; t++) {
    if (proc.exitCode !== null) throw new Error(`rims exited with ${proc.exitCode}`)
    if (await fetch(url + '/api/health').then((r) => r.ok).catch(() => false)) break
    if (t > 3000) throw new Error('rims did not answer in time')
    await Bun.sleep(20)
  }
  const token = await login(url, 'manager@rims.local', DEMO_PASSWORD)
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/api${path}`, { method, headers: json, body: body === undefined ? undefined : JSON.stringify(body) })
    const out = (await res.json()) as { data: any; message: string }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${out.message}`)
    return out.data
  }
  const upload = async (bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}) => {
    const form = new FormData()
    form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name))
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    const t0 = performance.now()
    const res = await fetch(`${url}/api/receipts/drafts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    const out = (await res.json()) as { data: any; message: string }
    const wall = performance.now() - t0
    if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${out.message}`)
    return { draft: out.data, wall }
  }

  const category = (await api('GET', '/categories?limit=1')).at?.(0) ?? (await api('GET', '/categories'))[0]
  const supplier = await api('POST', '/suppliers', { name: 'Bench Foods Ltd', tax_id: TAX_ID })
  for (const l of specLines(80)) await api('POST', '/items', { name: `Bench ${l.code}`, category_id: category.id, supplier_id: supplier.id, unit: 'each', cost_price: Number(l.price), supplier_code: l.code })
  await Bun.sleep(1000)
  const idle = rssMb(proc.pid)
  const spec = (number: string, lines: SpecLine[]): InvoiceSpec => ({ number, date: '2026-11-20', seller: { name: supplier.name, tax_id: TAX_ID }, lines })
  /** The fields of a draft line that must equal the printed line. */
  const sameLine = (d: any, s: SpecLine) => d.supplier_code === s.code && d.description === s.description && money(d.quantity) === cents(s.qty) && money(d.unit_price) === cents(s.price) && money(d.amount) === cents(lineAmount(s))

  // 1. A 40-line PDF → draft.
  const walls: number[] = []
  const cpus: number[] = []
  let right = 0
  const sampler = rssPeak(proc.pid, 10)
  for (let r = 0; r < runs; r++) {
    const s = spec(`A-${r + 1}`, specLines(40))
    const bytes = await layoutPdf(s, 'A')
    const c0 = cpuMs(proc.pid)
    const { draft, wall } = await upload(bytes, `a-${r}.pdf`)
    cpus.push(cpuMs(proc.pid) - c0)
    walls.push(wall)
    right = draft.lines.filter((l: any, i: number) => sameLine(l, s.lines[i])).length
    if (draft.lines.length !== 40 || draft.status !== 'READY') throw new Error(`layout A: ${draft.lines.length} lines, ${draft.status}`)
  }
  const peak = sampler.stop()

  // 2. Layout C: named once, received, then the next invoice by its template.
  const first = (await upload(await layoutPdf(spec('C-1', specLines(40)), 'C'), 'c-1.pdf', { supplier_id: String(supplier.id) })).draft
  const before = first.lines.length
  const fields = ['supplier_code', 'description', 'quantity', 'unit_price', 'amount']
  const named = await api('PUT', `/receipts/drafts/${first.id}/layout`, { columns: first.layout.columns.map((c: any, i: number) => ({ ...c, field: fields[i] })) })
  await api('POST', `/receipts/drafts/${first.id}/receive`, { accept_totals: named.problems.length > 0 })
  const nextSpec = spec('C-2', specLines(40, 40))
  const next = (await upload(await layoutPdf(nextSpec, 'C'), 'c-2.pdf')).draft
  const templateRight = next.lines.filter((l: any, i: number) => sameLine(l, nextSpec.lines[i])).length

  // 3. XML: every field exact.
  let fieldsExact = 0
  let fieldsAll = 0
  const xmlSpec = (n: string) => ({ ...spec(n, specLines(40, 80)), order_ref: undefined })
  for (const [name, make] of [['UBL', (s: InvoiceSpec) => ublXml(s)], ['CII', (s: InvoiceSpec) => ciiXml(s)], ['Factur-X', (s: InvoiceSpec) => facturXPdf(s)]] as const) {
    const s = xmlSpec(`X-${name}`)
    const d = (await upload(await make(s), `${name}.${name === 'Factur-X' ? 'pdf' : 'xml'}`)).draft
    const t = totals(s)
    const checks: boolean[] = [d.invoice_number === s.number, d.invoice_date === s.date, d.supplier_id === supplier.id, money(d.net) === cents(t.net), money(d.tax) === cents(t.tax), money(d.gross) === cents(t.gross), d.lines.length === s.lines.length]
    s.lines.forEach((l, i) => {
      const x = d.lines[i] ?? {}
      checks.push(x.supplier_code === l.code, (x.gtin ?? null) === (l.gtin ? l.gtin.padStart(14, '0') : null), x.description === l.description, x.pack_text === l.pack, money(x.quantity) === cents(l.qty), money(x.unit_price) === cents(l.price), money(x.amount) === cents(lineAmount(l)), money(x.tax_rate) === cents(l.rate))
    })
    fieldsExact += checks.filter(Boolean).length
    fieldsAll += checks.length
  }

  // 4. Planted misreads: one wrong amount per invoice, the printed net right.
  let caught = 0
  const errors = [(a: number) => a + 900, (a: number) => a * 10, (a: number) => a - 1, (a: number) => Math.floor(a / 10), (a: number) => a + 2]
  for (let r = 0; r < runs; r++) {
    const lines = specLines(40, (r % 2) * 40)
    const at = (r * 7 + 3) % 40
    const true_ = totals(spec('', lines))
    const wrong = errors[r % errors.length](cents(lineAmount(lines[at])))
    const planted = lines.map((l, i) => (i === at ? { ...l, amount: (wrong / 100).toFixed(2) } : l))
    const d = (await upload(await layoutPdf({ ...spec(`M-${r}`, planted), ...true_ }, 'A'), `m-${r}.pdf`)).draft
    if (d.status === 'NEEDS_REVIEW' && d.lines[at].problems.some((p: any) => p.code === 'AMOUNT') && d.lines.filter((l: any) => l.problems.length > 0).length === 1) caught++
  }

  const m = (xs: number[]) => median(xs).toFixed(0)
  console.log(`\nMedians of ${runs} runs, load average ${loadAverage()}:`)
  console.log('| figure | goal | measured |')
  console.log('|---|---|---|')
  console.log(`| 40-line text-layer PDF → draft (wall / server CPU) | < 2 s | ${m(walls)} / ${m(cpus)} ms (first, pdf.js loading: ${walls[0].toFixed(0)} ms) |`)
  console.log(`| lines right (layout A, labels) | 40 of 40 | ${right} of 40 |`)
  console.log(`| lines right after the layout was named once (layout C, template) | 40 of 40 | ${templateRight} of 40 (before: ${before}) |`)
  console.log(`| server memory above idle while reading | < 100 MB | ${(peak - idle).toFixed(1)} MB (idle ${idle.toFixed(1)} MB, peak ${peak.toFixed(1)} MB) |`)
  console.log(`| XML (UBL, CII, Factur-X), fields exact | all | ${fieldsExact} of ${fieldsAll} |`)
  console.log(`| planted misread amounts caught | all | ${caught} of ${runs} |`)
} finally {
  proc.kill('SIGTERM')
  await proc.exited
  rmSync(dataDir, { recursive: true, force: true })
}
