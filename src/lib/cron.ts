/** True when Bun's cron parser accepts the expression (the settings check it; the schedules below run it). */
export function isValidCron(expression: string): boolean {
  try {
    Bun.cron.parse(expression, Date.now())
    return true
  } catch {
    return false
  }
}

/** What a schedule needs of the settings (structural, so `lib/` imports no module). */
interface ScheduleSettings<S extends { time_zone: string }> {
  get(): S
  onChange(listener: (s: S, changed: (keyof S)[]) => void): void
}

/**
 * Runs `run` on the cron held in the setting `key`, in the restaurant's zone, and re-plans when that
 * setting or the zone changes. Planned `delayMs` after the call: a cron in a zone loads ICU's zone data,
 * which the start's first answers do not need (a change before then plans at once). `run` handles its
 * own failures (they are logged and retried by their owner); the next run is planned after one ends.
 */
export function scheduleFromSetting<S extends { time_zone: string }>(
  settings: ScheduleSettings<S>,
  key: keyof S & string,
  run: () => unknown,
  announce: (s: S) => void,
  o: { delayMs?: number } = {},
) {
  let job: Bun.CronJob | null = null
  let stopped = false
  const plan = (s: S) => {
    job?.stop()
    if (stopped) return
    job = Bun.cron(String(s[key]), () => run(), { tz: s.time_zone })
    announce(s)
  }
  const first = setTimeout(() => job ?? plan(settings.get()), o.delayMs ?? 0)
  settings.onChange((s, changed) => {
    if (changed.includes(key) || changed.includes('time_zone')) plan(s)
  })
  return {
    stop: () => {
      stopped = true
      clearTimeout(first)
      job?.stop()
    },
  }
}
