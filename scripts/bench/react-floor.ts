// The phone's floor under the count sheet and the dashboard (issue 31): how long React alone takes on this box's
// Chromium at 375 px with its CPU slowed 4×, the same way scripts/bench/counts.ts and dashboard.ts measure RIMS's pages.
// The page (scripts/bench/react-floor/: React and react-dom as the app ships them, twelve inputs, nothing else) is
// built with Vite and @vitejs/plugin-react as ui/ is, served with the box's cache headers (hashed files immutable),
// and opened cold (a fresh browser context) and warm (the same URL again): navigation → its first render painted.
// The gap between these and the sheet's figures is what RIMS's own code, CSS and data cost.
//   bun scripts/bench/react-floor.ts [--runs 5] [--cpu 4]
import react from '@vitejs/plugin-react'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'
import { FIGURE_TAKEN, freePort, launchChromium, median, openUntilTaken } from './lib'

export interface ReactFloor {
  runs: number
  cpu: number
  cold: number[]
  warm: number[]
  /** The built page's script, bytes. */
  scriptBytes: number
}

export async function reactFloorFigures(o: { runs: number; cpu: number }): Promise<ReactFloor> {
  const out = mkdtempSync(join(tmpdir(), 'rims-bench-react-floor-'))
  const browser = await launchChromium()
  let server: ReturnType<typeof Bun.serve> | null = null
  try {
    await build({ root: join(import.meta.dir, 'react-floor'), configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir: out, emptyOutDir: true } })
    const scripts = [...new Bun.Glob('assets/*.js').scanSync({ cwd: out })]
    server = Bun.serve({
      port: freePort(),
      hostname: '127.0.0.1',
      fetch(req) {
        const path = new URL(req.url).pathname
        const asset = path.startsWith('/assets/')
        return new Response(Bun.file(join(out, asset ? path : 'index.html')), {
          headers: { 'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache' },
        })
      },
    })
    const url = `http://127.0.0.1:${server.port}/`
    const cold: number[] = []
    const warm: number[] = []
    for (let run = 0; run < o.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpu })
      for (const into of [cold, warm]) {
        await openUntilTaken(page, url)
        // The page's own mark, on its clock (the log's timestamp is on the browser's).
        into.push(await page.evaluate((taken) => performance.getEntriesByName(taken)[0].startTime, FIGURE_TAKEN))
        await page.waitForLoadState('networkidle')
      }
      await context.close()
    }
    return { runs: o.runs, cpu: o.cpu, cold, warm, scriptBytes: scripts.reduce((n, f) => n + Bun.file(join(out, f)).size, 0) }
  } finally {
    await server?.stop(true)
    await browser.close()
    rmSync(out, { recursive: true, force: true })
  }
}

/** The floor as one row of docs/performance.md's figures. */
export const reactFloorRow = (r: ReactFloor): [string, string] => [
  `React alone on the phone (375 px, CPU ${r.cpu}× slower; twelve inputs, no app code, ${(r.scriptBytes / 1024).toFixed(0)} KB of script): navigation → painted, cold / warm`,
  `${median(r.cold).toFixed(0)} / ${median(r.warm).toFixed(0)} ms`,
]

if (import.meta.main) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, cpu: { type: 'string', default: '4' } } })
  const r = await reactFloorFigures({ runs: Number(values.runs), cpu: Number(values.cpu) })
  const f = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
  console.log(`React alone at 375 px, CPU ${r.cpu}× slower, ${(r.scriptBytes / 1024).toFixed(0)} KB of script, ${r.runs} runs`)
  console.log(`  navigation → painted, cold   ${f(r.cold)}`)
  console.log(`  navigation → painted, warm   ${f(r.warm)}`)
}
