#!/usr/bin/env bun
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import pkg from '../package.json'
import { backupCommand, restoreCommand } from './cli/backup'
import { restoreFromS3 } from './cli/restore-s3'
import { createManager } from './cli/create-manager'
import { looseModes, prepareDataDir } from './cli/data-dir'
import { runDoctor } from './cli/doctor'
import { groupCommand, groupCreateManager } from './cli/group'
import { healthCommand } from './cli/health'
import { serve } from './cli/serve'
import { startupErrorLine } from './cli/startup-error'
import { openAndMigrate } from './db/open'
import { parsePublicHosts } from './tls/public-hosts'

const USAGE = `RIMS ${pkg.version}: restaurant and bar inventory

Usage:
  rims [serve] [--port 3000] [--host 0.0.0.0] [--data ./rims-data] [--demo]
        [--https-port 3443 (0: HTTPS off)] [--cert FILE --key FILE (your own certificate)]
        [--public-host NAME,ADDRESS (what devices use; in a container, the box's)]
  rims create-manager --name "Full Name" --email you@example.com [--password-stdin]
  rims doctor [--data ./rims-data]     re-add every ledger and check the database
  rims health [--port 3000] [--https-port 3443]  exit 0 when the local server answers, 1 otherwise (for Docker, systemd)
  rims backup [--data DIR] [--out FILE]  a checked snapshot into backups/ (or FILE)
  rims restore FILE [--data DIR]       replace the database with a backup (server stopped)
  rims restore --from-s3 --data DIR [--site ID] [--at TIME]
                                       a new box from the off-site copies (RIMS_S3_* environment)
  rims group [--port 3100] [--host 0.0.0.0] [--data ./rims-group]  one view over several restaurants, read from
        their off-site copies (RIMS_S3_ENDPOINT, RIMS_S3_REGION, RIMS_S3_BUCKET, RIMS_S3_PREFIX,
        RIMS_S3_ACCESS_KEY_ID, RIMS_S3_SECRET_ACCESS_KEY)
  rims group create-manager --name "Full Name" --email you@example.com [--password-stdin] [--data ./rims-group]
  rims --version | --help

Environment: RIMS_PORT, RIMS_HOST, RIMS_DATA_DIR, RIMS_JWT_SECRET, RIMS_HTTPS_PORT, RIMS_TLS_CERT, RIMS_TLS_KEY, RIMS_PUBLIC_HOST,
RIMS_S3_ENDPOINT, RIMS_S3_REGION, RIMS_S3_BUCKET, RIMS_S3_PREFIX, RIMS_S3_ACCESS_KEY_ID, RIMS_S3_SECRET_ACCESS_KEY (off-site copies).`

const COMMANDS = ['serve', 'create-manager', 'doctor', 'backup', 'restore', 'health', 'group'] as const

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

/** The data folder of this run, for the start-up error's fix line. */
let dataDir: string | undefined

