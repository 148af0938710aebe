/** The backups module's face: what the wiring and `rims backup`/`restore` may use. */
export { createBackupService, type BackupInfo, type BackupService } from './service'
export { backupsRoutes } from './routes'
export { startBackupSchedule } from './schedule'
export { fsyncPath, inspectDatabaseFile, snapshotTo, type BackupKind } from './files'
