// Puts the files OCR needs in the phone's browser (issue 34, 2d) into the build, so the box serves them from its own
// origin and they are embedded in the executable with the rest of ui/dist (scripts/build.ts): tesseract.js's worker
// script, its LSTM-only SIMD core (the .js and its .wasm, found beside the worker) and the English LSTM model
// (@tesseract.js-data/eng 4.0.0_best_int, gzipped). Never a CDN: tesseract.js's defaults point at jsDelivr, which
// ui/src/lib/ocr/read.ts always overrides with OCR_BASE. The folder's name is a digest of the files, so the server's
// one-year cache of /assets/* is safe.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`))

/** URL name → file on disk. */
function ocrFiles(): Map<string, string> {
  const tesseract = pkgDir('tesseract.js')
  const core = dirname(createRequire(join(tesseract, 'package.json')).resolve('tesseract.js-core/package.json'))
  return new Map([
    ['worker.min.js', join(tesseract, 'dist/worker.min.js')],
    ['tesseract-core-simd-lstm.js', join(core, 'tesseract-core-simd-lstm.js')],
    ['tesseract-core-simd-lstm.wasm', join(core, 'tesseract-core-simd-lstm.wasm')],
    ['eng.traineddata.gz', join(pkgDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz')],
  ])
}

export function ocrAssets(): Plugin {
  const files = ocrFiles()
  const digest = createHash('sha256')
  for (const [name, path] of files) digest.update(name).update(readFileSync(path))
  const base = `/assets/ocr-${digest.digest('hex').slice(0, 10)}/`
  return {
    name: 'rims-ocr-assets',
    config: () => ({ define: { __RIMS_OCR_BASE__: JSON.stringify(base) } }),
    // `vite` (development) serves them from node_modules under the same URLs.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(base) ? req.url.slice(base.length) : null
        const path = name ? files.get(name) : undefined
        if (!path) return next()
        res.setHeader('content-type', name!.endsWith('.wasm') ? 'application/wasm' : name!.endsWith('.js') ? 'text/javascript' : 'application/octet-stream')
        res.end(readFileSync(path))
      })
    },
    generateBundle() {
      for (const [name, path] of files) this.emitFile({ type: 'asset', fileName: `${base.slice(1)}${name}`, source: readFileSync(path) })
    },
  }
}
