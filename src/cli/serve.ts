import { buildApp } from '../app'
import { IDLE_TIMEOUT_S, withConnectionLimits } from '../http/connection-limits'
import { uploadAdmission } from '../http/access'
import { openAndMigrate } from '../db/open'
import { createDeps } from '../deps'
import { systemClock } from '../lib/clock'
import { createSettingsService } from '../modules/settings'
import { TlsConfigError } from '../tls/owner-cert'
import { httpsRedirect } from '../tls/redirect'
import { describeTls, prepareTls, type TlsSetup } from '../tls/setup'
import { inContainer, publicUrls, unreachableReason } from '../tls/public-hosts'
import { phoneUrl, serverUrls } from '../tls/urls'
import { loadUiAssets } from '../ui-assets'
import { startAlertSchedule } from '../modules/alerts'
import { startBackupSchedule } from '../modules/backups'
import { startOffsiteSchedule } from '../modules/offsite'
import { loadSecret, markDataDirInUse, prepareDataDir, SecretTooShortError } from './data-dir'
import { seedDemo } from './demo'
import { rememberPeer } from '../http/client-address'

/**
 * Bun's own limit answers an empty 413 before RIMS sees the request; the real limits (5 MB for an import, 1 MiB
 * elsewhere) are the connection wrapper's, which answers JSON naming them and reads no further than them.
 */
const BUN_BODY_LIMIT = 2 ** 40

export interface ServeOptions {
  port: number
  host: string
  data: string
  demo: boolean
  /** The HTTPS listener's port; 0 (the default here) turns HTTPS off. */
  httpsPort?: number
  /** The owner's certificate and key (PEM); without them the local CA's certificate is served. */
  certFile?: string
  keyFile?: string
  /** The names and addresses devices use (--public-host): they replace what the box finds by itself. */
  publicHosts?: string[]
}

export async function serve(o: ServeOptions) {
  const started = performance.now()
  const dir = prepareDataDir(o.data)
  let secret: Uint8Array
  try {
    secret = loadSecret(dir.secretPath)
  } catch (e) {
    if (!(e instanceof SecretTooShortError)) throw e
    console.error(e.message)
    process.exit(2)
  }
  const db = openAndMigrate(dir.dbPath)
  const httpsPort = o.httpsPort ?? 0
  // The addresses staff can type on the restaurant's network; links in mails use a LAN one.
  const publicHosts = o.publicHosts ?? []
  const addresses = (port: number) => (publicHosts.length ? publicUrls(publicHosts, port, httpsPort) : serverUrls(o.host, port, httpsPort))
  const urls = addresses(o.port)
  // Everything the services need is known before the deps are built: the settings are read once here (nothing
  // writes them before the app exists) for the container warning and the certificate's names.
  const startSettings = createSettingsService(db, systemClock).get()
  // In a container on a bridge network, say once how to name the box (see docs/operations.md).
  const unreachable = unreachableReason({ container: inContainer(), publicHosts, publicUrl: startSettings.public_url })
  let tls: TlsSetup | null = null
  if (httpsPort) {
    try {
      tls = await prepareTls({ dataDir: dir.root, certFile: o.certFile, keyFile: o.keyFile, publicHosts, settings: startSettings })
    } catch (e) {
      console.error(e instanceof TlsConfigError ? e.message : `The HTTPS certificate files in ${dir.root}/tls cannot be used (${(e as Error).message}). Move the tls folder away to make new ones.`)
      db.close()
      process.exit(2)
    }
    tls.info.unreachable = unreachable
  }
  const deps = createDeps({ db, secret, serverUrl: phoneUrl(urls).http, ui: await loadUiAssets(), tls: tls?.info })
  if (unreachable) deps.logger.warn(unreachable)
  if (!httpsPort && deps.settings.get().require_https) deps.logger.warn('require_https is on but HTTPS is off (--https-port 0): HTTP is served without a redirect')
  if (o.demo && (await seedDemo(deps))) deps.logger.info('Demo data seeded: manager@rims.local, store@rims.local, chef@rims.local (password rims-demo-2026)')
  const app = buildApp(deps)

  const listen = (port: number, flag: string, env: string, start: () => ReturnType<typeof Bun.serve>) => {
    try {
      return start()
    } catch (e) {
      const code = (e as { code?: string }).code
      console.error(code === 'EADDRINUSE' ? `Port ${port} is already in use. Start RIMS with ${flag} <another port> (or set ${env}).` : `Could not listen on ${o.host}:${port}: ${(e as Error).message}`)
      db.close()
      process.exit(2)
    }
  }
  // A short idle timeout (backups and reports get longer), requests per address capped, bodies on a deadline and a
  // size limit, an upload's sender checked before its body is read.
  const limited = withConnectionLimits((req, address) => (rememberPeer(req, address), app.fetch(req)), { admitUpload: uploadAdmission(deps.auth) })
  const redirect = { httpsPort, boundHost: o.host, settings: deps.settings.get }
  const server = listen(o.port, '--port', 'RIMS_PORT', () =>
    Bun.serve({ port: o.port, hostname: o.host, maxRequestBodySize: BUN_BODY_LIMIT, idleTimeout: IDLE_TIMEOUT_S, fetch: (req, srv) => httpsRedirect(req, srv, redirect) ?? limited(req, srv) }),
  )
  const secure = tls
    ? listen(httpsPort, '--https-port', 'RIMS_HTTPS_PORT', () =>
        Bun.serve({ port: httpsPort, hostname: o.host, maxRequestBodySize: BUN_BODY_LIMIT, idleTimeout: IDLE_TIMEOUT_S, tls: { cert: tls.cert, key: tls.key }, fetch: limited }),
      )
    : null

  const releaseDataDir = markDataDirInUse(dir.root)
  // Planned a second after the listeners accept, like the first alert rescan (startAlertSchedule).
  const backups = startBackupSchedule(deps.settings, deps.backups, deps.logger, { delayMs: 1000 })
  const alerts = startAlertSchedule(deps)
  const offsite = startOffsiteSchedule(deps.settings, deps.offsite, deps.logger, { delayMs: 1000 })

  console.log(`RIMS is running (data: ${dir.root}, ready in ${Math.round(performance.now() - started)} ms). Open on this network:`)
  if (tls) {
    tls.info.urls.push(...addresses(server.port ?? o.port))
    console.log(await describeTls(tls, { dataDir: dir.root }))
  } else {
    for (const url of urls) console.log(`  ${url.http}`)
  }
  // The executable starts with the JIT reluctant (scripts/build.ts, --compile-jit-policy) so that run-once start-up
  // code stays in the interpreter; requests get the normal JIT from here on.
  Bun.unsafe.setJITPolicy(1)

  const stop = () => {
    backups.stop()
    offsite.stop()
    alerts.stop()
    server.stop()
    secure?.stop()
    db.close()
    releaseDataDir()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return server
}
