import { expect, test } from 'bun:test'
import { bodyFrom, draftFrom } from '../../ui/src/lib/counting/lineState'
import { fullAndOpen } from '../../ui/src/lib/counting/openBottles'

// Issue 35 on the count sheet: the open-bottle fields → the line's body and total, and back from what the server holds.

const bottle = { bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'density_g_ml' as const }
const line = { area_id: 1, item_id: 2, item_name: 'Gin', unit: 'L', bottle, packs: [{ id: 7, name: 'bottle', size: 0.7 }, { id: 8, name: 'case', size: 8.4 }] }

test('one case and three weighed bottles: the body carries the weights; the total adds their volume rounded once', () => {
  const r = bodyFrom({ counted: '', packs: { 8: '1' }, loose: '', open: { weights: ['832.5', '612', '845', ''], tenths: [] } }, line)
  expect(r).toEqual({ ok: true, body: { packs: [{ pack_id: 8, quantity: 1 }], loose: 0, open_weights_g: [832.5, 612, 845], open_tenths: [] }, hundredths: 923 })
  expect(fullAndOpen(840, 831.05, line)).toBe('12 full + 831.05 ml open')
  expect(fullAndOpen(0, 1470, line)).toBe('1.47 L open')
  expect(fullAndOpen(210, 1470, line)).toBe('3 full + 1.47 L open')
  // Over the full bottle: refused where it is typed, naming both limits.
  expect(bodyFrom({ counted: '', packs: {}, loose: '', open: { weights: ['1200'], tenths: [] } }, line)).toEqual({ ok: false, message: "open_weights_g: 1200 g is outside this bottle's weights: empty 500 g, full 1165 g" })
  // Tenths by eye, on an item without packs: the plain figure goes as loose.
  const plain = { ...line, packs: [] }
  expect(bodyFrom({ counted: '2', packs: {}, loose: '', open: { weights: [], tenths: ['3', '7'] } }, plain)).toEqual({ ok: true, body: { packs: [], loose: 2, open_weights_g: [], open_tenths: [3, 7] }, hundredths: 270 })
})

test("a saved line shows its weights again, and its full part in the pack fields", () => {
  const draft = draftFrom({ ...line, counted: 9.23, open: { weights_g: [832.5, 612, 845], tenths: [], ml: 831.05 } })
  expect(draft).toEqual({ counted: '', packs: { 8: '1', 7: '0' }, loose: '0', open: { weights: ['832.5', '612', '845'], tenths: [] } })
})
