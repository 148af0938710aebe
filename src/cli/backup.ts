import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { MIGRATIONS } from '../db/migrations'
import { migrate, openDb, openAndMigrate } from '../db/open'
import { createLogger } from '../lib/log'
import { fsyncPath, inspectDatabaseFile, snapshotTo } from '../modules/backups'
import { createBackupService } from '../modules/backups'
import { createSettingsService } from '../modules/settings'
import { prepareDataDir, serverOnDataDir } from './data-dir'

/** `rims backup [--out FILE]`: safe while the server runs (a snapshot, not a file copy). */
export async function backupCommand(o: { data: string; out?: string }): Promise<number> {
  const dir = prepareDataDir(o.data)
  const db = openAndMigrate(dir.dbPath)
  try {
    if (o.out) {
      const out = resolve(o.out)
      if (existsSync(out)) {
        console.error(`${out} already exists; choose another --out file.`)
        return 1
      }
      await snapshotTo(dir.dbPath, out)
      console.log(`Backup written to ${out} (integrity ok).`)
      return 0
    }
    const settings = createSettingsService(db, () => new Date())
    const backups = createBackupService({ db, dir: dir.backupsDir, clock: () => new Date(), logger: createLogger(() => {}), keep: () => settings.get().backup_keep })
    const made = await backups.create('manual')
    console.log(`Backup ${made.name} made in ${dir.backupsDir} (${made.size} bytes, integrity ok).`)
    return 0
  } catch (e) {
    console.error(`Backup failed: ${(e as Error).message}`)
    return 1
  } finally {
    db.close()
  }
}

/**
 * `rims restore FILE`: refuses while a server runs on the data dir, checks the file's integrity
 * and schema version first, and keeps the current database as rims.db.pre-restore-<time>.
 */
export function restoreCommand(o: { data: string; file: string; now?: Date }): number {
  const dir = prepareDataDir(o.data)
  const pid = serverOnDataDir(dir.root)
  if (pid) {
    console.error(`RIMS is running on ${dir.root} (process ${pid}). Stop it before restoring.`)
    return 1
  }
  const file = resolve(o.file)
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`)
    return 2
  }
  const check = inspectDatabaseFile(file)
  if (!check.ok) {
    console.error(`${file} is not a healthy RIMS database: ${check.problems.slice(0, 3).join('; ')}`)
    return 1
  }
  if (check.schemaVersion < 1 || check.schemaVersion > MIGRATIONS.length) {
    console.error(`${file} has schema version ${check.schemaVersion}; this RIMS reads versions 1 to ${MIGRATIONS.length}.`)
    return 1
  }
  let kept: string | null = null
  if (existsSync(dir.dbPath)) {
    // Fold the WAL into the main file so the kept copy is whole on its own.
    const current = openDb(dir.dbPath)
    current.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    current.close()
    kept = `${dir.dbPath}.pre-restore-${(o.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`
    renameSync(dir.dbPath, kept)
    chmodSync(kept, 0o600)
    for (const suffix of ['-wal', '-shm']) rmSync(dir.dbPath + suffix, { force: true })
  }
  const tmp = `${dir.dbPath}.restoring`
  copyFileSync(file, tmp)
  chmodSync(tmp, 0o600)
  fsyncPath(tmp)
  renameSync(tmp, dir.dbPath)
  fsyncPath(dir.root)
  const db = openDb(dir.dbPath)
  migrate(db)
  db.close()
  console.log(`Restored ${file} into ${dir.dbPath}.${kept ? ` The previous database is kept as ${kept}.` : ''}`)
  return 0
}
