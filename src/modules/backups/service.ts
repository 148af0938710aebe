import { existsSync, lstatSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from '../../db/open'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import { raiseSystemAlert } from '../alerts'
import { BACKUP_NAME, fsyncPath, snapshotTo, type BackupKind } from './files'

export interface BackupInfo {
  name: string
  size: number
  created_at: string
  kind: BackupKind
  integrity_ok: boolean
}

/** Newest first: by time, then by the sequence number added when two backups share a second. */
const order = (name: string) => {
  const [, ymd, hms, seq] = BACKUP_NAME.exec(name)!
  return `${ymd}${hms}${(seq ?? '1').padStart(4, '0')}`
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

/**
 * The path of a backup RIMS made: a regular file (never a symlink, a folder or a device) whose
 * real path is in the backups folder. A link placed there cannot hand out rims.db or /etc files.
 */
function backupPath(dir: string, name: string): string | null {
  if (!BACKUP_NAME.test(name)) return null
  const path = join(dir, name)
  const st = lstatSync(path, { throwIfNoEntry: false })
  if (!st?.isFile()) return null
  return dirname(realpathSync(path)) === realpathSync(dir) ? path : null
}

function infoOf(dir: string, name: string): BackupInfo | null {
  const path = backupPath(dir, name)
  const m = path ? BACKUP_NAME.exec(name) : null
  if (!path || !m) return null
  const [, ymd, hms, , kind] = m
  const created = `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}T${hms.slice(0, 2)}:${hms.slice(2, 4)}:${hms.slice(4)}Z`
  // Only files that passed integrity_check are ever renamed to a backup name.
  return { name, size: lstatSync(path).size, created_at: created, kind: kind as BackupKind, integrity_ok: true }
}

export type BackupService = ReturnType<typeof createBackupService>

export function createBackupService(deps: { db: Db; dir: string; clock: Clock; logger: Logger; keep: () => number }) {
  const { db, dir, clock, logger } = deps

  const list = (): BackupInfo[] =>
    readdirSync(dir)
      .map((name) => infoOf(dir, name))
      .filter((b): b is BackupInfo => b !== null)
      .sort((a, b) => order(b.name).localeCompare(order(a.name)))

  /** Removes the oldest backups beyond the retention setting. */
  const prune = () => {
    for (const old of list().slice(deps.keep())) rmSync(join(dir, old.name), { force: true })
  }

  async function createNow(kind: BackupKind): Promise<BackupInfo> {
    const base = `rims-${stamp(clock())}`
    let name = `${base}-${kind}.db`
    for (let i = 2; existsSync(join(dir, name)); i++) name = `${base}-${i}-${kind}.db`
    const tmp = join(dir, `.tmp-${name}`)
    try {
      await snapshotTo(db.filename, tmp)
      renameSync(tmp, join(dir, name))
      fsyncPath(dir)
    } catch (e) {
      const message = `The ${kind} backup could not be made: ${(e as Error).message}`
      logger.error(message)
      raiseSystemAlert(db, { clock }, { title: 'Backup failed', message })
      throw e
    }
    prune()
    const made = infoOf(dir, name)!
    logger.info('Backup made', { name, size: made.size, kind })
    return made
  }

  let queue: Promise<unknown> = Promise.resolve()

  return {
    list,
    /** The file of a backup, or null; the name must be one RIMS made and the file a real one inside the folder. */
    file: (name: string): string | null => backupPath(dir, name),
    /**
     * Snapshots into a temp file, checks it, then renames it into place: a listed backup is always
     * whole. Backups run one at a time, off the main thread.
     */
    create(kind: BackupKind): Promise<BackupInfo> {
      const run = queue.then(() => createNow(kind))
      queue = run.catch(() => {})
      return run
    },
  }
}
