// The camera decoder's figure (issue 31): ms per 640×480 frame in the UI's own decode worker, in Chromium.
//   bun scripts/bench/camera.ts [--frames 40] [--ui ui/dist]
// `npm run bench` (scripts/bench/run.ts) calls cameraFigures and adds cameraTargets / cameraFigureRows to its note.
// The built UI (ui/dist: `npx vite build ui`) is served from here and Debian's Chromium (headless, Playwright) opens a
// blank page of it that starts the built decode.worker-*.js, exactly as CameraScanner does, and posts it frames.
// Frames are drawn in the page, photo-like: a grey shelf background with blotches, a gradient of light and noise; half
// of them hold a label with an EAN-13 (3 px modules, 0.8 px blur, lower contrast, turned −8°…8°, anywhere), half a
// label with only text (the common case while aiming). The worker's own `ms` (readBarcodes alone) is taken, median of
// each kind; idle, then with two busy-looping processes on the (2) cores, as when the box serves a rush.
import { spawn, type Subprocess } from 'bun'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'
import { ean13CheckDigit, ean13Modules } from '../../e2e/barcode-video'
import { ROOT, freePort, median } from './lib'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const W = 640
const H = 480

export interface CameraRun {
  /** Median ms of the frames with a code / without one. */
  codeMs: number
  blankMs: number
  /** Frames whose code was read right, of those with one. */
  read: number
  frames: number
  /** Frames without a code where something was read anyway (should be 0). */
  misread: number
}
export interface CameraFigures {
  idle: CameraRun
  load: CameraRun
  loadAverage: number
}

/** Frames' EAN-13s: a fixed list, so every run decodes the same pictures. */
function codes(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const twelve = String(400638133390 + i * 7919).slice(0, 12)
    const code = twelve + ean13CheckDigit(twelve)
    return { code, modules: ean13Modules(code) }
  })
}

/** Runs in the page: draws the frames, decodes each in a fresh decode worker, returns the worker's times and reads. */
async function inPage({ worker, frames, W, H }: { worker: string; frames: { code: string; modules: string }[]; W: number; H: number }) {
  let seed = 12345
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
  const canvas = new OffscreenCanvas(W, H)
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  const draw = (modules: string | null) => {
    ctx.filter = 'none'
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    const g = ctx.createLinearGradient(0, 0, W, H)
    g.addColorStop(0, `rgb(${90 + rnd() * 40},${90 + rnd() * 40},${90 + rnd() * 40})`)
    g.addColorStop(1, `rgb(${150 + rnd() * 40},${150 + rnd() * 40},${140 + rnd() * 40})`)
    ctx.fillStyle = g
    ctx.fillRect(0, 0, W, H)
    // Shelf clutter: boxes, tins and their edges.
    for (let i = 0; i < 14; i++) {
      const v = Math.floor(40 + rnd() * 180)
      ctx.fillStyle = `rgb(${v},${v - 10},${v - 20})`
      ctx.fillRect(rnd() * W, rnd() * H, 40 + rnd() * 200, 20 + rnd() * 160)
    }
    // The label, turned a little, somewhere in the frame.
    const mod = 3
    const lw = 95 * mod + 2 * 11 * mod
    const lh = 170
    ctx.translate(W / 2 + (rnd() - 0.5) * 120, H / 2 + (rnd() - 0.5) * 100)
    ctx.rotate(((rnd() - 0.5) * 16 * Math.PI) / 180)
    ctx.filter = 'blur(0.8px)'
    ctx.fillStyle = 'rgb(225,222,215)'
    ctx.fillRect(-lw / 2, -lh / 2, lw, lh)
    ctx.fillStyle = 'rgb(35,35,40)'
    if (modules) {
      for (let m = 0; m < modules.length; m++) if (modules[m] === '1') ctx.fillRect(-lw / 2 + 11 * mod + m * mod, -lh / 2 + 15, mod, lh - 45)
    } else for (let r = 0; r < 6; r++) ctx.fillRect(-lw / 2 + 20, -lh / 2 + 20 + r * 22, (lw - 40) * (0.4 + rnd() * 0.6), 9)
    ctx.font = '18px sans-serif'
    ctx.fillText('Tomato passata 700 g', -lw / 2 + 20, lh / 2 - 10)
    const img = ctx.getImageData(0, 0, W, H)
    // Sensor noise and a camera's softer contrast.
    const d = img.data
    for (let i = 0; i < d.length; i += 4) {
      const n = (rnd() + rnd() + rnd() - 1.5) * 16
      for (let c = 0; c < 3; c++) d[i + c] = Math.max(0, Math.min(255, 30 + d[i + c] * 0.75 + n))
    }
    return img
  }
  const w = new Worker(worker, { type: 'module' })
  let id = 0
  const decode = (image: ImageData) =>
    new Promise<{ text: string | null; ms: number; error?: string }>((resolve) => {
      w.onmessage = (e) => resolve(e.data)
      w.postMessage({ id: ++id, image }, [image.data.buffer])
    })
  // The first decode compiles the wasm: not a frame's figure.
  await decode(draw(null))
  const out: { code: string | null; text: string | null; ms: number; error?: string }[] = []
  for (const f of frames) {
    for (const code of [f.code, null]) {
      const a = await decode(draw(code === null ? null : f.modules))
      out.push({ code, text: a.text, ms: a.ms, error: a.error })
    }
  }
  w.terminate()
  return out
}

