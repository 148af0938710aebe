// A child process that publishes one off-site snapshot of a data dir and says when its upload starts, so
// that src/modules/offsite/crash.test.ts can kill it with SIGKILL in the middle of the upload.
import { join } from 'node:path'
import { openAndMigrate } from '../db/open'
import { systemClock } from '../lib/clock'
import { silentLogger } from '../lib/log'
import { createOffsiteService } from '../modules/offsite'
import { createSettingsService } from '../modules/settings'

const dir = process.argv[2]
const db = openAndMigrate(join(dir, 'rims.db'))
const offsite = createOffsiteService({
  db, clock: systemClock, logger: silentLogger, settings: createSettingsService(db, systemClock), dataDir: dir, env: {},
  onUpload: () => console.log('UPLOADING'),
})
await offsite.run({ snapshot: true })
console.log('DONE')
