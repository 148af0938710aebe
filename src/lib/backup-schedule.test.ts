import { describe, expect, test } from 'bun:test'
import { isValidCron } from './cron'
import { cronToPreset, describePreset, presetToCron, type BackupPreset } from '../contract/backup-schedule'

describe('backup schedule presets', () => {
  test('each preset writes the cron it says, and that cron reads back as the same preset', () => {
    const cases: [BackupPreset, string, string][] = [
      [{ kind: 'daily', time: '03:00' }, '0 3 * * *', 'Every day at 03:00'],
      [{ kind: 'daily', time: '23:45' }, '45 23 * * *', 'Every day at 23:45'],
      [{ kind: 'twice', time: '03:30' }, '30 3,15 * * *', 'Twice a day, at 03:30 and 15:30'],
      // 15:30 and 03:30 are the same two times.
      [{ kind: 'twice', time: '15:30' }, '30 3,15 * * *', 'Twice a day, at 03:30 and 15:30'],
      [{ kind: 'weekly', day: 0, time: '02:15' }, '15 2 * * 0', 'Every Sunday at 02:15'],
      [{ kind: 'weekly', day: 6, time: '22:00' }, '0 22 * * 6', 'Every Saturday at 22:00'],
    ]
    for (const [preset, cron, words] of cases) {
      expect(presetToCron(preset)).toBe(cron)
      expect(isValidCron(cron)).toBe(true)
      expect(describePreset(preset)).toBe(words)
      const back = cronToPreset(cron)
      expect(presetToCron(back)).toBe(cron)
      expect(back.kind).toBe(preset.kind)
    }
    expect(cronToPreset('0 3 * * *')).toEqual({ kind: 'daily', time: '03:00' })
    expect(cronToPreset('  30   3,15 * * * ')).toEqual({ kind: 'twice', time: '03:30' })
    expect(cronToPreset('0 4 * * 7')).toEqual({ kind: 'weekly', day: 0, time: '04:00' })
  })

  test('a cron no preset says stays raw (Advanced), and a bad time writes nothing', () => {
    for (const cron of ['*/30 * * * *', '0 3 1 * *', '0 3,9 * * *', '0 3 * * 1-5', '0 25 * * *', '61 3 * * *']) expect(cronToPreset(cron)).toEqual({ kind: 'cron', cron })
    expect(presetToCron({ kind: 'daily', time: '24:00' })).toBeNull()
    expect(presetToCron({ kind: 'daily', time: '3:00' })).toBeNull()
    expect(presetToCron({ kind: 'weekly', day: 7, time: '03:00' })).toBeNull()
    expect(presetToCron({ kind: 'cron', cron: ' 0  3 * * * ' })).toBe('0 3 * * *')
  })
})
