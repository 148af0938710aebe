import { spawn, type Subprocess } from 'bun'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..', '..')
export const EXECUTABLE = join(ROOT, 'dist', 'rims')

/** A free TCP port on 127.0.0.1, asked of the OS. */
export function freePort(): number {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}

/** Held (a directory: made atomically) while a test process builds the executable. */
const BUILD_LOCK = join(ROOT, 'dist', '.test-build-lock')

/**
 * The compiled executable, built once if `npm run build` has not made it yet. `bun test --parallel` runs files in
 * several processes: one builds while the others wait for its lock, so none starts a half-written file.
 */
export async function ensureExecutable(): Promise<string> {
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  for (;;) {
    if (!existsSync(BUILD_LOCK) && existsSync(EXECUTABLE)) return EXECUTABLE
    try {
      mkdirSync(BUILD_LOCK)
    } catch {
      // A lock older than any build was left by a process that was killed: take it over.
      if (Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10 * 60_000) rmSync(BUILD_LOCK, { recursive: true, force: true })
      await Bun.sleep(250)
      continue
    }
    try {
      if (!existsSync(EXECUTABLE)) {
        const build = spawn([process.execPath, join(ROOT, 'scripts/build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
        if ((await build.exited) !== 0) throw new Error('npm run build failed')
      }
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true })
    }
    return EXECUTABLE
  }
}

export interface RunningServer {
  url: string
  dataDir: string
  proc: Subprocess
  output: () => string
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Starts a RIMS server process (`bun src/main.ts` unless a command is given) on a free port and waits for /api/health
 * (45 s unless `timeoutMs`: under a second on a quiet box, but over 15 s was seen at load 20–28, and that is no fault
 * of the server; it stays under the tests' 60 s); a server that never answers is killed before the error is thrown.
 */
export async function startServer(o: { command?: string[]; dataDir?: string; args?: string[]; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningServer> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'rims-srv-'))
  const port = freePort()
  const command = o.command ?? [process.execPath, join(ROOT, 'src/main.ts')]
  let out = ''
  const proc = spawn([...command, 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir, ...(o.args ?? [])], {
    cwd: tmpdir(),
    env: { ...process.env, RIMS_HTTPS_PORT: '0', ...o.env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) out += new TextDecoder().decode(chunk)
  }
  void collect(proc.stdout as ReadableStream<Uint8Array>)
  void collect(proc.stderr as ReadableStream<Uint8Array>)
  const url = `http://127.0.0.1:${port}`
  const timeoutMs = o.timeoutMs ?? 45_000
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${out}`)
    try {
      if ((await fetch(url + '/api/health')).ok) break
    } catch {}
    if (Date.now() > deadline) {
      // Never healthy: stop it before throwing, or it outlives the test run holding its port and data dir.
      proc.kill('SIGKILL')
      await proc.exited
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`)
    }
    await Bun.sleep(25)
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      proc.kill(signal)
      await proc.exited
    },
  }
}
