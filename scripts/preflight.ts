// First step of `npm test`: the browser tests need Debian's Chromium and certutil (libnss3-tools, which the
// HTTPS tests use to trust the local CA). When either is missing and this runs as root on a system with
// apt-get (a fresh container, CI), it installs them, as `playwright install --with-deps` would; otherwise it
// names the one command to run and stops before any test does.
import { existsSync } from 'node:fs'

export const PACKAGES = { chromium: 'chromium', certutil: 'libnss3-tools' } as const
export const DEBIAN_CHROMIUM = '/usr/bin/chromium'

export interface Box {
  /** The Chromium the tests launch (CHROMIUM_PATH, else Debian's). */
  chromiumPath: string
  hasChromium: () => boolean
  hasCertutil: () => boolean
  isRoot: boolean
  hasAptGet: boolean
  /** Runs a command with its output shown as it comes, no standard input; resolves to its exit code. */
  run: (cmd: string[], env: Record<string, string>) => Promise<number>
  log: (line: string) => void
}

/** What is missing, as the Debian packages that provide it (a Chromium elsewhere than Debian's is not apt's to fix). */
export function missingPackages(box: Pick<Box, 'chromiumPath' | 'hasChromium' | 'hasCertutil'>) {
  const missing: { what: string; pkg: string | null }[] = []
  if (!box.hasChromium()) missing.push({ what: `Chromium (${box.chromiumPath})`, pkg: box.chromiumPath === DEBIAN_CHROMIUM ? PACKAGES.chromium : null })
  if (!box.hasCertutil()) missing.push({ what: 'certutil (libnss3-tools)', pkg: PACKAGES.certutil })
  return missing
}

/** The one command a person runs to install `pkgs` (through sudo unless already root). */
export const installCommand = (pkgs: string[], isRoot: boolean) => `${isRoot ? '' : 'sudo '}apt-get install -y ${pkgs.join(' ')}`

/** Checks, installs what it may, checks again. Resolves to the exit code: 0 when the tests can run. */
export async function preflight(box: Box): Promise<number> {
  const missing = missingPackages(box)
  if (missing.length === 0) return 0
  const pkgs = [...new Set(Object.values(PACKAGES).filter((p) => missing.some((m) => m.pkg === p)))]
  const tell = (still: typeof missing) => {
    const what = still.map((m) => m.what).join(' and ')
    const own = still.find((m) => m.pkg === null)
    const fix = own ? `Install Chromium there, or unset CHROMIUM_PATH to use Debian's (${installCommand([PACKAGES.chromium, PACKAGES.certutil], box.isRoot)})` : `Install with:\n\n  ${installCommand(pkgs, box.isRoot)}\n`
    box.log(`npm test needs ${what}. ${fix}`)
    return 1
  }
  if (!box.isRoot || !box.hasAptGet || missing.some((m) => m.pkg === null)) return tell(missing)

  box.log(`npm test needs ${missing.map((m) => m.what).join(' and ')}: installing ${pkgs.join(' ')} with apt-get (running as root).`)
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const steps = [
    ['apt-get', 'update'],
    // With recommends, as the landed CI installed it: Chromium's fonts (fonts-liberation) are a recommendation.
    ['apt-get', 'install', '-y', ...pkgs],
  ]
  for (const cmd of steps) {
    const code = await box.run(cmd, env)
    if (code !== 0) {
      box.log(`\`${cmd.join(' ')}\` failed (exit ${code}).`)
      return tell(missing)
    }
  }
  const still = missingPackages(box)
  return still.length ? tell(still) : 0
}

if (import.meta.main) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM
  const code = await preflight({
    chromiumPath,
    hasChromium: () => existsSync(chromiumPath),
    hasCertutil: () => Bun.which('certutil') !== null,
    isRoot: process.getuid?.() === 0,
    hasAptGet: Bun.which('apt-get') !== null,
    run: (cmd, env) => Bun.spawn(cmd, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } }).exited,
    log: (line) => console.error(line),
  })
  if (code !== 0) process.exit(code)
}
