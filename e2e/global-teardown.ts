// After the run: the turns directory of e2e/fixtures.ts (named after this runner process, the workers' parent).
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function globalTeardown() {
  rmSync(join(tmpdir(), `rims-e2e-turns-${process.pid}`), { recursive: true, force: true })
}