/** The decode worker of a built UI, its ms per frame with and without a code. */
export async function cameraFigures(o: { frames: number; ui?: string; log?: (line: string) => void }): Promise<CameraFigures> {
  const log = o.log ?? console.log
  const ui = o.ui ?? join(ROOT, 'ui/dist')
  const workerFile = existsSync(join(ui, 'assets')) ? readdirSync(join(ui, 'assets')).find((f) => /^decode\.worker-.*\.js$/.test(f)) : undefined
  if (!workerFile) throw new Error(`no decode worker in ${ui}/assets: build the UI first (npx vite build ui)`)
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: freePort(),
    fetch: (req) => {
      const path = new URL(req.url).pathname
      if (path === '/') return new Response('<!doctype html><title>camera bench</title>', { headers: { 'content-type': 'text/html' } })
      const file = Bun.file(join(ui, path.replace(/^\/+/, '').replace(/\.\./g, '')))
      return file.exists().then((ok) => (ok ? new Response(file) : new Response('not found', { status: 404 })))
    },
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  const frames = codes(o.frames)
  const run = async (): Promise<CameraRun> => {
    const page = await browser.newPage()
    try {
      await page.goto(`http://127.0.0.1:${server.port}/`)
      const out = await page.evaluate(inPage, { worker: `/assets/${workerFile}`, frames, W, H })
      const failed = out.find((r) => r.error)
      if (failed) throw new Error(`the decoder failed: ${failed.error}`)
      const withCode = out.filter((r) => r.code !== null)
      const blank = out.filter((r) => r.code === null)
      return {
        codeMs: median(withCode.map((r) => r.ms)),
        blankMs: median(blank.map((r) => r.ms)),
        read: withCode.filter((r) => r.text !== null && r.text.endsWith(r.code!)).length,
        frames: withCode.length,
        misread: blank.filter((r) => r.text !== null).length,
      }
    } finally {
      await page.close()
    }
  }
  const show = (what: string, r: CameraRun) =>
    log(`  camera decode, ${what}: ${r.codeMs.toFixed(1)} ms with a code (${r.read} of ${r.frames} read), ${r.blankMs.toFixed(1)} ms without${r.misread ? ` (${r.misread} misread)` : ''}`)
  let busy: Subprocess[] = []
  try {
    const idle = await run()
    show('idle', idle)
    // Two processes spinning, one per core of the reference box: the decoder shares the CPU as during a busy service.
    busy = [0, 1].map(() => spawn([process.execPath, '-e', 'for (;;) {}'], { stdout: 'ignore', stderr: 'ignore' }))
    await Bun.sleep(500)
    const loadAverage = Number((await Bun.file('/proc/loadavg').text()).split(' ')[0])
    const load = await run()
    show(`2 busy loops (load ${loadAverage.toFixed(1)})`, load)
    return { idle, load, loadAverage }
  } finally {
    for (const p of busy) p.kill()
    await Promise.all(busy.map((p) => p.exited))
    await browser.close()
    server.stop(true)
  }
}

/** Issue 31's targets for run.ts's Targets table: the slower kind of frame is held to them. */
export function cameraTargets(c: CameraFigures) {
  const worst = (r: CameraRun) => Math.max(r.codeMs, r.blankMs)
  return [
    { what: 'camera decode per 640×480 frame in the UI worker, idle (slower of code / no code)', target: '< 10 ms', measured: `${worst(c.idle).toFixed(1)} ms`, met: worst(c.idle) < 10 },
    { what: 'camera decode per 640×480 frame, 2 busy loops on the cores', target: '< 25 ms', measured: `${worst(c.load).toFixed(1)} ms`, met: worst(c.load) < 25 },
  ]
}

/** The camera figures as rows of run.ts's Figures table. */
export function cameraFigureRows(c: CameraFigures): [string, string][] {
  const row = (r: CameraRun) => `${r.codeMs.toFixed(1)} / ${r.blankMs.toFixed(1)} ms (${r.read} of ${r.frames} codes read${r.misread ? `, ${r.misread} misread` : ''})`
  return [
    ['camera decode per photo-like 640×480 frame in the UI worker, idle: with an EAN-13 / without a code (scripts/bench/camera.ts)', row(c.idle)],
    [`the same with 2 busy loops on the cores (load ${c.loadAverage.toFixed(1)})`, row(c.load)],
  ]
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { frames: { type: 'string', default: '40' }, ui: { type: 'string' } } })
  const c = await cameraFigures({ frames: Number(values.frames), ui: values.ui })
  for (const t of cameraTargets(c)) console.log(`${t.what} (target ${t.target}): ${t.measured}${t.met ? '' : '  MISSED'}`)
}
