// The `test` and `expect` every spec imports: Playwright's, plus a RIMS of each worker's own.
//
// Each worker process starts RIMS with demo data on a fresh temp data dir (as scripts/e2e-server.ts does) on
// port E2E_PORT + its worker index, and every page and `request` of its tests goes there (baseURL). Two
// workers never share a database, so a spec that adds, edits or counts data sees only its own worker's
// tests, which run one after another. A worker that restarts (after a failed test) gets a new index, so a
// new port and a fresh database.
//
// A test tagged @timing (it measures the app) runs alone: it waits for the other workers' tests in progress
// to end, and they wait for it, so a neighbour's work on the shared CPU is not in its figures.
import { test as base, expect } from '@playwright/test'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './helpers'

export { expect }

export type Rims = { base: string; data: string }

// ---------- Turns: @timing tests alone, the rest side by side ----------
// One directory per `playwright test` run (the workers' parent is the runner), a file per worker holding a
// turn: `busy-<pid>` for an ordinary test, `alone-<pid>` for a @timing one. Each writes its file before it
// looks at the others', so two never both go ahead; a file whose worker is gone does not count.
// (e2e/global-teardown.ts removes the directory after the run.)
const TURNS = join(tmpdir(), `rims-e2e-turns-${process.ppid}`)
const mine = (kind: 'busy' | 'alone') => join(TURNS, `${kind}-${process.pid}`)
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const others = (kind: 'busy' | 'alone') =>
  readdirSync(TURNS)
    .filter((f) => f.startsWith(`${kind}-`))
    .map((f) => Number(f.slice(kind.length + 1)))
    .filter((pid) => pid !== process.pid && alive(pid))
const tick = () => new Promise((r) => setTimeout(r, 50))

async function takeTurn(alone: boolean) {
  mkdirSync(TURNS, { recursive: true })
  if (!alone) {
    for (;;) {
      writeFileSync(mine('busy'), '')
      if (others('alone').length === 0) return
      rmSync(mine('busy'), { force: true })
      await tick()
    }
  }
  // Of two @timing tests the lower pid goes first; then the ordinary tests under way finish.
  for (;;) {
    writeFileSync(mine('alone'), '')
    if (!others('alone').some((pid) => pid < process.pid)) break
    rmSync(mine('alone'), { force: true })
    await tick()
  }
  while (others('busy').length) await tick()
}

const endTurn = () => {
  rmSync(mine('busy'), { force: true })
  rmSync(mine('alone'), { force: true })
}

export const test = base.extend<{ turn: void }, { rims: Rims }>({
  rims: [
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3210) + workerInfo.workerIndex
      const data = join(tmpdir(), `rims-e2e-w${workerInfo.workerIndex}-${process.pid}`)
      mkdirSync(data, { recursive: true })
      const server = await startServer({ data, port, demo: true, timeoutMs: 170_000 })
      await use({ base: server.base, data })
      await server.stop()
      rmSync(data, { recursive: true, force: true })
    },
    // Started on first use (a worker that only runs specs with servers of their own never starts one).
    // Starting with demo data takes ~3 s on a quiet box; a busy one gets time (over 60 s was seen at load 25).
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ rims }, use) => use(rims.base),
  turn: [
    async ({}, use, testInfo) => {
      const alone = testInfo.tags.includes('@timing')
      // The wait for the others is not the test's time.
      if (alone) testInfo.setTimeout(testInfo.timeout + 60_000)
      await takeTurn(alone)
      try {
        await use()
      } finally {
        endTurn()
      }
    },
    { auto: true },
  ],
})
