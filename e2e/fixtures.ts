// The `test` and `expect` every spec imports: Playwright's, plus a RIMS of each worker's own.
//
// Each worker process starts RIMS with demo data on a fresh temp data dir (as scripts/e2e-server.ts does) on
// port E2E_PORT + its worker index, and every page and `request` of its tests goes there (baseURL). Two
// workers never share a database, so a spec that adds, edits or counts data sees only its own worker's
// tests, which run one after another. A worker that restarts (after a failed test) gets a new index, so a
// new port and a fresh database.

import { test as base, expect } from '@playwright/test'
import { mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './helpers'

export { expect }

export type Rims = { base: string; data: string }

export const test = base.extend<object, { rims: Rims }>({
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
})
