import { networkInterfaces } from 'node:os'
import { buildApp, MAX_BODY_BYTES } from '../app'
import { openAndMigrate } from '../db/open'
import { createDeps } from '../deps'
import { loadUiAssets } from '../ui-assets'
import { loadSecret, prepareDataDir } from './data-dir'
import { seedDemo } from './demo'

export interface ServeOptions {
  port: number
  host: string
  data: string
  demo: boolean
}

/** The addresses staff can type on the restaurant's network. */
export function lanUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`]
  const urls = [`http://localhost:${port}`]
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') urls.push(`http://${a.address}:${port}`)
  }
  return urls
}

export async function serve(o: ServeOptions) {
  const started = performance.now()
  const dir = prepareDataDir(o.data)
  const db = openAndMigrate(dir.dbPath)
  const urls = lanUrls(o.host, o.port)
  const deps = createDeps({ db, secret: loadSecret(dir.secretPath), serverUrl: urls[urls.length > 1 ? 1 : 0], ui: await loadUiAssets() })
  if (o.demo && (await seedDemo(db))) deps.logger.info('Demo data seeded: manager@rims.local, store@rims.local, chef@rims.local (password rims-demo-2026)')
  const app = buildApp(deps)

  let server: ReturnType<typeof Bun.serve>
  try {
    server = Bun.serve({ port: o.port, hostname: o.host, fetch: app.fetch, maxRequestBodySize: MAX_BODY_BYTES })
  } catch (e) {
    const code = (e as { code?: string }).code
    console.error(code === 'EADDRINUSE' ? `Port ${o.port} is already in use. Start RIMS with --port <another port> (or set RIMS_PORT).` : `Could not listen on ${o.host}:${o.port}: ${(e as Error).message}`)
    db.close()
    process.exit(2)
  }

  console.log(`RIMS is running (data: ${dir.root}, ready in ${Math.round(performance.now() - started)} ms). Open on this network:`)
  for (const url of urls) console.log(`  ${url}`)

  const stop = () => {
    server.stop()
    db.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return server
}
