import { afterAll, expect, test } from 'bun:test'
import { spawnSync } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runDoctor } from '../cli/doctor'
import { DEMO_PASSWORD } from '../cli/demo'
import { openAndMigrate } from '../db/open'
import { ROOT, startServer, type RunningServer } from './server'

// A power cut, five times over: the server takes concurrent stock writes and is killed with SIGKILL at a
// random moment, then restarted on the same data dir. Every write the client saw acknowledged (201) must
// still be there, exactly as answered, and the doctor must find the database whole and every ledger exact.

const KILLS = 5
const WRITERS = 8

interface Acknowledged {
  id: number
  item_id: number
  type: 'IN' | 'OUT'
  quantity: number
}

const dataDir = mkdtempSync(join(tmpdir(), 'rims-crash-'))
let server: RunningServer | null = null
afterAll(async () => {
  if (server && server.proc.exitCode === null) await server.stop('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

async function signIn(url: string): Promise<string> {
  const res = await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'store@rims.local', password: DEMO_PASSWORD }) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** WRITERS loops of IN and OUT movements until the server dies; returns what was acknowledged. */
async function writeUntilKilled(url: string, token: string, items: number[], acknowledged: Acknowledged[], killAfterMs: number) {
  let alive = true
  const writer = async (w: number) => {
    for (let n = 0; alive; n++) {
      const item_id = items[(w * 7 + n) % items.length]
      const type = n % 3 === 2 ? 'OUT' : 'IN'
      const quantity = 1 + ((w + n) % 5)
      let answer: { status: number; body: { data: { id: number }; message: string } }
      try {
        const res = await fetch(url + '/api/stock-movements', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ item_id, type, quantity, remarks: `crash test writer ${w}` }),
        })
        answer = { status: res.status, body: (await res.json()) as { data: { id: number }; message: string } }
      } catch {
        return // the connection died with the server: this write's fate is unknown, and it was not acknowledged
      }
      if (answer.status === 201) acknowledged.push({ id: answer.body.data.id, item_id, type, quantity })
      // Only an OUT larger than the balance may be refused (409, the spec's message); nothing else may fail.
      else expect({ type, status: answer.status, insufficient: answer.body.message.startsWith('Insufficient stock!') }).toEqual({ type: 'OUT', status: 409, insufficient: true })
    }
  }
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
  await Bun.sleep(killAfterMs)
  await server!.stop('SIGKILL')
  alive = false
  await Promise.all(writers)
}

function checkDatabase(acknowledged: Acknowledged[]) {
  const db = openAndMigrate(join(dataDir, 'rims.db'))
  try {
    const doctor = runDoctor(db)
    expect(doctor.results.filter((r) => r.problems.length > 0)).toEqual([])
    const stored = new Map(
      (db.query('SELECT id, item_id, type, quantity FROM stock_movements').all() as Acknowledged[]).map((r) => [r.id, { ...r, quantity: r.quantity / 100 }]),
    )
    const missing = acknowledged.filter((a) => {
      const s = stored.get(a.id)
      return !s || s.item_id !== a.item_id || s.type !== a.type || s.quantity !== a.quantity
    })
    expect(missing).toEqual([])
  } finally {
    db.close()
  }
}

test(`${KILLS} kill -9 during concurrent stock writes lose no acknowledged write and leave the ledgers exact`, async () => {
  server = await startServer({ dataDir, args: ['--demo'] })
  const token = await signIn(server.url)
  const list = await fetch(server.url + '/api/items?limit=20', { headers: { authorization: `Bearer ${token}` } })
  const items = ((await list.json()) as { data: { id: number }[] }).data.map((i) => i.id)
  expect(items.length).toBeGreaterThan(3)

  const acknowledged: Acknowledged[] = []
  for (let round = 1; round <= KILLS; round++) {
    const before = acknowledged.length
    // A random moment, after the writers are well under way.
    await writeUntilKilled(server.url, token, items, acknowledged, 300 + Math.floor(Math.random() * 700))
    expect(server.proc.signalCode).toBe('SIGKILL')
    expect(acknowledged.length).toBeGreaterThan(before)
    checkDatabase(acknowledged)
    server = await startServer({ dataDir })
    // The token signed before the crash still holds (the key lives in the data dir).
    expect((await fetch(server.url + '/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
  }
  await server.stop()

  // `rims doctor`, the command an owner runs after a power cut.
  const doctor = spawnSync([process.execPath, join(ROOT, 'src/main.ts'), 'doctor', '--data', dataDir], { stdout: 'pipe', stderr: 'pipe' })
  expect({ exit: doctor.exitCode, out: doctor.exitCode === 0 ? '' : doctor.stdout.toString() + doctor.stderr.toString() }).toEqual({ exit: 0, out: '' })
  checkDatabase(acknowledged)
}, 50_000)
