// npm run check:arm64: builds dist/rims-linux-arm64 (offline, from the npm package of the same Bun),
// checks that it is an AArch64 ELF, and, where qemu-user is installed
// (apt-get install -y qemu-user-static libc6-arm64-cross), that it starts, signs in and serves the UI.
import { $ } from 'bun'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const exe = join(root, 'dist/rims-linux-arm64')
await $`${process.execPath} ${join(root, 'scripts/build.ts')} --arm64`.cwd(root)

// ELF header: magic, 64-bit class (2), e_machine at offset 18 = 0xB7 (AArch64).
const header = readFileSync(exe).subarray(0, 20)
const isAarch64Elf = header.subarray(0, 4).toString('latin1') === '\x7fELF' && header[4] === 2 && header.readUInt16LE(18) === 0xb7
console.log(`${exe}: ${isAarch64Elf ? 'AArch64 ELF' : 'NOT an AArch64 ELF'}`)
if (!isAarch64Elf) process.exit(1)

const qemu = '/usr/bin/qemu-aarch64-static'
if (!existsSync(qemu)) {
  console.log('qemu-aarch64-static is not installed: the start under emulation was not checked.')
  process.exit(0)
}
const port = 3000 + Math.floor(Math.random() * 2000) + 4000
const data = mkdtempSync(join(tmpdir(), 'rims-arm64-'))
const proc = Bun.spawn([qemu, '-L', '/usr/aarch64-linux-gnu', exe, 'serve', '--demo', '--host', '127.0.0.1', '--port', String(port), '--https-port', '0', '--data', data], { stdout: 'ignore', stderr: 'inherit' })
const base = `http://127.0.0.1:${port}`
const started = performance.now()
try {
  for (;;) {
    if (performance.now() - started > 180_000) throw new Error('no answer within 3 minutes')
    try {
      if ((await fetch(base + '/api/health')).ok) break
    } catch {}
    await Bun.sleep(500)
  }
  const login = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: 'rims-demo-2026' }) })
  const page = await (await fetch(base + '/stock')).text()
  const ok = login.ok && page.includes('<div id="root">')
  console.log(`under qemu: first answer after ${((performance.now() - started) / 1000).toFixed(1)} s (emulated, not the Pi's speed); sign-in ${login.status}, UI ${ok ? 'served' : 'missing'}`)
  process.exitCode = ok ? 0 : 1
} finally {
  proc.kill()
}
