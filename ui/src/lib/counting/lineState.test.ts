import { describe, expect, test } from 'bun:test'
import type { CountLine } from '../../../../src/contract/counts'
import { entryFrom, initialView, type LocalDraft } from './lineState'

const line = (counted: number | null, counted_at: string | null): CountLine =>
  ({ area_id: 1, item_id: 2, packs: [], counted, counted_at }) as unknown as CountLine
const draft = (text: string, at: string, entry: string | null): LocalDraft => ({ draft: { counted: text, packs: {}, loose: '' }, hundredths: text ? Math.round(Number(text) * 100) : null, at, entry })
const none = new Set<string>()
const noRefusals = new Map<string, string>()

describe('a line on load (issue 33: the phone’s draft and the box’s figure)', () => {
  test('an entry still in the outbox: the draft, on this phone', () => {
    const v = initialView(line(null, null), draft('4', '2026-11-27T09:00:00.000Z', 'e1'), new Set(['e1']), noRefusals)
    expect(v).toEqual({ view: { draft: { counted: '4', packs: {}, loose: '' }, state: 'queued', error: null, saved: 400 }, unsent: false })
  })
  test('a refused entry: the draft with the box’s reason', () => {
    const v = initialView(line(null, null), draft('4', '2026-11-27T09:00:00.000Z', 'e1'), none, new Map([['e1', 'This count is SUBMITTED']]))
    expect(v.view).toMatchObject({ state: 'failed', error: 'This count is SUBMITTED' })
  })
  test('the box holds the same figure: the draft as typed, saved', () => {
    expect(initialView(line(4, '2026-11-27T09:00:00.000Z'), draft('4.00', '2026-11-27T09:00:00.000Z', 'e1'), none, noRefusals).view).toMatchObject({ state: 'saved', saved: 400, draft: { counted: '4.00' } })
  })
  test('typed after the line’s latest entry and never saved: saved now; sent already (an older stored sheet): shown as saved', () => {
    expect(initialView(line(3, '2026-11-27T08:00:00.000Z'), draft('5', '2026-11-27T09:00:00.000Z', null), none, noRefusals).unsent).toBe(true)
    expect(initialView(line(3, '2026-11-27T08:00:00.000Z'), draft('5', '2026-11-27T09:00:00.000Z', 'e1'), none, noRefusals)).toMatchObject({ view: { state: 'saved', saved: 500 }, unsent: false })
  })
  test('someone counted after this phone: the box’s figure', () => {
    expect(initialView(line(7, '2026-11-27T10:00:00.000Z'), draft('5', '2026-11-27T09:00:00.000Z', 'e1'), none, noRefusals)).toMatchObject({ view: { state: 'saved', saved: 700, draft: { counted: '7' } }, unsent: false })
  })
})

test('a save becomes an entry: a plain figure as loose, packs as typed, a cleared line cleared', () => {
  const at = '2026-11-27T09:00:00.000Z'
  expect(entryFrom({ counted: 2.5 }, { area_id: 1, item_id: 2 }, at)).toMatchObject({ area_id: 1, item_id: 2, loose: 2.5, counted_at: at })
  expect(entryFrom({ packs: [{ pack_id: 9, quantity: 2 }], loose: 0.5 }, { area_id: 1, item_id: 2 }, at)).toMatchObject({ packs: [{ pack_id: 9, quantity: 2 }], loose: 0.5 })
  // A cleared line is an entry too: this counter has no figure for it now (no packs, no loose).
  const cleared = entryFrom({ counted: null }, { area_id: 1, item_id: 2 }, at)
  expect(cleared).toMatchObject({ area_id: 1, item_id: 2, cleared: true, counted_at: at })
  expect(cleared).not.toHaveProperty('loose')
  expect(entryFrom({ counted: 1 }, { area_id: 1, item_id: 2 }, at).id).toMatch(/^[0-9a-f-]{36}$/)
  // Issue 35 through issue 33's queue: a bottle line's open bottles go with its entry (the merge once dropped them).
  expect(entryFrom({ packs: [], loose: 3, open_weights_g: [612, 845] }, { area_id: 1, item_id: 2 }, at)).toMatchObject({ loose: 3, open_weights_g: [612, 845] })
  expect(entryFrom({ packs: [], loose: 0, open_tenths: [3, 7] }, { area_id: 1, item_id: 2 }, at)).toMatchObject({ open_tenths: [3, 7] })
  expect(entryFrom({ packs: [], loose: 1 }, { area_id: 1, item_id: 2 }, at)).not.toHaveProperty('open_weights_g')
})