async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        'https-port': { type: 'string' },
        cert: { type: 'string' },
        'public-host': { type: 'string' },
        key: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        demo: { type: 'boolean', default: false },
        name: { type: 'string' },
        email: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        out: { type: 'string' },
        'from-s3': { type: 'boolean', default: false },
        site: { type: 'string' },
        at: { type: 'string' },
        version: { type: 'boolean', short: 'v', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (e) {
    fail((e as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return console.log(USAGE), 0
  if (values.version) return console.log(pkg.version), 0
  const command = positionals[0] ?? 'serve'
  if (!(COMMANDS as readonly string[]).includes(command)) fail(`Unknown command: ${command}`)
  if (positionals.length > (command === 'restore' || command === 'group' ? 2 : 1)) fail(`Too many arguments: ${positionals.join(' ')}`)
  // The group view keeps its own folder (its accounts and the sites' copies), never a site's data dir.
  const data = values.data ?? (command === 'group' ? './rims-group' : (process.env.RIMS_DATA_DIR ?? './rims-data'))
  dataDir = resolve(data)

  switch (command) {
    case 'serve': {
      const port = Number(values.port ?? process.env.RIMS_PORT ?? 3000)
      if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not ${values.port}`)
      const httpsPort = Number(values['https-port'] ?? process.env.RIMS_HTTPS_PORT ?? 3443)
      if (!Number.isInteger(httpsPort) || httpsPort < 0 || httpsPort > 65535) fail(`--https-port must be a port number (0 turns HTTPS off), not ${values['https-port'] ?? process.env.RIMS_HTTPS_PORT}`)
      const certFile = values.cert ?? process.env.RIMS_TLS_CERT
      const keyFile = values.key ?? process.env.RIMS_TLS_KEY
      if (!certFile !== !keyFile) fail('--cert and --key (RIMS_TLS_CERT, RIMS_TLS_KEY) go together')
      let publicHosts: string[]
      try {
        publicHosts = parsePublicHosts(values['public-host'] ?? process.env.RIMS_PUBLIC_HOST)
      } catch (e) {
        fail((e as Error).message)
      }
      await serve({ port, host: values.host ?? process.env.RIMS_HOST ?? '0.0.0.0', data, demo: values.demo, httpsPort, certFile, keyFile, publicHosts })
      return -1 // keeps running
    }
    case 'create-manager':
      if (!values.name || !values.email) fail('create-manager needs --name and --email')
      return createManager({ data, name: values.name, email: values.email, passwordStdin: values['password-stdin'] })
    case 'backup':
      return backupCommand({ data, out: values.out })
    case 'restore':
      if (values['from-s3']) {
        if (positionals[1]) fail('restore --from-s3 takes no FILE')
        if (!values.data && !process.env.RIMS_DATA_DIR) fail('restore --from-s3 needs --data DIR (the new data dir)')
        return (await restoreFromS3({ data, site: values.site, at: values.at })).code
      }
      if (values.site || values.at) fail('--site and --at go with --from-s3')
      if (!positionals[1]) fail('restore needs the backup file: rims restore FILE')
      return restoreCommand({ data, file: positionals[1] })
    case 'health': {
      const port = Number(values.port || process.env.RIMS_PORT || 3000)
      if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, not ${values.port}`)
      return healthCommand({ host: values.host ?? process.env.RIMS_HOST ?? '127.0.0.1', port, httpsPort: Number(values['https-port'] ?? process.env.RIMS_HTTPS_PORT ?? 3443) || 0 })
    }
    case 'group': {
      if (positionals[1] === 'create-manager') {
        if (!values.name || !values.email) fail('group create-manager needs --name and --email')
        return groupCreateManager({ data, name: values.name, email: values.email, passwordStdin: values['password-stdin'] })
      }
      if (positionals[1] !== undefined) fail(`Unknown group command: ${positionals[1]}`)
      const port = Number(values.port ?? 3100)
      if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not ${values.port}`)
      await groupCommand({ port, host: values.host ?? '0.0.0.0', data })
      return -1 // keeps running
    }
    case 'doctor': {
      for (const l of looseModes(data)) console.log(`warn ${l.path} is ${l.mode.toString(8).padStart(4, '0')}, readable by other users; set to ${l.wanted.toString(8).padStart(4, '0')}`)
      const db = openAndMigrate(prepareDataDir(data).dbPath)
      const report = runDoctor(db)
      db.close()
      for (const r of report.results) {
        console.log(`${r.problems.length ? 'FAIL' : 'ok  '} ${r.name}`)
        for (const p of r.problems) console.log(`     ${p}`)
      }
      return report.ok ? 0 : 1
    }
  }
  return 2
}

// Everything RIMS writes (database, WAL, backups, keys) is for the owner only.
process.umask(0o077)
let code: number
try {
  code = await main(process.argv.slice(2))
} catch (e) {
  console.error(startupErrorLine(e, dataDir))
  code = 1
}
if (code >= 0) process.exit(code)
