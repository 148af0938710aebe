// npm run dev: the API with --watch on :3000 and Vite's dev server on :5173 (proxying /api).
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const api = Bun.spawn([process.execPath, '--watch', 'src/main.ts', 'serve', '--demo', '--port', '3000', '--data', 'rims-data'], { cwd: root, stdio: ['inherit', 'inherit', 'inherit'] })
const ui = Bun.spawn([join(root, 'node_modules/.bin/vite'), 'ui'], { cwd: root, stdio: ['inherit', 'inherit', 'inherit'] })
console.log('API on http://localhost:3000, UI with hot reload on http://localhost:5173')
const stop = () => (api.kill(), ui.kill(), process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await Promise.all([api.exited, ui.exited])
