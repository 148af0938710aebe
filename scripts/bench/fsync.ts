// The disk's fsync latency: a small append + fsync in a loop, as SQLite does at every commit with
// journal_mode=WAL and synchronous=FULL (one fsync of the WAL file per transaction). It bounds what one
// writer can commit per second, whatever the code does.
//   bun scripts/bench/fsync.ts [--dir /tmp] [--count 500]
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { quantile } from './lib'

export interface FsyncResult {
  dir: string
  count: number
  p50: number
  p99: number
  /** The most commits per second one writer can make on this disk: 1000 / p50. */
  commitsPerSecond: number
}

/** Appends `bytes` and fsyncs, `count` times, in a temp file under `dir` (the data dir's disk is what counts). */
export function fsyncLatency(dir = '/tmp', count = 500, bytes = 4096): FsyncResult {
  const tmp = mkdtempSync(join(dir, 'rims-fsync-'))
  const fd = openSync(join(tmp, 'probe'), 'w')
  const block = Buffer.alloc(bytes, 7)
  const times: number[] = []
  try {
    for (let i = 0; i < count; i++) {
      const t0 = performance.now()
      writeSync(fd, block)
      fsyncSync(fd)
      times.push(performance.now() - t0)
    }
  } finally {
    closeSync(fd)
    rmSync(tmp, { recursive: true, force: true })
  }
  times.sort((a, b) => a - b)
  const p50 = quantile(times, 0.5)
  return { dir, count, p50, p99: quantile(times, 0.99), commitsPerSecond: 1000 / p50 }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: '/tmp' }, count: { type: 'string', default: '500' } } })
  const r = fsyncLatency(values.dir, Number(values.count))
  console.log(`write 4 KiB + fsync in ${r.dir}, ${r.count} times: p50 ${r.p50.toFixed(3)} ms, p99 ${r.p99.toFixed(3)} ms → at most ~${Math.round(r.commitsPerSecond)} commits/s for one writer`)
}
