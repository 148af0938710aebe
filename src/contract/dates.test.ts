import { expect, test } from 'bun:test'
import { addDays, localDate, startOfLocalDay, zonedInstant } from './dates'

// Zones whose clocks change at midnight (the day starts at 01:00, or midnight happens twice), at other hours, by
// half an hour, and none at all.
const ZONES = ['Africa/Lusaka', 'Europe/London', 'Europe/Berlin', 'America/Los_Angeles', 'America/St_Johns', 'America/Santiago', 'America/Havana',
  'America/Asuncion', 'America/Sao_Paulo', 'Asia/Beirut', 'Asia/Gaza', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Apia']

test('a day starts at its first instant in every zone, every day of ten years: the instant before is the day before', () => {
  const wrong: string[] = []
  for (const zone of ZONES) {
    for (let day = '2016-01-01'; day < '2026-01-01'; day = addDays(day, 1)) {
      const start = startOfLocalDay(day, zone).getTime()
      if (localDate(new Date(start), zone) !== day || localDate(new Date(start - 1), zone) !== addDays(day, -1)) wrong.push(`${zone} ${day} ${new Date(start).toISOString()}`)
    }
  }
  expect(wrong).toEqual([])
})

test('where the clocks jump at midnight the day starts when they land; where midnight comes twice, at the first', () => {
  // Santiago 2024-09-08: 00:00 −04 became 01:00 −03, at 04:00Z.
  expect(startOfLocalDay('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z')
  // Beirut 2024-03-31: 00:00 +02 became 01:00 +03, at 22:00Z the day before.
  expect(startOfLocalDay('2024-03-31', 'Asia/Beirut').toISOString()).toBe('2024-03-30T22:00:00.000Z')
  // Gaza 2020-10-24: 01:00 +03 went back to 00:00 +02; the day's first midnight is 21:00Z.
  expect(startOfLocalDay('2020-10-24', 'Asia/Gaza').toISOString()).toBe('2020-10-23T21:00:00.000Z')
  expect(startOfLocalDay('2026-11-27', 'Africa/Lusaka').toISOString()).toBe('2026-11-26T22:00:00.000Z')
})

test('a wall-clock time in a zone: the first of a repeated hour; a skipped one read with the offset before the jump', () => {
  expect(zonedInstant('2026-07-01', '12:30:15', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T19:30:15.000Z')
  // 01:30 happened twice in Los Angeles on 2025-11-02 (−07, then −08).
  expect(zonedInstant('2025-11-02', '01:30', 'America/Los_Angeles').toISOString()).toBe('2025-11-02T08:30:00.000Z')
  // 02:30 never happened on 2025-03-09 (02:00 −08 became 03:00 −07): read at −08, it is 03:30 −07.
  expect(zonedInstant('2025-03-09', '02:30', 'America/Los_Angeles').toISOString()).toBe('2025-03-09T10:30:00.000Z')
  // Lord Howe moves by half an hour (02:00 +10:30 became 02:30 +11): 02:15 read at +10:30.
  expect(zonedInstant('2025-10-05', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2025-10-04T15:45:00.000Z')
})
