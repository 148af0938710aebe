// npm start: build the UI when it is missing or older than its sources, then run RIMS with demo data.
import { $ } from 'bun'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildUi } from './build'

const root = join(import.meta.dir, '..')
const built = join(root, 'ui/dist/index.html')
const newestSource = Math.max(...[...new Bun.Glob('{src/**/*,index.html,vite.config.ts}').scanSync({ cwd: join(root, 'ui') })].map((f) => statSync(join(root, 'ui', f)).mtimeMs))
if (!existsSync(built) || statSync(built).mtimeMs < newestSource) {
  console.log('Building the web interface…')
  await buildUi()
}
const port = process.env.RIMS_PORT ?? '3000'
await $`${process.execPath} ${join(root, 'src/main.ts')} serve --demo --port ${port} --data ${process.env.RIMS_DATA_DIR ?? join(root, 'rims-data')}`.cwd(root)
