// Builds the service worker (ui/src/sw/sw.ts) beside the app: ui/dist/sw.js, with this build's version and the list
// of files to keep written into it. A second, small build (one classic script, no shared chunks): in the app's own
// build the worker's modules could be split into chunks shared with the app, which a classic worker cannot import,
// and the list of files is only known once the app's bundle is.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'
import { SHELL } from './policy.ts'

/** The routes a phone must open without the box (issue 33): the count sheet (and its scan mode), scan-to-count, the kitchen's usage and wastage forms. */
export const OFFLINE_ROUTES = ['/counts/:id', '/scan', '/kitchen-inventory']

/** Files of ui/public kept with the shell (the sign-in screen's starter, the icon). */
const PUBLIC_FILES = ['/boot.js', '/favicon.svg']

export const SW_FILE = 'sw.js'

/** A build's version: the package's, and a digest of every file the build wrote (so any change to the app makes a new worker). */
export function buildVersion(packageVersion: string, files: ReadonlyMap<string, Uint8Array | string>): string {
  const digest = createHash('sha256')
  for (const name of [...files.keys()].sort()) digest.update(name).update('\0').update(files.get(name)!).update('\0')
  return `${packageVersion}-${digest.digest('hex').slice(0, 12)}`
}

/** A file's name as the build's code mentions it (a worker's script, its WebAssembly): `decode.worker-Bs_Tfxgw.js`. */
const MENTIONED = /[\w.-]+\.(?:js|css|wasm)\b/g

/**
 * The files to keep, as URLs: the shell (index.html, the entry with its imports and CSS), and for each offline
 * route its page's chunks (route-preload.json, written by ui/vite.config.ts) with everything they load later —
 * dynamic imports (the camera scanner), their CSS, and the files their code names (the decoder's worker, its .wasm).
 */
export function precacheList(bundle: Rolldown.OutputBundle, publicFiles: readonly string[]): string[] {
  const preloadAsset = bundle['route-preload.json']
  if (!preloadAsset || preloadAsset.type !== 'asset') throw new Error('service worker: route-preload.json is missing (the rims-route-preload plugin must run first)')
  const preload = JSON.parse(String(preloadAsset.source)) as Record<string, string[]>
  const byName = new Map<string, string>()
  for (const fileName of Object.keys(bundle)) byName.set(fileName.slice(fileName.lastIndexOf('/') + 1), fileName)

  const keep = new Set<string>()
  const entry = new Set<string>()
  const addEntry = (fileName: string) => {
    const c = bundle[fileName]
    if (!c || entry.has(fileName)) return
    entry.add(fileName)
    if (c.type === 'chunk') {
      c.imports.forEach(addEntry)
      c.viteMetadata?.importedCss.forEach((f) => keep.add(f))
    }
  }
  for (const c of Object.values(bundle)) if (c.type === 'chunk' && c.isEntry) addEntry(c.fileName)
  entry.forEach((f) => keep.add(f))

  const add = (fileName: string) => {
    const c = bundle[fileName]
    if (!c) throw new Error(`service worker: ${fileName} is not in the build`)
    if (keep.has(fileName)) return
    keep.add(fileName)
    const text = c.type === 'chunk' ? c.code : typeof c.source === 'string' ? c.source : ''
    if (c.type === 'chunk') {
      ;[...c.imports, ...c.dynamicImports].forEach(add)
      c.viteMetadata?.importedCss.forEach(add)
      c.viteMetadata?.importedAssets.forEach(add)
    }
    for (const [name] of text.matchAll(MENTIONED)) {
      const mentioned = byName.get(name)
      if (mentioned && mentioned !== fileName) add(mentioned)
    }
  }
  for (const route of OFFLINE_ROUTES) {
    const files = preload[route]
    if (!files?.length) throw new Error(`service worker: route-preload.json has no chunks for ${route} (renamed in ui/src/routes.tsx?)`)
    files.forEach((url) => add(url.slice(1)))
  }
  return [SHELL, ...publicFiles, ...[...keep].sort().map((f) => '/' + f)]
}

/** Every file under `dir` but the worker itself, by URL path. */
function builtFiles(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const url = '/' + path.slice(dir.length + 1).split('\\').join('/')
    if (url !== '/' + SW_FILE) files.set(url, readFileSync(path))
  }
  return files
}

export function serviceWorker(): Plugin {
  const root = join(import.meta.dirname, '..', '..')
  let precache: string[] = []
  return {
    name: 'rims-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      precache = precacheList(bundle, PUBLIC_FILES.filter((f) => existsSync(join(root, 'public', f))))
    },
    async writeBundle(options) {
      const outDir = options.dir!
      const packageVersion = (JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { version: string }).version
      const version = buildVersion(packageVersion, builtFiles(outDir))
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __RIMS_SW_VERSION__: JSON.stringify(version), __RIMS_SW_PRECACHE__: JSON.stringify(precache) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry: join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'rimsServiceWorker', fileName: () => SW_FILE },
        },
      })
    },
  }
}
