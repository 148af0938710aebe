// npm run check:docker: builds the image, runs it, waits for healthy, signs in, restarts the
// container and checks that the data and the HTTPS certificate survived, then removes it all.
// Uses docker or podman, whichever answers; with neither it says so and exits 0 (not part of npm test).
//   RIMS_BUILD_BASE / RIMS_RUNTIME_BASE: build FROM these images instead of the pinned ones, through
//   a temporary copy of the Dockerfile (for machines that reach no registry; see docs/operations.md).
import { $ } from 'bun'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
$.throws(true)

async function findEngine(): Promise<string | null> {
  for (const engine of ['docker', 'podman']) {
    if (!Bun.which(engine)) continue
    if ((await $`${engine} info`.quiet().nothrow()).exitCode === 0) return engine
  }
  return null
}

const engine = await findEngine()
if (!engine) {
  console.log('check:docker: no container engine answers here (docker or podman): nothing was checked.')
  process.exit(0)
}

let tempDir: string | null = null

function dockerfile(): string {
  const build = process.env.RIMS_BUILD_BASE
  const runtime = process.env.RIMS_RUNTIME_BASE
  if (!build && !runtime) return join(root, 'Dockerfile')
  let text = readFileSync(join(root, 'Dockerfile'), 'utf8')
  if (build) text = text.replace(/^(FROM --platform=\$BUILDPLATFORM )\S+( AS build)$/m, `$1${build}$2`)
  if (runtime) text = text.replace(/^FROM debian:\S+$/m, `FROM ${runtime}`)
  tempDir = mkdtempSync(join(tmpdir(), 'rims-docker-'))
  writeFileSync(join(tempDir, 'Dockerfile'), text)
  return join(tempDir, 'Dockerfile')
}

const tag = 'rims-check:latest'
const name = `rims-check-${process.pid}`
const volume = `${name}-data`
const port = 20000 + (process.pid % 20000)
const httpsPort = port + 1
const base = `http://127.0.0.1:${port}`
const password = 'check-docker-2026'
const step = (what: string) => console.log(`check:docker: ${what}`)
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

async function waitHealthy(): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < 120; i++) {
    // Podman without systemd runs no health checks by itself: run the image's own check on demand.
    const ok = engine === 'podman' ? (await $`podman healthcheck run ${name}`.quiet().nothrow()).exitCode === 0 : (await $`docker inspect --format {{.State.Health.Status}} ${name}`.quiet().nothrow()).text().trim() === 'healthy'
    if (ok) return performance.now() - started
    await Bun.sleep(500)
  }
  throw new Error(`the container did not become healthy:\n${(await $`${engine} logs ${name}`.quiet().nothrow()).text()}`)
}

/** Host networking, as the README runs it; RIMS_PUBLIC_HOST keeps the certificate's names stable. */
const run = () => $`${engine} run -d --name ${name} --network host -v ${volume}:/data -e RIMS_PORT=${port} -e RIMS_HTTPS_PORT=${httpsPort} -e RIMS_PUBLIC_HOST=127.0.0.1 ${tag}`.quiet()

async function signIn(email: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`)
}

const caFingerprint = async () => new Bun.CryptoHasher('sha256').update(await (await fetch(`${base}/ca.crt`)).arrayBuffer()).digest('hex')

try {
  let started = performance.now()
  step(`building ${tag} with ${engine}`)
  // Podman writes OCI images by default, which have no HEALTHCHECK: ask for Docker's format.
  const format = engine === 'podman' ? ['--format', 'docker'] : []
  await $`${engine} build ${format} -f ${dockerfile()} -t ${tag} ${root}`
  step(`built in ${seconds(started)} s; image size ${(await $`${engine} image inspect --format {{.Size}} ${tag}`.text()).trim()} bytes`)

  started = performance.now()
  await run()
  step(`healthy ${(await waitHealthy() / 1000).toFixed(1)} s after the container was started (${seconds(started)} s with the run command)`)

  await $`echo ${password} | ${engine} exec -i ${name} rims create-manager --name Owner --email owner@example.com --password-stdin`
  await signIn('owner@example.com')
  const before = await caFingerprint()
  step('signed in as the new Manager; restarting the container')

  await $`${engine} restart ${name}`.quiet()
  await waitHealthy()
  await signIn('owner@example.com')
  if ((await caFingerprint()) !== before) throw new Error('the CA certificate changed across a restart')
  step('after the restart: the Manager still signs in and the CA certificate is the same')

  // An upgrade re-creates the container on the same volume: data, CA and certificate stay.
  const certificate = (await $`${engine} exec ${name} cat /data/tls/server.crt`.text()).trim()
  await $`${engine} rm -f ${name}`.quiet()
  await run()
  await waitHealthy()
  await signIn('owner@example.com')
  if ((await caFingerprint()) !== before) throw new Error('the CA certificate changed when the container was re-created')
  if ((await $`${engine} exec ${name} cat /data/tls/server.crt`.text()).trim() !== certificate) throw new Error('the server certificate was re-issued when the container was re-created')
  step('after a re-create on the same volume: the Manager signs in, the CA and the server certificate are the same')
  step('ok')
} catch (e) {
  console.error(`check:docker failed: ${(e as Error).message}`)
  process.exitCode = 1
} finally {
  await $`${engine} rm -f ${name}`.quiet().nothrow()
  await $`${engine} volume rm ${volume}`.quiet().nothrow()
  if (tempDir) rmSync(tempDir, { force: true, recursive: true })
}
