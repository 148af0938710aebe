// The yardstick of DECISIONS "Absolute times in issues": a compiled Elysia + bun:sqlite hello. scripts/bench/lean.ts
// compiles it (`bun build --compile --minify`, as dist/rims is built) into .bench/hello and times its start beside RIMS's.
//   .bench/hello <port>   → GET / answers {"hello":"world","sqlite":"3.x"} from an in-memory database
import { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'

const port = Number(process.argv[2] ?? 3000)
const db = new Database(':memory:', { strict: true })
const version = db.query('SELECT sqlite_version() AS v')
new Elysia().get('/', () => ({ hello: 'world', sqlite: (version.get() as { v: string }).v })).listen({ port, hostname: '127.0.0.1' })
