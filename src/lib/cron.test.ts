import { expect, test } from 'bun:test'
import { scheduleFromSetting } from './cron'

type S = { time_zone: string; backup_cron: string; backup_keep: number }

function fakeSettings(s: S) {
  const listeners: ((s: S, changed: (keyof S)[]) => void)[] = []
  return {
    get: () => s,
    onChange: (l: (s: S, changed: (keyof S)[]) => void) => void listeners.push(l),
    change(next: Partial<S>) {
      s = { ...s, ...next }
      for (const l of listeners) l(s, Object.keys(next) as (keyof S)[])
    },
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5))

test('a schedule is planned after its delay, and re-planned only when its cron or the zone changes', async () => {
  const settings = fakeSettings({ time_zone: 'Africa/Lusaka', backup_cron: '0 3 * * *', backup_keep: 14 })
  const planned: string[] = []
  const job = scheduleFromSetting(settings, 'backup_cron', () => {}, (s) => planned.push(`${s.backup_cron} ${s.time_zone}`), { delayMs: 1 })
  expect(planned).toEqual([])
  await tick()
  expect(planned).toEqual(['0 3 * * * Africa/Lusaka'])
  settings.change({ backup_keep: 5 })
  expect(planned).toHaveLength(1)
  settings.change({ backup_cron: '30 2 * * *' })
  settings.change({ time_zone: 'Europe/Berlin' })
  expect(planned).toEqual(['0 3 * * * Africa/Lusaka', '30 2 * * * Africa/Lusaka', '30 2 * * * Europe/Berlin'])
  job.stop()
  settings.change({ backup_cron: '0 4 * * *' })
  expect(planned).toHaveLength(3)
})

test('a change before the delay plans at once, and the delayed first plan is then not made again', async () => {
  const settings = fakeSettings({ time_zone: 'Africa/Lusaka', backup_cron: '0 3 * * *', backup_keep: 14 })
  const planned: string[] = []
  const job = scheduleFromSetting(settings, 'backup_cron', () => {}, (s) => planned.push(s.backup_cron), { delayMs: 1 })
  settings.change({ backup_cron: '15 1 * * *' })
  await tick()
  expect(planned).toEqual(['15 1 * * *'])
  job.stop()
})

test('stopped before its delay, a schedule is never planned', async () => {
  const settings = fakeSettings({ time_zone: 'Africa/Lusaka', backup_cron: '0 3 * * *', backup_keep: 14 })
  const planned: string[] = []
  scheduleFromSetting(settings, 'backup_cron', () => {}, (s) => planned.push(s.backup_cron), { delayMs: 1 }).stop()
  await tick()
  expect(planned).toEqual([])
})
