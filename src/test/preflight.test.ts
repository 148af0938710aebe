// scripts/preflight.ts, the first step of `npm test`: when it installs Chromium and certutil itself and when
// it names the command instead. The runner is injected: no apt-get runs here.
import { describe, expect, test } from 'bun:test'
import { preflight, type Box } from '../../scripts/preflight'

function box(over: Partial<Box> & { chromium?: boolean; certutil?: boolean; installs?: boolean; exit?: Record<string, number> } = {}) {
  const state = { chromium: over.chromium ?? true, certutil: over.certutil ?? true }
  const ran: { cmd: string[]; env: Record<string, string> }[] = []
  const lines: string[] = []
  const b: Box = {
    chromiumPath: '/usr/bin/chromium',
    hasChromium: () => state.chromium,
    hasCertutil: () => state.certutil,
    isRoot: true,
    hasAptGet: true,
    run: async (cmd, env) => {
      ran.push({ cmd, env })
      const code = over.exit?.[cmd[1]!] ?? 0
      if (code === 0 && cmd[1] === 'install' && over.installs !== false) {
        if (cmd.includes('chromium')) state.chromium = true
        if (cmd.includes('libnss3-tools')) state.certutil = true
      }
      return code
    },
    log: (line) => lines.push(line),
    ...over,
  }
  return { b, ran, lines, state }
}

describe('preflight', () => {
  test('all there: nothing runs, exit 0', async () => {
    const { b, ran, lines } = box()
    expect(await preflight(b)).toBe(0)
    expect(ran).toEqual([])
    expect(lines).toEqual([])
  })

  test('root with apt-get and both missing: update, then one non-interactive install of both, then checked again', async () => {
    const { b, ran } = box({ chromium: false, certutil: false })
    expect(await preflight(b)).toBe(0)
    expect(ran.map((r) => r.cmd)).toEqual([
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', 'chromium', 'libnss3-tools'],
    ])
    for (const r of ran) expect(r.env).toEqual({ DEBIAN_FRONTEND: 'noninteractive' })
  })

  test('only certutil missing: only libnss3-tools is installed', async () => {
    const { b, ran } = box({ certutil: false })
    expect(await preflight(b)).toBe(0)
    expect(ran.at(-1)!.cmd).toEqual(['apt-get', 'install', '-y', 'libnss3-tools'])
  })

  test('not root: nothing runs; the one command, through sudo, and exit 1', async () => {
    const { b, ran, lines } = box({ chromium: false, certutil: false, isRoot: false })
    expect(await preflight(b)).toBe(1)
    expect(ran).toEqual([])
    expect(lines.join('\n')).toContain('sudo apt-get install -y chromium libnss3-tools')
  })

  test('root without apt-get: nothing runs; the command is named, exit 1', async () => {
    const { b, ran, lines } = box({ chromium: false, hasAptGet: false })
    expect(await preflight(b)).toBe(1)
    expect(ran).toEqual([])
    expect(lines.join('\n')).toContain('apt-get install -y chromium')
    expect(lines.join('\n')).not.toContain('sudo')
  })

  test('a failed apt-get stops there and names the command, exit 1', async () => {
    const { b, ran, lines } = box({ certutil: false, exit: { update: 100 } })
    expect(await preflight(b)).toBe(1)
    expect(ran.map((r) => r.cmd[1])).toEqual(['update'])
    expect(lines.join('\n')).toContain('`apt-get update` failed (exit 100)')
    expect(lines.join('\n')).toContain('apt-get install -y libnss3-tools')
  })

  test('an install that succeeds but leaves it missing is caught by the second check, exit 1', async () => {
    const { b, lines } = box({ chromium: false, installs: false })
    expect(await preflight(b)).toBe(1)
    expect(lines.at(-1)).toContain('npm test needs Chromium (/usr/bin/chromium)')
  })

  test("a CHROMIUM_PATH of one's own that is missing is not apt's to fix: nothing runs, exit 1", async () => {
    const { b, ran, lines } = box({ chromium: false, chromiumPath: '/opt/chrome/chrome' })
    expect(await preflight(b)).toBe(1)
    expect(ran).toEqual([])
    expect(lines.join('\n')).toContain('/opt/chrome/chrome')
  })
})
