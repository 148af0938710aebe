// First step of `npm test`: the browser tests need Debian's Chromium and certutil (libnss3-tools,
// which the HTTPS tests use to trust the local CA). Say what to install before any test runs.
import { existsSync } from 'node:fs'

const INSTALL = 'apt-get install -y chromium libnss3-tools'
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const missing = [!existsSync(chromium) && `Chromium (${chromium})`, !Bun.which('certutil') && 'certutil (libnss3-tools)'].filter(Boolean)

if (missing.length) {
  console.error(`npm test needs ${missing.join(' and ')}. Install with:\n\n  ${INSTALL}\n`)
  process.exit(1)
}
