import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { ocrAssets } from './src/lib/ocr/plugin.ts'
import { serviceWorker } from './src/sw/plugin.ts'

/**
 * Writes route-preload.json: each route path of src/routes.tsx → its lazy page chunk and the chunks
 * that chunk imports. The server adds them to index.html as <link rel="modulepreload">, so the
 * page being opened downloads beside the entry instead of after it (no chunk waterfall).
 */
function routePreload(): Plugin {
  return {
    name: 'rims-route-preload',
    generateBundle(_options, bundle) {
      const routes = readFileSync(join(import.meta.dirname, 'src/routes.tsx'), 'utf8')
      const byModule = new Map<string, string>()
      for (const m of routes.matchAll(/path: '([^']+)'[^\n]*?import\('\.\/([^']+)'\)/g)) byModule.set(m[2], m[1])
      const entryImports = new Set<string>()
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) [chunk.fileName, ...chunk.imports].forEach((f) => entryImports.add(f))
      const chunks = new Map(Object.values(bundle).filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]))
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file) || entryImports.has(file)) return seen
        seen.add(file)
        const c = chunks.get(file)
        if (c && c.type === 'chunk') c.imports.forEach((f) => closure(f, seen))
        return seen
      }
      const preload: Record<string, string[]> = {}
      for (const chunk of chunks.values()) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue
        const source = chunk.facadeModuleId.replace(/\\/g, '/').replace(/^.*\/ui\/src\//, '').replace(/\.tsx?$/, '')
        const route = byModule.get(source)
        if (route) preload[route] = [...closure(chunk.fileName)].map((f) => '/' + f)
      }
      this.emitFile({ type: 'asset', fileName: 'route-preload.json', source: JSON.stringify(preload) })
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  // serviceWorker after routePreload: it reads route-preload.json to find the offline pages' chunks.
  plugins: [react(), tailwindcss(), routePreload(), ocrAssets(), serviceWorker()],
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
})
