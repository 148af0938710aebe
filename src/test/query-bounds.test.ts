import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ACCESS } from '../contract/access'
import { MANAGER } from '../contract/roles'
import { makeTestEnv, type TestEnv } from './harness'

// page, limit and every date parameter are bounded: out of range is a 400 naming the field, never a 500.

let env: TestEnv
let token: string
beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf(MANAGER)).token
}, 60_000)
afterAll(() => env.close())

const getRoutes = Object.keys(ACCESS)
  .filter((key) => key.startsWith('GET /api/'))
  .map((key) => key.slice(4).replace(/:[a-z_]+/gi, '1'))

const get = (path: string) => env.call('GET', path, { token })
const DATE_FIELDS = ['startDate', 'endDate', 'start_date', 'end_date']

test('page and limit out of range are a 400 naming the field on every paged list', async () => {
  const paged: string[] = []
  const wrong: string[] = []
  for (const path of getRoutes) {
    const ok = await get(`${path}?page=1&limit=10`)
    if (ok.status !== 200 || ok.body?.meta?.page === undefined) continue
    paged.push(path)
    for (const [field, value] of [['page', '1e300'], ['page', '-1'], ['page', '0'], ['page', '1000001'], ['page', '1.5'], ['limit', '1e9'], ['limit', '0'], ['limit', '501']]) {
      const res = await get(`${path}?${field}=${value}`)
      if (res.status !== 400 || !String(res.body?.message).includes(field)) wrong.push(`${path}?${field}=${value}: ${res.status} ${res.body?.message}`)
    }
    const last = await get(`${path}?page=1000000`)
    if (last.status !== 200) wrong.push(`${path}?page=1000000: ${last.status} ${last.body?.message}`)
  }
  expect(paged.length).toBeGreaterThan(20)
  expect(wrong).toEqual([])
}, 60_000)

test('a date outside 2000-01-01..2100-12-31 or not on the calendar is a 400 naming the field on every route that reads dates', async () => {
  const dated: string[] = []
  const wrong: string[] = []
  for (const path of getRoutes) {
    for (const field of DATE_FIELDS) {
      // A route reads the field when a non-date there is refused by name.
      const probe = await get(`${path}?${field}=not-a-date`)
      if (probe.status !== 400 || !String(probe.body?.message).includes(field)) continue
      dated.push(`${path} ${field}`)
      for (const value of ['0001-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '2025-02-30', '2025-13-01']) {
        const res = await get(`${path}?${field}=${value}`)
        if (res.status !== 400 || !String(res.body?.message).includes(field)) wrong.push(`${path}?${field}=${value}: ${res.status} ${res.body?.message}`)
      }
      for (const value of ['2000-01-01', '2100-12-31']) {
        const other = field.startsWith('start') ? field.replace('start', 'end').replace('Start', 'End') : field.replace('end', 'start').replace('End', 'Start')
        const pair = field.startsWith('start') ? `${field}=${value}&${other}=2100-12-31` : `${other}=2000-01-01&${field}=${value}`
        const res = await get(`${path}?${pair}`)
        if (res.status >= 500) wrong.push(`${path}?${pair}: ${res.status} ${res.body?.message}`)
      }
    }
  }
  expect(dated.length).toBeGreaterThan(5)
  expect(wrong).toEqual([])
}, 60_000)

test('no GET route answers 500 to huge pages, limits or far dates', async () => {
  const wrong: string[] = []
  for (const path of getRoutes) {
    for (const query of ['page=1e300', 'page=-1', 'limit=1e9', ...DATE_FIELDS.flatMap((f) => [`${f}=0001-01-01`, `${f}=9999-12-31`])]) {
      const res = await get(`${path}?${query}`)
      if (res.status >= 500) wrong.push(`${path}?${query}: ${res.status}`)
    }
  }
  expect(wrong).toEqual([])
}, 60_000)
